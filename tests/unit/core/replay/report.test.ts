import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { pnlAt, replayFigures, type ReportTrade } from "../../../../src/core/replay/report";

const T0 = Date.parse("2026-11-23T03:45:00Z"); // 09:15 IST
const min = (m: number) => T0 + m * 60_000;

describe("the replay report's figures (issue 35, rules in report.ts)", () => {
  // INFY: bought 10 at 100 at 09:16:30, sold 10 at 104 at 09:19:30. Minute closes 101, 98, 103, 105 for 09:16..09:19.
  const trades: ReportTrade[] = [
    { time: min(1.5), instrument: "INFY", side: "BUY", quantity: 10, price: 100 },
    { time: min(4.5), instrument: "INFY", side: "SELL", quantity: 10, price: 104 },
  ];
  const closes = new Map([["INFY", [{ time: min(1), close: 101 }, { time: min(2), close: 98 }, { time: min(3), close: 103 }, { time: min(4), close: 105 }]]]);

  it("marks an open position at the last minute's close, a closed one at its cash (worked by hand)", () => {
    // 09:17:00 (the minute starting 09:16 has ended, but the buy at 09:16:30 came in it, so the close 101 is after the buy): -1000 + 10 x 101 = 10.
    expect(pnlAt(trades, closes, min(2))).toBe(10);
    // 09:18:00: close 98 -> -20. 09:19:00: 103 -> 30. After the sell: 1040 - 1000 = 40.
    expect(pnlAt(trades, closes, min(3))).toBe(-20);
    expect(pnlAt(trades, closes, min(4))).toBe(30);
    expect(pnlAt(trades, closes, min(6))).toBe(40);
    // Before the minute after the buy ends, the buy's own price marks it: 0.
    expect(pnlAt(trades, closes, min(1.75))).toBe(0);
  });

  it("draws the curve minute by minute, with its maximum drawdown and the time in market", () => {
    const f = replayFigures(trades, closes, min(0), min(6));
    // Points at 09:16 .. 09:20 and at the end 09:21: 0, 10, -20, 30, 40, 40.
    expect(f.curve.map((p) => p.pnl)).toEqual([0, 10, -20, 30, 40, 40]);
    // Peak 10 at 09:17 then -20 at 09:18: a drawdown of 30.
    expect(f.maxDrawdown).toBe(30);
    // Open from 09:16:30 to 09:19:30: 3 minutes.
    expect(f.timeInMarketMs).toBe(180_000);
    expect(f.finalPnl).toBe(40);
  });

  it("ends on the positions' P&L: an open position marked at the last price given (worked by hand)", () => {
    const bought = trades.slice(0, 1);
    // Held at 09:19:10: the last close (09:18's, 103) marks it on the curve, 30; the last price 102.5 ends it: -1000 + 1025 = 25.
    const f = replayFigures(bought, closes, min(0), min(4) + 10_000, new Map([["INFY", 102.5]]));
    expect(f.curve.at(-2)!.pnl).toBe(30);
    expect(f.finalPnl).toBe(25);
    // Flat, the last price changes nothing: 40.
    expect(replayFigures(trades, closes, min(0), min(6), new Map([["INFY", 1]])).finalPnl).toBe(40);
  });

  it("counts two instruments open at once only once, and a position still open up to the end", () => {
    const two: ReportTrade[] = [
      { time: min(1), instrument: "A", side: "BUY", quantity: 1, price: 10 },
      { time: min(2), instrument: "B", side: "SELL", quantity: 2, price: 20 },
      { time: min(3), instrument: "A", side: "SELL", quantity: 1, price: 11 },
    ];
    // Open from 09:16 (A) through B's short, which stays open to the end 09:25: 9 minutes.
    expect(replayFigures(two, new Map(), min(0), min(10)).timeInMarketMs).toBe(9 * 60_000);
  });

  it("a trade a jump back left ahead of the clock is taken as made at the clock: the curve stops at the clock and ends on the positions' P&L (worked by hand)", () => {
    // The tester's run: INFY bought 5 at 1,149.90 at 12:00, then a jump back to 10:00, where INFY's last price is 1,140.40.
    const at = (h: number, m: number) => T0 + ((h - 9) * 60 + (m - 15)) * 60_000;
    const bought: ReportTrade[] = [{ time: at(12, 0), instrument: "INFY", side: "BUY", quantity: 5, price: 1149.9 }];
    const closes = new Map([["INFY", Array.from({ length: 45 }, (_, i) => ({ time: at(9, 15) + i * 60_000, close: 1140 + (i % 3) }))]]);
    const f = replayFigures(bought, closes, at(9, 15), at(10, 0), new Map([["INFY", 1140.4]]));
    // Minute ends 09:16 .. 09:59 (44 points, the trade not in them) and the clock 10:00: 45 points, none after the clock.
    expect(f.curve).toHaveLength(45);
    expect(f.curve.at(-1)!.time).toBe(at(10, 0));
    expect(f.curve.slice(0, -1).every((p) => p.pnl === 0)).toBe(true);
    // At the clock the position is in the books, marked at the last price: 5 x (1,140.40 - 1,149.90) = -47.50, what Positions shows.
    expect(f.finalPnl).toBe(-47.5);
    // Held from the clock's time (10:00) to the clock: no time yet.
    expect(f.timeInMarketMs).toBe(0);
    // Bought at 10:00 at 100 and sold at 12:00 at 104, the clock back at 11:00: flat at the clock, 4 x 10 = 40 banked, held 10:00 to 11:00.
    const roundTrip: ReportTrade[] = [
      { time: at(10, 0), instrument: "A", side: "BUY", quantity: 10, price: 100 },
      { time: at(12, 0), instrument: "A", side: "SELL", quantity: 10, price: 104 },
    ];
    const g = replayFigures(roundTrip, new Map(), at(9, 15), at(11, 0), new Map([["A", 90]]));
    expect(g.finalPnl).toBe(40);
    expect(g.timeInMarketMs).toBe(60 * 60_000);
  });

  it("a drawdown is never negative and never more than the curve's range (property)", () => {
    const trade = fc.record({ time: fc.integer({ min: 0, max: 30 }).map(min), instrument: fc.constantFrom("A", "B"), side: fc.constantFrom("BUY" as const, "SELL" as const), quantity: fc.integer({ min: 1, max: 50 }), price: fc.integer({ min: 1, max: 500 }) });
    fc.assert(fc.property(fc.array(trade, { maxLength: 12 }), (ts) => {
      const f = replayFigures(ts, new Map(), min(0), min(31));
      const values = [0, ...f.curve.map((p) => p.pnl)];
      expect(f.maxDrawdown).toBeGreaterThanOrEqual(0);
      expect(f.maxDrawdown).toBeLessThanOrEqual(Math.round((Math.max(...values) - Math.min(...values)) * 100) / 100 + 1e-9);
      expect(f.timeInMarketMs).toBeLessThanOrEqual(min(31) - min(0));
    }));
  });
});
