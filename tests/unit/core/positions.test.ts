import { describe, expect, it } from "vitest";
import {
  exitablePositions,
  isExitEnabled,
  isOpenPosition,
  POSITION_TABS,
  positionFromFills,
  positionsForTab,
  positionsFromResponse,
  positionTabCode,
  positionTotals,
  tradingDaysPnl,
  soldFromHoldings,
  sortOpenFirst,
  unrealisedPnl,
  withLtp,
} from "../../../src/core/rules/positions";
import type { Exchange } from "../../../src/core/types/exchange";
import { positionExit } from "../../../src/core/rules/positionExit";

describe("unrealised P&L by segment (trading-core section 9), worked by hand", () => {
  it.each<[string, Exchange, number, number, number, number, number, number, number]>([
    // name, exchange, netQuantity, buyPrice, sellPrice, ltp, multiplier, lotsize, expected
    // "Unrealised P&L uses quantity for equity and F&O."
    ["equity long: (1512.35 - 1500) x 10", "NSEEQ", 10, 1500, 0, 1512.35, 1, 1, 123.5],
    ["equity short: (800 - 790.50) x 20", "BSEEQ", -20, 0, 800, 790.5, 1, 1, 190],
    ["F&O long option: (110.25 - 120) x 75, multiplier not used", "NSEFO", 75, 120, 0, 110.25, 2, 75, -731.25],
    // "Unrealised P&L for commodity multiplies by multiplier and lot size."
    ["CRUDEOIL 2 lots of 100: (6012 - 6000) x 2 x 1 x 100", "MCXCOMM", 2, 6000, 0, 6012, 1, 100, 2400],
    ["GOLDM 3, multiplier 10: (70950 - 71000) x 3 x 10 x 1", "MCXCOMM", 3, 71000, 0, 70950, 10, 1, -1500],
    // "Unrealised P&L for other exchanges uses quantity times multiplier."
    ["USDINR short 5 x 1000: (83.50 - 83.4725) x 5 x 1000", "NSECURR", -5, 0, 83.5, 83.4725, 1000, 1, 137.5],
    ["closed position", "NSEEQ", 0, 1500, 1510, 1600, 1, 1, 0],
  ])("%s", (_n, exchange, netQuantity, buyPrice, sellPrice, ltp, multiplier, lotsize, expected) => {
    expect(unrealisedPnl({ exchange, netQuantity, buyPrice, sellPrice, ltp, multiplier, lotsize })).toBe(expected);
  });

  it("a new last price recomputes unrealised and total P&L", () => {
    const p = { exchange: "NSEEQ" as const, netQuantity: 7, buyPrice: 102, sellPrice: 110, ltp: 0, multiplier: 1, lotsize: 1, realizedPnl: 64, unRealizedPnl: 0, pnl: 0 };
    expect(withLtp(p, 105)).toMatchObject({ ltp: 105, unRealizedPnl: 21, pnl: 85 });
  });
});

describe("positions from fills (average method)", () => {
  it("buy 10 @ 100, buy 5 @ 106, sell 8 @ 110", () => {
    // buy average (1000 + 530) / 15 = 102; sell average 110; net 7; realised 8 x (110 - 102) = 64
    expect(positionFromFills(
      [{ transactionType: "BUY", quantity: 10, price: 100 }, { transactionType: "BUY", quantity: 5, price: 106 }, { transactionType: "SELL", quantity: 8, price: 110 }],
      { exchange: "NSEEQ", multiplier: 1, lotsize: 1 },
    )).toEqual({ netQuantity: 7, buyQuantity: 15, sellQuantity: 8, buyPrice: 102, sellPrice: 110, realizedPnl: 64 });
  });
  it("a short covered at a loss: sell 75 @ 120, buy 75 @ 130 gives -750", () => {
    expect(positionFromFills([{ transactionType: "SELL", quantity: 75, price: 120 }, { transactionType: "BUY", quantity: 75, price: 130 }], { exchange: "NSEFO", multiplier: 1, lotsize: 75 }))
      .toMatchObject({ netQuantity: 0, realizedPnl: -750 });
  });
  it("commodity realised P&L uses the lot value: buy 2 @ 6000, sell 1 @ 6050, lot 100 = 5000", () => {
    expect(positionFromFills([{ transactionType: "BUY", quantity: 2, price: 6000 }, { transactionType: "SELL", quantity: 1, price: 6050 }], { exchange: "MCXCOMM", multiplier: 1, lotsize: 100 }))
      .toMatchObject({ netQuantity: 1, realizedPnl: 5000 });
  });
  it("no fills is a flat zero position", () => {
    expect(positionFromFills([], { exchange: "NSEEQ", multiplier: 1, lotsize: 1 })).toEqual({ netQuantity: 0, buyQuantity: 0, sellQuantity: 0, buyPrice: 0, sellPrice: 0, realizedPnl: 0 });
  });
});

