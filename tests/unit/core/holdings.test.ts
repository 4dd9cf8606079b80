import { describe, expect, it } from "vitest";
import { bnplHoldings, deriveHolding, holdingsFromResponse, holdingTotals, mergeBnpl, percentOf } from "../../../src/core/rules/holdings";
import { positionDayPnl } from "../../../src/core/rules/positions";
import type { Holding } from "../../../src/core/types/portfolio";

const h = (over: Partial<Holding>): Holding => ({
  nseInstrumentId: "1594", bseInstrumentId: "500209", nseTradingSymbol: "INFY-EQ", bseTradingSymbol: "INFY", totalQuantity: 10, t1Quantity: 0, t1AveragePrice: 0,
  averageTradedPrice: 1400, previousDayClose: 1490, product: "DELIVERY", ltp: 1500, isin: "INE009A01021", ...over,
});

describe("holding derived fields (trading-core section 3), worked by hand", () => {
  it("10 INFY bought at 1400, closed yesterday at 1490, now 1500", () => {
    // buyValue 14,000; previousDayBuyValue 14,900; currentVal 15,000; netPnl 1,000; netChg 1000/14000 = 7.14%;
    // daysPnl 100; dayChg 100/14900 = 0.67%
    expect(deriveHolding(h({}), 0, 10)).toMatchObject({
      buyValue: 14000, previousDayBuyValue: 14900, currentVal: 15000, netPnl: 1000, netChg: 7.14, daysPnl: 100, dayChg: 0.67,
      bnplQty: 0, deliveryQty: 10, hasBnpl: false,
    });
  });
  it("a zero cost gives an infinite percentage (format shows --)", () => {
    expect(deriveHolding(h({ averageTradedPrice: 0 }), 0, 10).netChg).toBe(Infinity);
    expect(percentOf(0, 0)).toBe(0);
  });
});

/**
 * The day of shares bought today (the spec names previousDayBuyValue and daysPnl, no formula; Tape's,
 * holdings.ts): "a share bought today has no previous day; its day's P&L runs from what it cost", as
 * Positions counts it. previousDayBuyValue = carried quantity x previous close + t1Quantity x
 * t1AveragePrice. The explorer's INFY: 1,000 bought today at an average of 1,141.4338 (shown
 * 1,141.43), previous close 1,138.70, last 1,140.50; Positions showed -933.80.
 */
describe("a holding's day with shares bought today", () => {
  const today = { t1Quantity: 1000, t1AveragePrice: 1141.4338, previousDayClose: 1138.7, ltp: 1140.5 };

  it("all bought today: the day's P&L is the position's, not (LTP - previous close) x 1,000", () => {
    // previousDayBuyValue = 0 x 1,138.70 + 1,000 x 1,141.4338 = 1,141,433.80; currentVal 1,000 x 1,140.50 = 1,140,500;
    // daysPnl = 1,140,500 - 1,141,433.80 = -933.80 (not +1,800.00); dayChg = -933.80 / 1,141,433.80 = -0.0818% -> -0.08
    const v = deriveHolding(h({ ...today, totalQuantity: 1000, averageTradedPrice: 1141.4338 }), 0, 1000);
    expect(v).toMatchObject({ previousDayBuyValue: 1141433.8, currentVal: 1140500, daysPnl: -933.8, dayChg: -0.08, netPnl: -933.8 });
    // The same shares as today's DELIVERY position (positions.ts positionDayPnl): 1,000 x 1,140.50 - 1,000 x 1,141.4338 = -933.80.
    const position = { exchange: "NSEEQ", multiplier: 1, lotsize: 1, netQuantity: 1000, ltp: 1140.5, previousDayClose: 1138.7, dayBuyQuantity: 1000, dayBuyPrice: 1141.4338, daySellQuantity: 0, daySellPrice: 0, cfBuyQuantity: 0, cfSellQuantity: 0, buyQuantity: 1000, buyPrice: 1141.4338, sellQuantity: 0, sellPrice: 0, realizedPnl: 0 } as const;
    expect(positionDayPnl(position)).toBe(-933.8);
  });

  it("60 carried plus 1,000 bought today: the carried from the previous close, today's from their cost", () => {
    // previousDayBuyValue = 60 x 1,138.70 + 1,000 x 1,141.4338 = 68,322 + 1,141,433.80 = 1,209,755.80;
    // currentVal = 1,060 x 1,140.50 = 1,208,930; daysPnl = -825.80 (60 x 1.80 = 108 on the carried, -933.80 on today's);
    // dayChg = -825.80 / 1,209,755.80 = -0.0683% -> -0.07
    const v = deriveHolding(h({ ...today, totalQuantity: 1060, averageTradedPrice: 1132.2564 }), 0, 1060);
    expect(v).toMatchObject({ previousDayBuyValue: 1209755.8, currentVal: 1208930, daysPnl: -825.8, dayChg: -0.07 });
  });

  it("then 400 sold today: the sale took today's shares first, so 600 of today's are left at their cost", () => {
    // The broker's row after the sale (README: "A sale ... takes today's shares first, cost and all"): 660 held, 600 T1 at 1,141.4338.
    // previousDayBuyValue = 60 x 1,138.70 + 600 x 1,141.4338 = 68,322 + 684,860.28 = 753,182.28;
    // currentVal = 660 x 1,140.50 = 752,730; daysPnl = -452.28 (108 on the carried, 600 x -0.9338 = -560.28 on today's)
    const v = deriveHolding(h({ ...today, totalQuantity: 660, t1Quantity: 600, averageTradedPrice: 1126.6944 }), 0, 660);
    expect(v).toMatchObject({ previousDayBuyValue: 753182.28, currentVal: 752730, daysPnl: -452.28 });
  });

  it("a sale past today's shares: what is left is carried, from the previous close", () => {
    // 30 left, none of today's: previousDayBuyValue 30 x 1,138.70 = 34,161; currentVal 34,215; daysPnl 54 (30 x 1.80)
    const v = deriveHolding(h({ ...today, totalQuantity: 30, t1Quantity: 0, t1AveragePrice: 0, averageTradedPrice: 979.3 }), 0, 30);
    expect(v).toMatchObject({ previousDayBuyValue: 34161, currentVal: 34215, daysPnl: 54 });
  });

  it("BNPL and delivery bought today merge to the sum of their days, and the totals count them so", () => {
    // Delivery: 10 carried + 4 today at 1,402.25; BNPL: 6 today at 1,498.10; previous close 1,490, last 1,500.
    // Delivery day: 10 x 10 + 4 x (1,500 - 1,402.25) = 100 + 391 = 491; BNPL day: 6 x (1,500 - 1,498.10) = 11.40; merged 502.40.
    // previousDayBuyValue = 10 x 1,490 + 4 x 1,402.25 + 6 x 1,498.10 = 14,900 + 5,609 + 8,988.60 = 29,497.60
    const views = mergeBnpl([
      h({ totalQuantity: 14, t1Quantity: 4, t1AveragePrice: 1402.25 }),
      h({ product: "BNPL", totalQuantity: 6, t1Quantity: 6, t1AveragePrice: 1498.1, averageTradedPrice: 1498.1 }),
    ]);
    expect(views).toHaveLength(1);
    expect(views[0]).toMatchObject({ totalQuantity: 20, t1Quantity: 10, previousDayBuyValue: 29497.6, currentVal: 30000, daysPnl: 502.4 });
    expect(holdingTotals(views)).toMatchObject({ previousDayBuyValue: 29497.6, daysPnl: 502.4 });
  });
});

