import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { masterFor } from "../../../server/market/instruments/master.js";
import type { Instrument, Quote } from "../../../server/market/types.js";
import { createReplayMarket } from "../../../server/replay/market.js";
import { findDayTape } from "../../../server/replay/source.js";
import { RISK_FREE_RATE, yearsToExpiry } from "../../../src/core/rules/blackScholes.js";

/**
 * Issue 35: "the whole app is driven by the replay feed (grids, depth, chain, charts, strategy
 * pane)". The sample day has bars for six instruments and none for any option or future, and a
 * recorded day has ticks only of the options someone watched. Such a derivative is priced from its
 * replayed underlying by the simulator's model: these tests check the model's own identities
 * (put-call parity, the future's carry, the intrinsic floor) on what the replay sends, worked out
 * here from the index's replayed value, not read from the pricing code.
 */
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

// The sample imported once (a few seconds) and its master built once; each test plays its own replay of them.
let sample: { tape: NonNullable<ReturnType<typeof findDayTape>>; master: ReturnType<typeof masterFor> } | undefined;

function sampleReplay() {
  if (!sample) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tape-modelled-"));
    dirs.push(dir);
    const tape = findDayTape(dir, "2026-11-23")!;
    sample = { tape, master: masterFor("2026-11-23", new Date(tape.frames[0]!.first)) };
  }
  const { tape, master } = sample;
  const first = tape.frames[0]!.first;
  const clock = { at: first };
  const replay = createReplayMarket({ master, read: tape.read, frames: tape.frames, now: () => new Date(clock.at), driveMs: 0 });
  const nifty = master.bySymbol("NSEEQ", "NIFTY")!;
  const ofNifty = master.all.filter((i) => i.underlying?.exchange === "NSEEQ" && i.underlying.token === nifty.token);
  const nearest = [...new Set(ofNifty.filter((i) => i.optionType).map((i) => i.expiry))].sort()[0]!;
  const options = ofNifty.filter((i) => i.optionType && i.expiry === nearest);
  const future = ofNifty.filter((i) => !i.optionType).sort((a, b) => a.expiry.localeCompare(b.expiry))[0]!;
  return { tape, first, clock, master, replay, nifty, options, future };
}

const TICK = 0.05;