describe("positions lists", () => {
  // "Positions with netQuantity 0 are closed and are listed after open ones."
  it("closed positions follow open ones, order otherwise kept", () => {
    const ps = [{ id: "a", netQuantity: 0 }, { id: "b", netQuantity: 5 }, { id: "c", netQuantity: 0 }, { id: "d", netQuantity: -3 }];
    expect(sortOpenFirst(ps).map((p) => p.id)).toEqual(["b", "d", "a", "c"]);
  });

  // "For positions, a response whose status is itself an error code is treated as empty."
  it.each([
    [{ status: "EC920", message: "No positions found", result: [{ x: 1 }] }, 0],
    [{ status: "EC999", message: "x", result: [] }, 0],
    [{ status: "Ok", message: "Success", result: [{ x: 1 }] }, 1],
    [{ status: "Ok", message: "Success", result: "junk" }, 0],
    [null, 0],
  ])("%j gives %i positions", (answer, n) => {
    expect(positionsFromResponse(answer)).toHaveLength(n);
  });

  // "Position exit is enabled according to the count of long positions that are not BO or CO."
  it("exit counts long positions that are not BO or CO", () => {
    const ps = [
      { netQuantity: 10, type: "" },
      { netQuantity: 5, type: "BO" },
      { netQuantity: 5, type: "CO" },
      { netQuantity: -5, type: "" },
      { netQuantity: 0, type: "" },
    ];
    expect(exitablePositions(ps)).toEqual([{ netQuantity: 10, type: "" }]);
    expect(isExitEnabled(ps)).toBe(true);
    expect(isExitEnabled(ps.slice(1))).toBe(false);
  });

  // "The underlying tab codes are all, equity 1, derivatives 2, commodity 3 and currency 4."
  it.each<[Exchange, number]>([["NSEEQ", 1], ["BSEEQ", 1], ["NSEFO", 2], ["BSEFO", 2], ["MCXCOMM", 3], ["NCDEXCOMM", 3], ["NSECOMM", 3], ["NSECURR", 4], ["BSECURR", 4]])(
    "%s has tab code %i", (e, code) => {
      expect(positionTabCode(e)).toBe(code);
    });

  it("tabs All, Equity, F&O, Commodity filter by code (currency shows under Commodity)", () => {
    expect(POSITION_TABS.map((t) => t.title)).toEqual(["All", "Equity", "F&O", "Commodity"]);
    const ps = (["NSEEQ", "NSEFO", "MCXCOMM", "NSECURR"] as Exchange[]).map((exchange) => ({ exchange }));
    expect(positionsForTab(ps, ["all"])).toHaveLength(4);
    expect(positionsForTab(ps, [1]).map((p) => p.exchange)).toEqual(["NSEEQ"]);
    expect(positionsForTab(ps, [3, 4]).map((p) => p.exchange)).toEqual(["MCXCOMM", "NSECURR"]);
  });

  it("totals", () => {
    // Bought 8 @ 100 and sold 1 @ 164 today, last 103: realised 64, unrealised 7 x 3 = 21; its day 7 x 103 - 8 x 100 + 164 = 85.
    // One carried in at yesterday's close 110 (bought at 110) and sold today @ 99.50: realised and day both -10.50.
    const day = { exchange: "NSEEQ" as Exchange, multiplier: 1, lotsize: 1, cfSellQuantity: 0, daySellQuantity: 1, sellQuantity: 1 };
    const today = { ...day, realizedPnl: 64, unRealizedPnl: 21, netQuantity: 7, ltp: 103, previousDayClose: 100, cfBuyQuantity: 0, dayBuyQuantity: 8, dayBuyPrice: 100, daySellPrice: 164, buyQuantity: 8, buyPrice: 100, sellPrice: 164 };
    const carried = { ...day, realizedPnl: -10.5, unRealizedPnl: 0, netQuantity: 0, ltp: 101, previousDayClose: 110, cfBuyQuantity: 1, dayBuyQuantity: 0, dayBuyPrice: 0, daySellPrice: 99.5, buyQuantity: 1, buyPrice: 110, sellPrice: 99.5 };
    expect(positionTotals([today, carried])).toEqual({ realizedPnl: 53.5, unRealizedPnl: 21, pnl: 74.5, dayPnl: 74.5, open: 1, closed: 1 });
  });

  /**
   * FINDINGS-26 s1: the card showed the P&L since entry (34,562.50) beside Positions' Day P&L total
   * (17,475.00). Its figure is that total (trading-core, the loss limit's rule: carried positions from
   * yesterday's close, today's trades from their prices) less today's delivery buys still held.
   */
  it("Home's Trading card's Day's P&L is Positions' Day P&L less today's delivery buys still held: the Investment card counts them", () => {
    const none = { multiplier: 1, lotsize: 1, realizedPnl: 0, buyQuantity: 0, buyPrice: 0, sellQuantity: 0, sellPrice: 0, dayBuyQuantity: 0, dayBuyPrice: 0, daySellQuantity: 0, daySellPrice: 0, cfBuyQuantity: 0, cfSellQuantity: 0 };
    const rows = [
      // 10 INFY bought today for delivery at 1,500, last 1,520: +200, in Holdings as T1 shares whose day the Investment card counts.
      { ...none, exchange: "NSEEQ" as Exchange, product: "DELIVERY" as const, netQuantity: 10, buyQuantity: 10, buyPrice: 1500, dayBuyQuantity: 10, dayBuyPrice: 1500, ltp: 1520, previousDayClose: 1490 },
      // Intraday: bought 8 @ 100, sold 1 @ 164, last 103: 7 x 103 - 8 x 100 + 164 = +85.
      { ...none, exchange: "NSEEQ" as Exchange, product: "INTRADAY" as const, netQuantity: 7, realizedPnl: 64, buyQuantity: 8, buyPrice: 100, dayBuyQuantity: 8, dayBuyPrice: 100, sellQuantity: 1, sellPrice: 164, daySellQuantity: 1, daySellPrice: 164, ltp: 103, previousDayClose: 99 },
      // A future carried long 75 (bought at 24,000 days ago), yesterday's close 24,100, last 24,104: the day is 75 x 4 = +300, not its 75 x 104 = +7,800 since entry.
      { ...none, exchange: "NSEFO" as Exchange, product: "NORMAL" as const, netQuantity: 75, cfBuyQuantity: 75, buyQuantity: 75, buyPrice: 24000, ltp: 24104, previousDayClose: 24100 },
      // 5 INFY sold out of the holdings today at 1,512, last 1,520: (1,512 - 1,520) x 5 = -40 stays here (the shares left the holdings).
      { ...none, exchange: "NSEEQ" as Exchange, product: "DELIVERY" as const, netQuantity: -5, sellQuantity: 5, sellPrice: 1512, daySellQuantity: 5, daySellPrice: 1512, ltp: 1520, previousDayClose: 1490 },
    ];
    const live = rows.map((p) => withLtp({ ...p, unRealizedPnl: 0, pnl: 0 }, p.ltp));
    // Positions' Day P&L: 200 + 85 + 300 - 40 = 545; less the +200 the Investment card counts: 345 (the P&L since entry gave 7,845).
    expect(positionTotals(live).dayPnl).toBe(545);
    expect(tradingDaysPnl(live)).toBe(345);
  });
});

