import { describe, expect, it } from "vitest";
import { replayFigures, type ReportTrade } from "../../../../src/core/replay/report";

const T0 = Date.parse("2026-11-23T03:45:00Z"); // 09:15 IST
const min = (m: number) => T0 + m * 60_000;

/**
 * The rule (report.ts): "the report is worked over the time actually played, in the order it was played: a
 * jump back ends a stretch and starts another at the time jumped to, with the books as they stood, so a
 * position held through the jump counts its time in market and its P&L on the curve over the replayed
 * minutes again ... A jump forward passes the market as fast play does ... so it breaks nothing."
 * And: "a jump back is a break in the curve, not a line back over the earlier minutes: the curve has a point
 * at the time jumped to, at the same time played as the point the jump left, marked with the time it jumped
 * from" and "the maximum drawdown is the largest fall of the curve while the replay played ... a jump back's
 * own change (an open position marked again at the earlier time's price) is neither a fall nor a peak".
 */
describe("the replay report over the time played: jumps (report.ts)", () => {
  // A's minute closes, by the minute's start: 09:16 101, 09:17 98, 09:18 98, 09:19 99, 09:20 101, 09:21 103.
  const closes = new Map([["A", [[1, 101], [2, 98], [3, 98], [4, 99], [5, 101], [6, 103]].map(([m, close]) => ({ time: min(m!), close: close! }))]]);
  // Bought 10 at 100 at 09:20:30; at 09:22 the trader jumps back to 09:17 and plays on to 09:19 (the clock now), A last at 99.50.
  const buy: ReportTrade = { time: min(5.5), instrument: "A", side: "BUY", quantity: 10, price: 100 };
  const jumpBack = { from: min(7), to: min(2), tradesBefore: 1 };
  const last = new Map([["A", 99.5]]);

  it("a position held through a jump back counts its time and its P&L again over the minutes replayed (worked by hand)", () => {
    const f = replayFigures([buy], closes, min(0), min(4), last, [jumpBack]);
    // First stretch 09:15-09:22: nothing held at the minute ends 09:16-09:20 (0 each); 09:21: marked at 09:20's close 101,
    // -1,000 + 1,010 = 10; at the jump, 09:22: at 09:21's close 103, 30.
    // Second stretch 09:17-09:19, the buy in the books from 09:17: at the jump's landing, 09:17, marked at 09:16's
    // close 101, 10 (the break: the trader's P&L as the jump left them); 09:18 at 09:17's close 98, -20; the
    // clock 09:19 at the last price 99.50, -5, what Positions shows.
    expect(f.curve.map((p) => p.pnl)).toEqual([0, 0, 0, 0, 0, 10, 30, 10, -20, -5]);
    expect(f.curve.map((p) => (p.time - T0) / 60_000)).toEqual([1, 2, 3, 4, 5, 6, 7, 2, 3, 4]);
    // Played: 7 minutes, the landing at the same 7 (the jump takes no time), then 1 and 2 more: never falling.
    expect(f.curve.map((p) => p.playedMs / 60_000)).toEqual([1, 2, 3, 4, 5, 6, 7, 7, 8, 9]);
    // The landing, and only it, says where the jump left: 09:22.
    expect(f.curve.map((p) => (p.jumpedFrom === undefined ? null : (p.jumpedFrom - T0) / 60_000))).toEqual([null, null, null, null, null, null, null, 7, null, null]);
    // First stretch: no fall (0 up to 30). The jump's own 30 -> 10 is no fall in play; from the landing's 10 down
    // to -20 at 09:18: 30 (it said 50, from the peak before the jump).
    expect(f.maxDrawdown).toBe(30);
    expect(f.finalPnl).toBe(-5);
    // Held 09:20:30-09:22 (1.5 min), then 09:17-09:19 again (2 min): 3.5 min of a session of 7 + 2 = 9 min played.
    expect(f.timeInMarketMs).toBe(210_000);
    expect(f.sessionMs).toBe(540_000);
  });

  it("a trade after the jump back closes the position carried through it (worked by hand)", () => {
    const sell: ReportTrade = { time: min(3.5), instrument: "A", side: "SELL", quantity: 10, price: 99 };
    const f = replayFigures([buy, sell], closes, min(0), min(4), last, [jumpBack]);
    // 09:18 still held at 98: -20; at 09:19 flat, -1,000 + 990 = -10 (the last price changes nothing).
    expect(f.curve.slice(-2).map((p) => p.pnl)).toEqual([-20, -10]);
    // Held 1.5 min before the jump, then 09:17 to the sell at 09:18:30: 1.5 min more.
    expect(f.timeInMarketMs).toBe(180_000);
  });

  it("a report asked at the instant of a jump back ends on the landing, marked at the last price (worked by hand)", () => {
    // Clock at 09:17 just after the jump back from 09:22: played 7 minutes; the landing is the clock, the buy marked at 99.50: -5.
    const f = replayFigures([buy], closes, min(0), min(2), last, [jumpBack]);
    expect(f.curve.map((p) => p.pnl)).toEqual([0, 0, 0, 0, 0, 10, 30, -5]);
    expect(f.curve.at(-1)!.jumpedFrom).toBe(min(7));
    expect(f.curve.at(-1)!.playedMs).toBe(7 * 60_000);
    expect(f.finalPnl).toBe(-5);
    // Held 09:20:30-09:22, none played since: 1.5 min of 7.
    expect(f.timeInMarketMs).toBe(90_000);
    expect(f.sessionMs).toBe(420_000);
    expect(f.maxDrawdown).toBe(0);
  });

  it("a jump forward breaks nothing: a position held through it counts the time jumped over, one stretch (worked by hand)", () => {
    const early: ReportTrade = { time: min(1), instrument: "A", side: "BUY", quantity: 10, price: 100 };
    const f = replayFigures([early], closes, min(0), min(7), undefined, [{ from: min(2), to: min(6), tradesBefore: 1 }]);
    // Held 09:16 to the clock 09:22: 6 min of 7 played; the points 09:16-09:22, as without the jump.
    expect(f.timeInMarketMs).toBe(360_000);
    expect(f.sessionMs).toBe(420_000);
    expect(f.curve.map((p) => (p.time - T0) / 60_000)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });
});
