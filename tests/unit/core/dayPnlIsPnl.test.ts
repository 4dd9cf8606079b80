import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { emptyPosition, positionRow } from "../../../server/portfolio/positions";
import type { Instrument, Quote } from "../../../server/market/types";
import { positionDayPnl, withLtp } from "../../../src/core/rules/positions";
import type { Exchange } from "../../../src/core/types/exchange";

/**
 * FINDINGS-26 s5: 8,000 SBIN bought today, partly sold, showed "P&L -11,649.42 · Day P&L -11,649.60":
 * Day P&L was worked from the day's 4-decimal average prices x quantity, P&L from the broker's
 * realised figure. The rule (trading-core's day P&L, the loss limit's: "today's trades from their
 * prices, positions carried in from the previous close"): with no carried quantity, the day's P&L
 * IS the P&L, to the paisa. The rows are the broker's own (server/portfolio/positions.ts positionRow),
 * booked fill by fill as Portfolio.applyFill books them.
 */
type Side = "BUY" | "SELL";
const inst = (exchange: Exchange, multiplier = 1, lotSize = 1) =>
  ({ exchange, token: 3045, tradingSymbol: "SBIN-EQ", multiplier, lotSize, referencePrice: 100 }) as unknown as Instrument;

function rowOf(fills: readonly [Side, number, number][], ltp: number, instrument = inst("NSEEQ")) {
  const p = emptyPosition(instrument, "INTRADAY", "");
  for (const [side, quantity, price] of fills) {
    if (side === "BUY") {
      p.dayBuyQuantity += quantity;
      p.dayBuyValue += quantity * price;
    } else {
      p.daySellQuantity += quantity;
      p.daySellValue += quantity * price;
    }
  }
  return positionRow(p, instrument, { ltp, pClose: 97.5 } as unknown as Quote);
}

describe("a position opened today: its Day P&L is its P&L, to the paisa", () => {
  it("bought 10 @ 100.05 and 7 @ 100.10, last 101: both 15.80", () => {
    // Bought 1,000.50 + 700.70 = 1,701.20 for 17, average 100.070588... shown 100.0706.
    // P&L: unrealised 17 x (101 - 100.0706) = 17 x 0.9294 = 15.7998 -> 15.80, nothing realised.
    // Day P&L: 17 x 101 - 1,701.20 = 15.80; the same figure, not the 4-decimal average's.
    const row = rowOf([["BUY", 10, 100.05], ["BUY", 7, 100.1]], 101);
    expect(row.pnl).toBe(15.8);
    expect(positionDayPnl(row)).toBe(15.8);
  });

  it("bought 1,000 @ 100.05 and 700 @ 100.10, sold 1,200 @ 100.95, last 101: both 1,519.99 (the day's averages x quantity gave 1,519.98)", () => {
    // Bought 100,050 + 70,070 = 170,120 for 1,700: average 100.0705882..., shown 100.0706. Sold 1,200 for 121,140 (100.95).
    // Realised: 1,200 x (100.95 - 100.0705882) = 1,200 x 0.8794118 = 1,055.2941 -> 1,055.29.
    // Unrealised: 500 x (101 - 100.0706) = 500 x 0.9294 = 464.70. P&L 1,055.29 + 464.70 = 1,519.99.
    // Worked from the averages instead: 500 x 101 - 1,700 x 100.0706 + 1,200 x 100.95 = 50,500 - 170,120.02 + 121,140 = 1,519.98.
    const row = rowOf([["BUY", 1000, 100.05], ["BUY", 700, 100.1], ["SELL", 1200, 100.95]], 101);
    expect(row.pnl).toBe(1519.99);
    expect(positionDayPnl(row)).toBe(1519.99);
  });

  const tick = (ticks: number) => Math.round(ticks * 5) / 100; // a price on the 0.05 tick
  const fill = fc.tuple(fc.constantFrom<Side>("BUY", "SELL"), fc.integer({ min: 1, max: 10_000 }), fc.integer({ min: 20, max: 100_000 }).map(tick));
  const contract = fc.constantFrom(inst("NSEEQ"), inst("NSEFO", 1, 75), inst("MCXCOMM", 1, 100), inst("NSECURR", 1000, 1));

  it("any sequence of today's fills with nothing carried, at any last price: Day P&L == P&L exactly", () => {
    fc.assert(
      fc.property(fc.array(fill, { minLength: 1, maxLength: 12 }), fc.integer({ min: 20, max: 100_000 }).map(tick), contract, (fills, ltp, instrument) => {
        const row = rowOf(fills, ltp, instrument);
        expect(positionDayPnl(row)).toBe(row.pnl);
        // A tick moves both alike (the grid's cells recompute at the live price).
        const moved = withLtp(row, ltp + 0.05);
        expect(positionDayPnl(moved)).toBe(moved.pnl);
      }),
      { numRuns: 500 },
    );
  });
});
