import { describe, expect, it } from "vitest";
import { positionDayPnl, positionTotals, withLtp } from "../../../src/core/rules/positions";
import type { Position } from "../../../src/core/types";

/**
 * FINDINGS-24 s6: the risk desk's loss limit counts "today" from yesterday's close for a carried
 * position (positions.ts positionDayPnl), and Positions showed only the P&L from the average
 * price, so "Today ₹19,435" in the Loss limits dialog stood beside Positions' -₹2,021. The grid's
 * Day P&L column and its total are that same rule; the values below are worked out by hand.
 */
const base = {
  realizedPnl: 0, unRealizedPnl: 0, pnl: 0, multiplier: 1, lotsize: 1, cfBuyQuantity: 0, cfSellQuantity: 0, cfBuyValue: 0, cfSellValue: 0,
  dayBuyQuantity: 0, dayBuyPrice: 0, daySellQuantity: 0, daySellPrice: 0, buyQuantity: 0, sellQuantity: 0, buyPrice: 0, sellPrice: 0, type: "REGULAR",
};
// Carried in: long 75 NIFTY26DECFUT NRML bought at 24,600.00 on an earlier day, yesterday's close 24,747.75, no trade today, last 24,597.85.
const carried = {
  ...base, exchange: "NSEFO", token: "35001", instrumentId: "35001", tradingSymbol: "NIFTY26DECFUT", product: "NORMAL", lotsize: 75, netQuantity: 75,
  cfBuyQuantity: 75, buyQuantity: 75, buyPrice: 24_600, ltp: 24_597.85, previousDayClose: 24_747.75,
} as unknown as Position;
// Intraday: SBIN-EQ INTRADAY bought 10 @ 980.00 and sold 4 @ 990.00 today, last 985.00 (yesterday's close 970.00 does not count: nothing was carried).
const intraday = {
  ...base, exchange: "NSEEQ", token: "3045", instrumentId: "3045", tradingSymbol: "SBIN-EQ", product: "INTRADAY", netQuantity: 6, realizedPnl: 40,
  dayBuyQuantity: 10, dayBuyPrice: 980, daySellQuantity: 4, daySellPrice: 990, buyQuantity: 10, buyPrice: 980, sellQuantity: 4, sellPrice: 990, ltp: 985, previousDayClose: 970,
} as unknown as Position;

describe("Day P&L: from yesterday's close for what was carried, from the trade price for today's trades", () => {
  it("a carried position: 75 x (24,597.85 - 24,747.75) = 75 x -149.90 = -11,242.50 (its P&L from the average, 75 x -2.15, is -161.25)", () => {
    expect(positionDayPnl(carried)).toBe(-11_242.5);
    expect(withLtp(carried, carried.ltp).pnl).toBe(-161.25);
  });

  it("an intraday one: 6 x 985 - 10 x 980 + 4 x 990 = 5,910 - 9,800 + 3,960 = 70 (realised 40 plus unrealised 6 x 5 = 30)", () => {
    expect(positionDayPnl(intraday)).toBe(70);
  });

  it("the Positions total's Day P&L is their sum, -11,242.50 + 70 = -11,172.50, at the prices the grid shows", () => {
    expect(positionTotals([carried, intraday]).dayPnl).toBe(-11_172.5);
    // A tick moves it as it moves the cell: the future at 24,600.85 is 3.00 higher, 75 x 3 = 225 more.
    expect(positionTotals([withLtp(carried, 24_600.85), intraday]).dayPnl).toBe(-10_947.5);
  });
});