describe("shares sold out of the holdings are not a short to exit (a delivery sale beyond what is held is refused: EC949)", () => {
  // A tester's day: 64 INFY held (60 settled, 4 bought today), 20 sold for delivery at 1,200: the
  // DELIVERY position is 4 bought and 20 sold, net -16. x on it opened "Buy INFY-EQ (exit)" for 16:
  // buying back the shares just sold.
  const sale = { exchange: "NSEEQ" as Exchange, token: "1594", tradingSymbol: "INFY-EQ", product: "DELIVERY" as const, netQuantity: -16 };

  it("16 shares left the holding: nothing is open, nothing to exit", () => {
    expect(soldFromHoldings(sale)).toBe(16);
    expect(isOpenPosition(sale)).toBe(false);
    expect(positionExit(sale)).toBeUndefined();
  });

  it("an intraday short of the same shares, a long delivery position and a short future are open as before", () => {
    const intraday = { ...sale, product: "INTRADAY" as const };
    expect(soldFromHoldings(intraday)).toBe(0);
    expect(positionExit(intraday)).toMatchObject({ transactionType: "BUY", quantity: 16, product: "INTRADAY" });
    expect(soldFromHoldings({ ...sale, netQuantity: 16 })).toBe(0);
    expect(positionExit({ ...sale, netQuantity: 16 })).toMatchObject({ transactionType: "SELL", quantity: 16, product: "DELIVERY" });
    const future = { ...sale, exchange: "NSEFO" as Exchange, product: "NORMAL" as const, netQuantity: -75 };
    expect(isOpenPosition(future)).toBe(true);
    expect(positionExit(future)).toMatchObject({ transactionType: "BUY", quantity: 75 });
  });
});