describe("BNPL merge", () => {
  // "BNPL holdings are merged into the matching delivery holding by exchange and token. BNPL-only holdings are appended."
  it("merges BNPL into the matching delivery holding and appends BNPL-only ones", () => {
    const views = mergeBnpl([
      h({ product: "BNPL", totalQuantity: 5, averageTradedPrice: 1460, t1Quantity: 5, t1AveragePrice: 1460 }),
      h({}),
      h({ nseInstrumentId: "3045", bseInstrumentId: "500112", nseTradingSymbol: "SBIN-EQ", product: "BNPL", totalQuantity: 20, averageTradedPrice: 800, previousDayClose: 790, ltp: 805 }),
      h({ nseInstrumentId: "2885", bseInstrumentId: "500325", nseTradingSymbol: "RELIANCE-EQ", totalQuantity: 4, averageTradedPrice: 2900, previousDayClose: 2950, ltp: 2940 }),
    ]);
    expect(views.map((v) => v.nseTradingSymbol)).toEqual(["INFY-EQ", "RELIANCE-EQ", "SBIN-EQ"]);
    const infy = views[0]!;
    // 10 @ 1400 + 5 @ 1460 = 15 @ 1420; buyValue 21,300; currentVal 22,500; netPnl 1,200
    expect(infy).toMatchObject({ totalQuantity: 15, t1Quantity: 5, averageTradedPrice: 1420, bnplQty: 5, deliveryQty: 10, hasBnpl: true, buyValue: 21300, currentVal: 22500, netPnl: 1200 });
    expect(views[1]).toMatchObject({ hasBnpl: false, bnplQty: 0, deliveryQty: 4 });
    expect(views[2]).toMatchObject({ hasBnpl: true, bnplQty: 20, deliveryQty: 0, daysPnl: 300 });
    expect(bnplHoldings(views).map((v) => v.nseTradingSymbol)).toEqual(["INFY-EQ", "SBIN-EQ"]);
  });

  it("matches a BSE-only holding by its BSE token", () => {
    const views = mergeBnpl([h({ nseInstrumentId: "", totalQuantity: 2 }), h({ nseInstrumentId: "", product: "BNPL", totalQuantity: 3 })]);
    expect(views).toHaveLength(1);
    expect(views[0]).toMatchObject({ totalQuantity: 5, bnplQty: 3, deliveryQty: 2 });
  });

  // "EC922 no holdings found"
  it("EC922 is an empty list", () => {
    expect(holdingsFromResponse({ status: "EC922", message: "No holdings found", result: [] })).toEqual([]);
    expect(holdingsFromResponse({ status: "Ok", message: "Success", result: [h({})] })).toHaveLength(1);
  });

  it("totals", () => {
    const t = holdingTotals(mergeBnpl([h({}), h({ nseInstrumentId: "2885", bseInstrumentId: "500325", totalQuantity: 4, averageTradedPrice: 2900, previousDayClose: 2950, ltp: 2940 })]));
    // invested 14,000 + 11,600 = 25,600; current 15,000 + 11,760 = 26,760; net 1,160 (4.53%); day 100 - 40 = 60 on 26,700 (0.22%)
    expect(t).toEqual({ buyValue: 25600, previousDayBuyValue: 26700, currentVal: 26760, daysPnl: 60, dayChg: 0.22, netPnl: 1160, netChg: 4.53 });
  });
});
