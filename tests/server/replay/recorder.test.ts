import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createMarket } from "../../../server/market/sim/market.js";
import { Recorder } from "../../../server/replay/recorder.js";
import zlib from "node:zlib";
import { enforceTapeCap, frameEvents, frameTicks, listTapes, openTapeFrames, payloadRows, readTapeIndex, tapePath, TAPE_MAGIC, FRAME_EVENTS, FRAME_TICKS } from "../../../server/replay/tapeFile.js";
import v2 from "../../unit/core/replay/fixtures/tapeV2.json";
import { TapeChain, tickOfRow } from "../../../src/core/replay/tapeCodec.js";
import { exchangeIndex } from "../../../src/core/types/exchange.js";
import { manualClock, masterAt, OPEN } from "../market/fixtures.js";

const dirs: string[] = [];
const tmp = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), "tape-rec-"));
  dirs.push(d);
  return d;
};
afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

describe("the flight recorder (issue 35)", () => {
  it("keeps every tick of two minutes at 2 Hz with its ten depth levels, OI and circuits, in 10-second blocks", () => {
    const clock = manualClock(OPEN);
    const market = createMarket({ master: masterAt(OPEN), clock, seed: 7, tickHz: 0 });
    const dir = tmp();
    const recorder = new Recorder(market, { dir, maxBytes: 1e9, flushMs: 10_000, wallFlushMs: 0, depthEveryMs: 0 });
    const infy = market.bySymbol("NSEEQ", "INFY-EQ")!;
    const future = market.instruments().find((i) => i.insType === "FUTIDX" && i.symbol === "NIFTY")!;
    const seen: Array<[number, number]> = [];
    const futureOi: number[] = [];
    market.onChange((q, inst) => {
      if (inst === infy) seen.push([q.updatedAt.getTime(), Math.round(q.ltp * 100)]);
      if (inst === future) futureOi.push(q.openInterest);
    });
    // Watched after the listener: its first pricing (at 0 s) is a change both see.
    const release = market.watch(future.exchange, future.token);
    for (let i = 0; i < 240; i++) {
      clock.advance(500);
      market.step();
    }
    recorder.event(clock.now().getTime(), "DEMO1", { orderNo: "1", status: "complete" });
    recorder.close();
    release();

    const tape = readTapeIndex(tapePath(dir, "2026-11-23"))!;
    const tickFrames = tape.frames.filter((f) => f.kind === FRAME_TICKS);
    // Ticks from 0 s (the watched future's first pricing) to 120 s; a block spans under 10 s, so blocks open at 0, 10, ..., 120 s: 13.
    expect(tickFrames.length).toBe(13);
    // Packed with Brotli (packing 1 in each frame's head).
    expect(new Set(tape.frames.map((f) => f.packing))).toEqual(new Set([1]));
    const chain = new TapeChain();
    const all = tickFrames.flatMap((f) => frameTicks(tape.buffer, f, chain));
    const infyTicks = all.filter((t) => t.exchange === exchangeIndex("NSEEQ") && t.token === infy.token);
    expect(infyTicks.map((t) => [t.time, t.ltp])).toEqual(seen);
    expect(seen.length).toBeGreaterThan(100); // INFY trades on 70 % of steps: about 168 of 240
    const last = infyTicks.at(-1)!;
    const q = market.quote("NSEEQ", infy.token)!;
    expect(last.bids.filter((l) => l.quantity > 0).length + last.asks.filter((l) => l.quantity > 0).length).toBe(10);
    expect(last.bids[0]!.price).toBe(Math.round(q.bids[0]!.price * 100));
    expect([last.upperCircuit, last.lowerCircuit]).toEqual([Math.round(q.upperCircuit * 100), Math.round(q.lowerCircuit * 100)]);
    const futureTicks = all.filter((t) => t.token === future.token && t.exchange === exchangeIndex(future.exchange));
    expect(futureTicks.map((t) => t.openInterest)).toEqual(futureOi);
    const events = tape.frames.filter((f) => f.kind === FRAME_EVENTS).flatMap((f) => frameEvents(tape.buffer, f));
    expect(events).toEqual([{ at: clock.now().getTime(), clientCode: "DEMO1", update: { orderNo: "1", status: "complete" } }]);
  }, 240_000);

  it("looks at an instrument's depth at most once a second; a tick in between carries the depth last recorded", () => {
    const clock = manualClock(OPEN);
    const market = createMarket({ master: masterAt(OPEN), clock, seed: 7, tickHz: 0 });
    const dir = tmp();
    const recorder = new Recorder(market, { dir, maxBytes: 1e9, wallFlushMs: 0 });
    const infy = market.bySymbol("NSEEQ", "INFY-EQ")!;
    // The market's depth at each of INFY's changes (the change view is read at once, so copied).
    const book = new Map<number, string>();
    const depthOf = (bids: ReadonlyArray<{ price: number; quantity: number; orders: number }>, d: number) => JSON.stringify(bids.map((l) => [Math.round(l.price * d), l.quantity, l.orders]));
    market.onChange((q, inst) => {
      if (inst === infy) book.set(q.updatedAt.getTime(), depthOf(q.bids, 100) + depthOf(q.asks, 100));
    });
    for (let i = 0; i < 60; i++) {
      clock.advance(500);
      market.step();
    }
    recorder.close();
    const tape = readTapeIndex(tapePath(dir, "2026-11-23"))!;
    const chain = new TapeChain();
    const ticks = tape.frames.filter((f) => f.kind === FRAME_TICKS).flatMap((f) => frameTicks(tape.buffer, f, chain)).filter((t) => t.exchange === exchangeIndex("NSEEQ") && t.token === infy.token);
    expect(ticks.length).toBeGreaterThan(30); // INFY trades on 70 % of 60 steps
    const taped = (t: (typeof ticks)[number]) => depthOf(t.bids.filter((l) => l.quantity > 0), 1) + depthOf(t.asks.filter((l) => l.quantity > 0), 1);
    // The ladder: the levels relative to the last price.
    const ladder = (t: (typeof ticks)[number]) => JSON.stringify([...t.bids, ...t.asks].filter((l) => l.quantity > 0).map((l) => [l.price - t.ltp, l.quantity, l.orders]));
    // The rule: a second after the depth was last looked at, the tape holds the market's depth (and
    // it is looked at then, whether it moved or not); within the second, a tick carries the previous
    // tick's ladder, where it stood relative to the last price.
    let recordedAt = -Infinity;
    let prev: (typeof ticks)[number] | undefined;
    let changes = 0;
    for (const t of ticks) {
      if (t.time - recordedAt >= 1000) {
        expect(taped(t)).toBe(book.get(t.time));
        recordedAt = t.time;
        if (!prev || taped(t) !== taped(prev)) changes++;
      } else expect(ladder(t)).toBe(ladder(prev!)); // within the second: the ladder last recorded
      prev = t;
    }
    // The market's book moved on most of INFY's ticks; the tape's at most once a second (30 s: at most 31 times).
    expect(changes).toBeLessThanOrEqual(31);
    expect(new Set(book.values()).size).toBeGreaterThan(31);
  }, 120_000);

  it("a new chain looks at every depth anew: what the recorder keeps by the market's slot (each instrument's reference in the chain) starts again with it", () => {
    const clock = manualClock(OPEN);
    const market = createMarket({ master: masterAt(OPEN), clock, seed: 7, tickHz: 0 });
    const dir = tmp();
    // Blocks of 2 s, chains of 4 s: 30 s make eight chains, each starting with no references.
    const recorder = new Recorder(market, { dir, maxBytes: 1e9, wallFlushMs: 0, flushMs: 2_000, chainMs: 4_000 });
    // Followed: two shares nobody watches (reported by the market's reused view) and a future watched after the first step (by its quote).
    const followed = [market.bySymbol("NSEEQ", "INFY-EQ")!, market.bySymbol("NSEEQ", "TCS-EQ")!, market.instruments().find((i) => i.insType === "FUTIDX" && i.symbol === "NIFTY")!];
    const depthOf = (bids: ReadonlyArray<{ price: number; quantity: number; orders: number }>, d: number) => JSON.stringify(bids.filter((l) => l.quantity > 0).map((l) => [Math.round(l.price * d), l.quantity, l.orders]));
    const book = new Map<string, string>();
    market.onChange((q, inst) => {
      if (followed.includes(inst)) book.set(`${inst.token}@${q.updatedAt.getTime()}`, depthOf(q.bids, 100) + depthOf(q.asks, 100));
    });
    const start = Date.parse(OPEN) + 500; // the first step: the first block and chain
    let release = () => {};
    for (let i = 0; i < 60; i++) {
      clock.advance(500);
      market.step();
      if (i === 0) release = market.watch(followed[2]!.exchange, followed[2]!.token);
    }
    recorder.close();
    release();
    const tape = readTapeIndex(tapePath(dir, "2026-11-23"))!;
    const chain = new TapeChain();
    const all = tape.frames.filter((f) => f.kind === FRAME_TICKS).flatMap((f) => frameTicks(tape.buffer, f, chain));
    for (const inst of followed) {
      const ticks = all.filter((t) => t.exchange === exchangeIndex(inst.exchange) && t.token === inst.token);
      expect(ticks.length).toBeGreaterThan(20);
      const taped = (t: (typeof ticks)[number]) => depthOf(t.bids, 1) + depthOf(t.asks, 1);
      const ladder = (t: (typeof ticks)[number]) => JSON.stringify([...t.bids, ...t.asks].filter((l) => l.quantity > 0).map((l) => [l.price - t.ltp, l.quantity, l.orders]));
      // The rule: an instrument's first tick in a chain, and a tick a second or more after its depth
      // was last looked at, hold the market's depth then; any other carries the ladder before it.
      let recordedAt = -Infinity;
      let prev: (typeof ticks)[number] | undefined;
      let looks = 0;
      for (const t of ticks) {
        const newChain = prev === undefined || Math.floor((t.time - start) / 4_000) !== Math.floor((prev.time - start) / 4_000);
        if (newChain || t.time - recordedAt >= 1000) {
          expect(taped(t)).toBe(book.get(`${inst.token}@${t.time}`));
          recordedAt = t.time;
          looks++;
        } else expect(ladder(t)).toBe(ladder(prev!));
        prev = t;
      }
      expect(looks).toBeGreaterThan(8);
    }
  }, 120_000);

  it("a frame cut short by a crash ends the tape; the frames before it stay readable", () => {
    const clock = manualClock(OPEN);
    const market = createMarket({ master: masterAt(OPEN), clock, seed: 7, tickHz: 0 });
    const dir = tmp();
    const recorder = new Recorder(market, { dir, maxBytes: 1e9, flushMs: 1_000, wallFlushMs: 0 });
    for (let i = 0; i < 8; i++) {
      clock.advance(500);
      market.step();
    }
    recorder.close();
    const file = tapePath(dir, "2026-11-23");
    const whole = readTapeIndex(file)!.frames;
    expect(whole.length).toBe(4);
    fs.truncateSync(file, fs.statSync(file).size - 5);
    expect(readTapeIndex(file)!.frames).toEqual(whole.slice(0, 3));
  }, 120_000);

  it("reads a tape written before Brotli and version 3: frames packed with raw deflate (packing 0 in the head) holding version-2 blocks", () => {
    // The file as the earlier recorder wrote it, by hand: the magic, then per frame a 24-byte head (kind, packing 0, 2 reserved, length, first and last time) and a raw-deflate payload.
    const file = path.join(tmp(), "2026-11-20.tape");
    const frames = v2.blocks.map((b64, i) => {
      const body = zlib.deflateRawSync(Buffer.from(b64, "base64"));
      const head = Buffer.alloc(24);
      head.writeUInt8(FRAME_TICKS, 0);
      head.writeUInt32LE(body.length, 4);
      head.writeDoubleLE(v2.ticks[i * 20]!.time, 8);
      head.writeDoubleLE(v2.ticks[i * 20 + 19]!.time, 16);
      return Buffer.concat([head, body]);
    });
    fs.writeFileSync(file, Buffer.concat([TAPE_MAGIC, ...frames]));
    const tape = readTapeIndex(file)!;
    const chain = new TapeChain();
    expect(tape.frames.map((f) => f.packing)).toEqual([0, 0]);
    expect(tape.frames.flatMap((f) => frameTicks(tape.buffer, f, chain))).toEqual(v2.ticks);
    // The replay's way in: frame by frame from the file, as rows.
    const opened = openTapeFrames(file)!;
    const rowsChain = new TapeChain();
    const rows = opened.frames.flatMap((f) => {
      const r = payloadRows(f, opened.read(f), rowsChain);
      const ticks = [];
      while (r.peek()) ticks.push(tickOfRow(r.take(), 0));
      return ticks;
    });
    opened.close();
    expect(rows).toEqual(v2.ticks);
  });

  it("keeps the tapes under the cap by deleting the oldest dates first, never the day being written", () => {
    const dir = tmp();
    for (const [date, size] of [["2026-11-18", 400], ["2026-11-19", 300], ["2026-11-20", 200], ["2026-11-23", 500]] as const) fs.writeFileSync(path.join(dir, `${date}.tape`), Buffer.alloc(size));
    // 1,400 bytes against a cap of 800: the 18th (400) and the 19th (300) go, leaving 700.
    expect(enforceTapeCap(dir, 800, "2026-11-23")).toEqual(["2026-11-18", "2026-11-19"]);
    expect(listTapes(dir).map((t) => t.date)).toEqual(["2026-11-20", "2026-11-23"]);
    // Today's alone over the cap: everything older goes, today's stays.
    expect(enforceTapeCap(dir, 100, "2026-11-23")).toEqual(["2026-11-20"]);
    expect(listTapes(dir).map((t) => t.date)).toEqual(["2026-11-23"]);
  });
});
