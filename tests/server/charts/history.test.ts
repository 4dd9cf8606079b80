import { describe, expect, it } from "vitest";
import { historyMinutes } from "../../../server/charts/history.js";
import type { Instrument } from "../../../server/market/types.js";
import type { Bar } from "../../../src/core/types/bar.js";

/**
 * server/charts/history.ts: "every price lies within the 52-week low and high, and the path of
 * daily closes is stretched until it touches one of them; … the last day's close is today's
 * previous close". A tester found whole sessions of NIFTY drawn as straight wickless lines from the
 * 52-week high (24,743.85, 3.39 points a bar down), and a replayed future's history flat: the
 * close at one end of its range left the walk no room, and a day opening at the edge none either.
 */
const nifty = { exchange: "NSEEQ", token: 26000, tickSize: 0.05, isIndex: true, lotSize: 1 } as unknown as Instrument;
const SEED = 7;
const TODAY = "2026-12-07";

/** The one-minute bars by IST day. */
function byDay(bars: readonly Bar[]): Bar[][] {
  const days = new Map<string, Bar[]>();
  for (const b of bars) {
    const key = new Date(b.time + 5.5 * 3_600_000).toISOString().slice(0, 10);
    days.set(key, [...(days.get(key) ?? []), b]);
  }
  return [...days.values()];
}

/** A day drawn as a straight line: no bar with a wick, and every close the same step from the one before. */
function straight(day: readonly Bar[]): boolean {
  const wickless = day.every((b) => b.high === Math.max(b.open, b.close) && b.low === Math.min(b.open, b.close));
  const steps = day.slice(1).map((b, i) => Math.round((b.close - day[i]!.close) * 100));
  return wickless && steps.every((s) => Math.abs(s - steps[0]!) <= 5);
}

describe("made-up history inside the 52-week range", () => {
  for (const [name, anchor] of [
    ["NIFTY closing at its 52-week high", { pClose: 24_743.85, weekHigh: 24_743.85, weekLow: 24_474 }],
    ["a future closing at its 52-week low", { pClose: 24_474, weekHigh: 24_743.85, weekLow: 24_474 }],
    ["NIFTY with room either side", { pClose: 24_600, weekHigh: 26_277.35, weekLow: 21_743.65 }],
  ] as const) {
    it(`${name}: every price inside the range, the last close the previous close, the year not flat, no day a straight line`, () => {
      const bars = historyMinutes(nifty, anchor, TODAY, 30, SEED);
      expect(bars.length).toBeGreaterThan(30 * 300);
      const outside = bars.filter((b) => b.low < anchor.weekLow - 1e-9 || b.high > anchor.weekHigh + 1e-9);
      expect(outside).toEqual([]);
      expect(bars.at(-1)!.close).toBeCloseTo(anchor.pClose, 6);
      const days = byDay(bars);
      expect(days).toHaveLength(30);
      // The daily closes move: at least a tenth of the range between the year's lowest and highest close shown.
      const closes = days.map((d) => d.at(-1)!.close);
      expect(Math.max(...closes) - Math.min(...closes)).toBeGreaterThan((anchor.weekHigh - anchor.weekLow) / 10);
      expect(days.filter(straight).map((d) => d[0]!.time)).toEqual([]);
    });
  }

  /**
   * A replayed INFY of 2026-11-23 (the sample day): the day opens at 1,138.70 (its previous close) in a
   * 52-week range of 1,130.10 to 1,156.60, a range narrower than a year of the walk's daily moves.
   * The tester's year had 199 of 251 days with a low of exactly the 52-week low (the wicks clamped to
   * it, a flat floor). Rule (history.ts): the year reaches each end of the range, on one day (or two,
   * where the tick rounds onto it), and no made-up day passes it.
   */
  it("a narrow range: every day inside it, each end reached but no floor or ceiling of wicks at one price", () => {
    const infy = { exchange: "NSEEQ", token: 1594, tickSize: 0.05, isIndex: false, lotSize: 1 } as unknown as Instrument;
    const anchor = { pClose: 1138.7, weekHigh: 1156.6, weekLow: 1130.1 };
    const days = byDay(historyMinutes(infy, anchor, "2026-11-23", 250, 42));
    expect(days).toHaveLength(250);
    const highs = days.map((d) => Math.max(...d.map((b) => b.high)));
    const lows = days.map((d) => Math.min(...d.map((b) => b.low)));
    expect(Math.max(...highs)).toBeLessThanOrEqual(anchor.weekHigh);
    expect(Math.min(...lows)).toBeGreaterThanOrEqual(anchor.weekLow);
    const atHigh = highs.filter((h) => h === anchor.weekHigh).length;
    const atLow = lows.filter((l) => l === anchor.weekLow).length;
    expect(atHigh).toBeGreaterThanOrEqual(1);
    expect(atHigh).toBeLessThanOrEqual(2);
    expect(atLow).toBeGreaterThanOrEqual(1);
    expect(atLow).toBeLessThanOrEqual(2);
    expect(days.filter(straight).map((d) => d[0]!.time)).toEqual([]);
  });
});