describe("a replay's derivatives with no ticks of their own (issue 35)", () => {
  it("a watched NIFTY call, put and future tick with each replayed index value, by the model's identities", () => {
    const { first, clock, replay, nifty, options, future } = sampleReplay();
    // The strike nearest the index's reference: at the money through the sample's hour.
    const strike = options.map((o) => o.strikePrice).sort((a, b) => Math.abs(a - nifty.referencePrice) - Math.abs(b - nifty.referencePrice))[0]!;
    const call = options.find((o) => o.strikePrice === strike && o.optionType === "CE")!;
    const put = options.find((o) => o.strikePrice === strike && o.optionType === "PE")!;
    const seen = new Map<Instrument, Quote[]>([[nifty, []], [call, []], [put, []], [future, []]]);
    replay.onTick((q, inst) => seen.get(inst)?.push(q));
    // Before the index has played, a derivative stands at its reference price (nothing to price it from).
    expect(replay.quote(call.exchange, call.token)!.seq).toBe(0);
    const releases = [nifty, call, put, future].map((i) => replay.watch(i.exchange, i.token));
    // An hour of the day, 10 s at a time (no silent jump: every row is sent).
    for (clock.at = first; clock.at <= first + 3_600_000; clock.at += 10_000) replay.advanceTo(clock.at);
    releases.forEach((r) => r());

    const index = seen.get(nifty)!;
    expect(index.length).toBeGreaterThan(300);
    // One price of each derivative for each index value sent, at the same instant.
    for (const inst of [call, put, future]) expect(seen.get(inst)!.map((q) => q.updatedAt.getTime())).toEqual(index.map((q) => q.updatedAt.getTime()));
    index.forEach((s, i) => {
      const c = seen.get(call)![i]!;
      const p = seen.get(put)![i]!;
      const f = seen.get(future)![i]!;
      const t = yearsToExpiry(call.expiry, s.updatedAt);
      // Put-call parity, C − P = S − K·e^(−rT), to the two roundings to the tick.
      expect(Math.abs(c.ltp - p.ltp - (s.ltp - strike * Math.exp(-RISK_FREE_RATE * t)))).toBeLessThanOrEqual(TICK + 1e-6);
      // Never below intrinsic value.
      expect(c.ltp).toBeGreaterThanOrEqual(Math.max(0, s.ltp - strike));
      expect(p.ltp).toBeGreaterThanOrEqual(Math.max(0, strike - s.ltp));
      // The future carries the index at the risk-free rate, F = S·e^(rT), to the nearest tick (a price is put on its paise first: half a paisa more).
      expect(Math.abs(f.ltp - s.ltp * Math.exp(RISK_FREE_RATE * yearsToExpiry(future.expiry, s.updatedAt)))).toBeLessThanOrEqual(TICK / 2 + 0.005);
      // A book around the price: the best bid at or under it, the best ask above the best bid.
      for (const q of [c, p, f]) {
        expect(q.bids.length).toBeGreaterThan(0);
        expect(q.asks.length).toBeGreaterThan(0);
        expect(q.bids[0]!.price).toBeLessThanOrEqual(q.ltp + 1e-9);
        expect(q.asks[0]!.price).toBeGreaterThan(q.bids[0]!.price);
        // No trades in a model: volume and OI are not invented.
        expect([q.volume, q.lastQty, q.openInterest]).toEqual([0, 0, 0]);
      }
    });
    // The call moved with the index through the hour (it is not a standing reference price).
    expect(new Set(seen.get(call)!.map((q) => q.ltp)).size).toBeGreaterThan(20);
    // Each watched derivative's chart has the hour's minutes.
    expect(replay.bars(call.exchange, call.token).length).toBeGreaterThanOrEqual(60);
  });

  it("an option nobody watches is priced from the index as it stands when asked (an order's way)", () => {
    const { first, clock, replay, nifty, options } = sampleReplay();
    clock.at = first + 45 * 60_000;
    replay.advanceTo(clock.at);
    const index = replay.quote("NSEEQ", nifty.token)!;
    const s = index.ltp;
    // A strike 2 % below and its put (a put deep in the money would sit on its intrinsic floor, where parity gives way): still parity.
    const strike = options.map((o) => o.strikePrice).sort((a, b) => Math.abs(a - s * 0.98) - Math.abs(b - s * 0.98))[0]!;
    const c = replay.quote("NSEFO", options.find((o) => o.strikePrice === strike && o.optionType === "CE")!.token)!;
    const p = replay.quote("NSEFO", options.find((o) => o.strikePrice === strike && o.optionType === "PE")!.token)!;
    const t = yearsToExpiry(options[0]!.expiry, index.updatedAt);
    expect(Math.abs(c.ltp - p.ltp - (s - strike * Math.exp(-RISK_FREE_RATE * t)))).toBeLessThanOrEqual(TICK + 1e-6);
    // Priced at the instant of the index value it is priced from.
    expect(c.updatedAt.getTime()).toBe(index.updatedAt.getTime());
  });

  it("an instrument with no ticks and no underlying stands at its reference price with an empty book", () => {
    const { first, clock, replay, master } = sampleReplay();
    clock.at = first + 10 * 60_000;
    replay.advanceTo(clock.at);
    const crude = master.all.find((i) => i.exchange === "MCXCOMM" && i.symbol === "CRUDEOIL" && !i.optionType && !i.underlying)!;
    const q = replay.quote(crude.exchange, crude.token)!;
    expect(q.ltp).toBe(crude.referencePrice);
    expect([q.bids.length, q.asks.length, q.seq]).toEqual([0, 0, 0]);
  });
});
