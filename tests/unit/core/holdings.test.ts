import { describe, expect, it } from "vitest";
import { bnplHoldings, deriveHolding, holdingsFromResponse, holdingTotals, mergeBnpl, percentOf } from "../../../src/core/rules/holdings";
import type { Holding } from "../../../src/core/types/portfolio";

const h = (over: Partial<Holding>): Holding => ({
  nseInstrumentId: "1594", bseInstrumentId: "500209", nseTradingSymbol: "INFY-EQ", bseTradingSymbol: "INFY", totalQuantity: 10, t1Quantity: 0,
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

describe("BNPL merge", () => {
  // "BNPL holdings are merged into the matching delivery holding by exchange and token. BNPL-only holdings are appended."
  it("merges BNPL into the matching delivery holding and appends BNPL-only ones", () => {
    const views = mergeBnpl([
      h({ product: "BNPL", totalQuantity: 5, averageTradedPrice: 1460, t1Quantity: 5 }),
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
