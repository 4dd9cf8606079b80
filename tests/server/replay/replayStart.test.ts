import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { TAPE_DEPTH, type TapeLevel, type TapeTick } from "../../../src/core/replay/tapeCodec.js";
import { exchangeIndex } from "../../../src/core/types/exchange.js";
import type { ReplayMarket } from "../../../server/replay/market.js";
import { createReplayMarket } from "../../../server/replay/market.js";
import { openTapeFrames, tapePath, TapeWriter } from "../../../server/replay/tapeFile.js";
import { startBroker } from "../harness.js";
import { masterAt, OPEN } from "../market/fixtures.js";

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

const empty: TapeLevel = { price: 0, quantity: 0, orders: 0 };
const CHAINS = 40;

/**
 * A tape of CHAINS chains, one a minute from the open, each a key block of two RELIANCE ticks
 * whose last price is the chain's number in rupees (so where the replay stands can be read off).
 */
function manyChains(): { dir: string; token: number } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tape-replay-start-"));
  dirs.push(dir);
  const token = masterAt(OPEN).bySymbol("NSEEQ", "RELIANCE-EQ")!.token;
  const w = new TapeWriter(tapePath(dir, "2026-11-23"));
  const open = Date.parse(OPEN);
  for (let c = 0; c < CHAINS; c++) {
    const ltp = (1000 + c) * 100;
    const t = (time: number, seq: number): TapeTick => ({
      time, exchange: exchangeIndex("NSEEQ"), token, seq, ltp, lastQty: 1, volume: c + 1, open: 100_000, high: ltp, low: 100_000, pClose: 100_000, avgPrice: ltp,
      upperCircuit: 0, lowerCircuit: 0, weekHigh: ltp, weekLow: 100_000, openInterest: 0, dayHighOI: 0, dayLowOI: 0, previousOI: 0, totalBuyQty: 0, totalSellQty: 0,
      lastTradedTime: 0, priceDivisor: 100, bids: Array.from({ length: TAPE_DEPTH }, () => empty), asks: Array.from({ length: TAPE_DEPTH }, () => empty),
    });
    w.ticks([t(open + c * 60_000, 2 * c + 1), t(open + c * 60_000 + 500, 2 * c + 2)]);
  }
  w.close();
  return { dir, token };
}

describe("a replay broker over a tape of many chains (issue 35)", () => {
  it("starts and answers before the tape is decoded: decoding follows the replay clock, chain by chain", async () => {
    const { dir } = manyChains();
    const broker = await startBroker({ REPLAY: "2026-11-23", RECORD_DIR: dir });
    try {
      const health = (await (await fetch(`${broker.url}/health`)).json()) as { result: Array<{ replayDate?: string }> };
      expect(health.result[0]!.replayDate).toBe("2026-11-23");
      expect((await fetch(`${broker.url}/docs/json`)).status).toBe(200);
      // The clock stands at the open when the broker is up and moves at 1x: the first chain (or two,
      // if a slow start let a minute pass) is decoded, not the other thirty-odd.
      const market = broker.broker.market as ReplayMarket;
      expect(market.decodedBlocks).toBeLessThanOrEqual(2);
      // Played to the end on demand, every chain is then decoded.
      market.advanceTo(Date.parse(OPEN) + CHAINS * 60_000);
      expect(market.decodedBlocks).toBe(CHAINS);
      expect(market.quote("NSEEQ", masterAt(OPEN).bySymbol("NSEEQ", "RELIANCE-EQ")!.token)!.ltp).toBe(1000 + CHAINS - 1);
    } finally {
      await broker.stop();
    }
  });

  it("the driver's step decodes at most its budget of blocks and carries on where it stopped, to the same end as one long step", () => {
    const { dir, token } = manyChains();
    const tape = openTapeFrames(tapePath(dir, "2026-11-23"))!;
    const end = Date.parse(OPEN) + CHAINS * 60_000;
    const play = (budget: number | undefined): { market: ReplayMarket; steps: number; ltps: number[] } => {
      const market = createReplayMarket({ master: masterAt(OPEN), read: tape.read, frames: tape.frames, now: () => new Date(end), driveMs: 0 });
      const ltps: number[] = [];
      market.watch("NSEEQ", token);
      market.onTick((q) => ltps.push(q.ltp));
      let steps = 0;
      for (;;) {
        steps++;
        const before = market.decodedBlocks;
        const reached = market.advanceTo(end, budget);
        if (budget !== undefined) expect(market.decodedBlocks - before).toBeLessThanOrEqual(budget);
        if (reached) break;
      }
      return { market, steps, ltps };
    };
    const whole = play(undefined);
    const stepped = play(3);
    expect(whole.steps).toBe(1);
    // 40 blocks, 3 a step: 14 steps (13 of 3, then the last block and the end).
    expect(stepped.steps).toBe(14);
    expect(stepped.market.decodedBlocks).toBe(CHAINS);
    expect(stepped.market.quote("NSEEQ", token)!.ltp).toBe(whole.market.quote("NSEEQ", token)!.ltp);
    expect(whole.market.quote("NSEEQ", token)!.ltp).toBe(1000 + CHAINS - 1);
    tape.close();
  });

  it("a jump to the tape's last minute decodes block by block, the broker's event loop turning in between, and answers there", async () => {
    const { dir, token } = manyChains();
    const broker = await startBroker({ REPLAY: "2026-11-23", RECORD_DIR: dir });
    try {
      const bearer = await broker.login("DEMO1");
      const market = broker.broker.market as ReplayMarket;
      const control = (body: unknown) =>
        fetch(`${broker.url}/core/v2/replay/control`, { method: "POST", headers: { "content-type": "application/json", authorization: `Bearer ${bearer}` }, body: JSON.stringify(body) });
      expect((await (await control({ action: "pause" })).json()).status).toBe("Ok");
      // OPEN is 04:30 UTC, 10:00 IST: the last chain starts CHAINS - 1 minutes later, at 10:39.
      const last = new Date(Date.parse(OPEN) + (CHAINS - 1) * 60_000);
      const hhmm = new Intl.DateTimeFormat("en-GB", { timeZone: "Asia/Kolkata", hour: "2-digit", minute: "2-digit" }).format(last);
      expect(hhmm).toBe("10:39");
      // What the event loop sees of the decoding while the jump is answered: a blocking decode shows none of the
      // counts between where it stood and the end; one that yields shows them.
      const seen = new Set<number>();
      let answered = false;
      const watch = (): void => {
        seen.add(market.decodedBlocks);
        if (!answered) setImmediate(watch);
      };
      const before = market.decodedBlocks;
      watch();
      const res = await control({ action: "jump", time: hhmm });
      answered = true;
      expect((await res.json()).status).toBe("Ok");
      expect(market.decodedBlocks).toBe(CHAINS);
      expect([...seen].filter((n) => n > before && n < CHAINS).length).toBeGreaterThan(CHAINS / 2);
      expect(market.quote("NSEEQ", token)!.ltp).toBe(1000 + CHAINS - 1);
    } finally {
      await broker.stop();
    }
  });
});
