import { describe, expect, it } from "vitest";
import { listAnswer } from "../../../src/data/api/portfolio";
import { holdingInstrument, holdingRows, positionRows } from "../../../src/data/stores/portfolio";
import type { Holding, Position } from "../../../src/core/types";

const pos = (over: Partial<Position>): Position => ({
  exchange: "NSEEQ", token: "1", instrumentId: "1", tradingSymbol: "A-EQ", product: "INTRADAY", netQuantity: 1, buyQuantity: 1, sellQuantity: 0,
  buyPrice: 100, sellPrice: 0, dayBuyPrice: 100, daySellPrice: 0, dayBuyQuantity: 1, daySellQuantity: 0, cfBuyQuantity: 0, cfSellQuantity: 0,
  realizedPnl: 0, unRealizedPnl: 0, pnl: 0, previousDayClose: 100, ltp: 100,
  multiplier: 1, lotsize: 1, type: "", topic: "prod/marketfeed/mw/v1/NSEEQ/1", ...over,
});

const hold = (over: Partial<Holding>): Holding => ({
  nseInstrumentId: "2885", bseInstrumentId: "500325", nseTradingSymbol: "RELIANCE-EQ", bseTradingSymbol: "RELIANCE", totalQuantity: 10, t1Quantity: 0, t1AveragePrice: 0,
  averageTradedPrice: 2400, previousDayClose: 2450, product: "DELIVERY", ltp: 2500, isin: "INE002A01018", ...over,
});

describe("the positions pane's rows", () => {
  const rows = [
    pos({ tradingSymbol: "CLOSED-EQ", netQuantity: 0 }),
    pos({ tradingSymbol: "NIFTY-FUT", exchange: "NSEFO" }),
    pos({ tradingSymbol: "GOLD", exchange: "MCXCOMM" }),
    pos({ tradingSymbol: "USDINR", exchange: "NSECURR" }),
    pos({ tradingSymbol: "INFY-EQ" }),
  ];
  it("All lists every segment, 'closed ... listed after open ones'", () => {
    expect(positionRows(rows, 0).map((p) => p.tradingSymbol)).toEqual(["NIFTY-FUT", "GOLD", "USDINR", "INFY-EQ", "CLOSED-EQ"]);
  });
  it("Equity (code 1), F&O (code 2), Commodity (codes 3 and currency 4)", () => {
    expect(positionRows(rows, 1).map((p) => p.tradingSymbol)).toEqual(["INFY-EQ", "CLOSED-EQ"]);
    expect(positionRows(rows, 2).map((p) => p.tradingSymbol)).toEqual(["NIFTY-FUT"]);
    expect(positionRows(rows, 3).map((p) => p.tradingSymbol)).toEqual(["GOLD", "USDINR"]);
  });
});

describe("the holdings pane's rows", () => {
  it("Stocks lists the merged holdings, BNPL only those carrying BNPL quantity", () => {
    const rows = [hold({}), hold({ product: "BNPL", totalQuantity: 5, averageTradedPrice: 2460 }), hold({ nseInstrumentId: "1594", bseInstrumentId: "500209", nseTradingSymbol: "INFY-EQ", bseTradingSymbol: "INFY" })];
    expect(holdingRows(rows, 0).map((h) => [h.nseTradingSymbol, h.totalQuantity, h.bnplQty])).toEqual([["RELIANCE-EQ", 15, 5], ["INFY-EQ", 10, 0]]);
    expect(holdingRows(rows, 1).map((h) => h.nseTradingSymbol)).toEqual(["RELIANCE-EQ"]);
  });
  it("a holding trades on NSE when it has an NSE token, else on BSE", () => {
    expect(holdingInstrument(hold({}))).toEqual({ exchange: "NSEEQ", token: "2885", symbol: "RELIANCE-EQ" });
    expect(holdingInstrument(hold({ nseInstrumentId: "" }))).toEqual({ exchange: "BSEEQ", token: "500325", symbol: "RELIANCE" });
  });
});

describe("'a positions result whose status is an error code' is treated as empty", () => {
  it("EC920 gives no rows and keeps the status so the pane says 'No positions'", () => {
    expect(listAnswer({ status: "EC920", message: "No positions found", result: [pos({})] })).toEqual({ rows: [], errorStatus: "EC920", message: "No positions found" });
  });
  it("Ok gives the rows", () => {
    expect(listAnswer({ status: "Ok", message: "Success", result: [pos({})] }).rows).toHaveLength(1);
  });
});
