import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Exchange } from "../../src/core/types/exchange.js";
import type { Instrument } from "../../server/market/types.js";
import type { TradeRow } from "../../server/orders/record.js";
import type { HoldingRow } from "../../server/portfolio/portfolio.js";
import type { PositionRow } from "../../server/portfolio/positions.js";
import { openAccount } from "./books/real.js";
import { startTrading, type TradingBroker } from "./tradingHarness.js";

/**
 * Issue 28: the shrunken sequences the books model test (books.model.test.ts) found on the code
 * before the fix, kept as plain examples, and the user's own INFY sequence. Each client starts
 * with DEMO1's seeded books: INFY 60 @ 979.30, ITC 100 BNPL @ 314.65, SBIN 120 BNPL @ 893.50, and
 * 1 lot each of NIFTY future, USDINR (NORMAL, long) and CRUDEOIL (NORMAL, short) carried overnight.
 * Expected figures are worked out here from the fills (the trade book) by the rules each quotes.
 */
describe("the books after the sequences that broke them", () => {
  let b: TradingBroker;
  let n = 0;
  let token = "";

  beforeAll(async () => {
    b = await startTrading();
  }, 120_000);
  afterAll(async () => b?.stop(), 60_000);

  /** A new client with DEMO1's starting books. */
  const fresh = async () => {
    token = await openAccount(b, `EXAMPLE${++n}`);
    await call("POST", "/core/v2/funds/add", { amount: 100_000_000 });
  };
  const call = <T = Record<string, unknown>>(method: string, path: string, body?: unknown) => b.call<T>(method, path, body, token);
  const inst = (exchange: Exchange, symbol: string) => (exchange.endsWith("EQ") ? b.market.bySymbol(exchange, symbol) : b.market.instruments().find((i) => i.exchange === exchange && i.tradingSymbol === symbol)) as Instrument;
  const place = async (i: Instrument, transactionType: "BUY" | "SELL", quantity: number, product: string, extra: Record<string, unknown> = {}) => {
    const r = await call<{ orderNo: string }>("POST", "/core/v2/orders/", { exchange: i.exchange, instrumentId: String(i.token), transactionType, quantity, product, orderType: "MARKET", validity: "DAY", ...extra });
    expect(r.status, r.message).toBe("Ok");
    return r.result[0]!.orderNo;
  };
  /** What an order filled, and at what average price (the trade book). */
  const filled = async (orderNo: string) => {
    const t = (await call<TradeRow>("POST", "/core/v2/orders/trades")).result.filter((x) => x.brokerOrderId === orderNo);
    const qty = t.reduce((s, x) => s + x.filledQuantity, 0);
    return { qty, value: t.reduce((s, x) => s + x.filledQuantity * x.tradedPrice, 0) };
  };
  const convert = (i: Instrument, transactionType: "BUY" | "SELL", quantity: number, oldProduct: string, newProduct: string) =>
    call("PUT", "/core/v2/positions", { exchange: i.exchange, instrumentId: String(i.token), transactionType, quantity, oldProduct, newProduct });
  const holding = async (isin: string, product: "DELIVERY" | "BNPL") => (await call<HoldingRow>("POST", "/core/v2/holdings")).result.find((h) => h.isin === isin && h.product === product);
  const position = async (i: Instrument, product: string) => (await call<PositionRow>("POST", "/core/v2/positions")).result.find((p) => p.exchange === i.exchange && p.token === String(i.token) && p.product === product) as PositionRow;

  it("the user's INFY: buy 10 for delivery, convert them to INTRADAY, and the holding is 60 @ 979.30 again", async () => {
    await fresh();
    const infy = inst("NSEEQ", "INFY");
    const before = (await holding(infy.isin, "DELIVERY"))!;
    expect([before.totalQuantity, before.t1Quantity, before.averageTradedPrice]).toEqual([60, 0, 979.3]);
    const bought = await filled(await place(infy, "BUY", 10, "DELIVERY"));
    expect(bought.qty).toBe(10);
    // Section 3: totalQuantity includes t1Quantity; the average is the cost of all 70 over 70.
    const mid = (await holding(infy.isin, "DELIVERY"))!;
    expect([mid.totalQuantity, mid.t1Quantity]).toEqual([70, 10]);
    expect(mid.averageTradedPrice).toBeCloseTo((60 * 979.3 + bought.value) / 70, 4);
    expect((await convert(infy, "BUY", 10, "DELIVERY", "INTRADAY")).status).toBe("Ok");
    // Today's 10 go back with their cost: the settled 60 keep their average exactly (before the fix they stayed in the average: 60 @ 1,002.60 at a fill of 1,142.40).
    const after = (await holding(infy.isin, "DELIVERY"))!;
    expect([after.totalQuantity, after.t1Quantity, after.averageTradedPrice]).toEqual([60, 0, 979.3]);
    // Net P&L (currentVal - buyValue, section 3's derived fields) is what it was at the same price.
    expect(after.totalQuantity * (after.ltp - after.averageTradedPrice)).toBeCloseTo(before.totalQuantity * (after.ltp - before.averageTradedPrice), 2);
    // The 10 are an INTRADAY position at their buy price.
    const intraday = await position(infy, "INTRADAY");
    expect(intraday.netQuantity).toBe(10);
    expect(intraday.buyPrice).toBeCloseTo(bought.value / 10, 4);
  });

  it("buy 5 INFY DELIVERY, sell 5 INFY DELIVERY: the sale takes today's 5 and their cost (the average moved before the fix)", async () => {
    await fresh();
    const infy = inst("NSEEQ", "INFY");
    await place(infy, "BUY", 5, "DELIVERY");
    await place(infy, "SELL", 5, "DELIVERY");
    const h = (await holding(infy.isin, "DELIVERY"))!;
    expect([h.totalQuantity, h.t1Quantity, h.averageTradedPrice]).toEqual([60, 0, 979.3]);
  });

  it("buy 5 INFY on BSE for delivery, exit it: the same holding (one ISIN) is 60 @ 979.30 (the average moved before the fix)", async () => {
    await fresh();
    const bse = inst("BSEEQ", "INFY");
    await place(bse, "BUY", 5, "DELIVERY");
    await place(bse, "SELL", 5, "DELIVERY");
    const h = (await holding(bse.isin, "DELIVERY"))!;
    expect([h.totalQuantity, h.t1Quantity, h.averageTradedPrice]).toEqual([60, 0, 979.3]);
  });

  it("buy 1 ITC BNPL, exit it: the BNPL holding is 100 @ 314.65 (the average moved before the fix)", async () => {
    await fresh();
    const itc = inst("NSEEQ", "ITC");
    await place(itc, "BUY", 1, "BNPL");
    await place(itc, "SELL", 1, "BNPL");
    const h = (await holding(itc.isin, "BNPL"))!;
    expect([h.totalQuantity, h.t1Quantity, h.averageTradedPrice]).toEqual([100, 0, 314.65]);
  });

  it("sell 5 SBIN BNPL, buy 1 back: the day's trades net, the 1 is a settled share again (was T1 1 at today's price)", async () => {
    await fresh();
    const sbin = inst("NSEEQ", "SBIN");
    await place(sbin, "SELL", 5, "BNPL");
    await place(sbin, "BUY", 1, "BNPL");
    const h = (await holding(sbin.isin, "BNPL"))!;
    expect([h.totalQuantity, h.t1Quantity, h.averageTradedPrice]).toEqual([116, 0, 893.5]);
    // The round trip's P&L is the day's position's: 1 matched at (sell - buy), by the average method.
    const p = await position(sbin, "BNPL");
    expect(p.netQuantity).toBe(-4);
    expect(p.realizedPnl).toBeCloseTo(1 * (p.sellPrice - p.buyPrice), 2);
  });

  it("buy 1 USDINR NORMAL, convert one lot NORMAL -> INTRADAY: the lot left keeps the average of both (it showed the carried price before the fix)", async () => {
    await fresh();
    const usd = inst("NSECURR", "USDINR26NOVFUT");
    const carried = await position(usd, "NORMAL");
    const bought = await filled(await place(usd, "BUY", 1, "NORMAL"));
    const average = (carried.buyPrice * 1 + bought.value) / 2;
    expect((await convert(usd, "BUY", 1, "NORMAL", "INTRADAY")).status).toBe("Ok");
    // The average method: every open unit carries the open side's average, moved or left (shown to 4 decimals).
    expect((await position(usd, "NORMAL")).buyPrice).toBeCloseTo(average, 3);
    expect((await position(usd, "INTRADAY")).buyPrice).toBeCloseTo(average, 3);
  });

  it("sell 1 CRUDEOIL INTRADAY, convert it to NORMAL, convert one lot back: the short left keeps the average sell price (it showed the carried 5656 before the fix)", async () => {
    await fresh();
    const crude = inst("MCXCOMM", "CRUDEOIL26DECFUT");
    const carried = await position(crude, "NORMAL");
    expect(carried.netQuantity).toBe(-1);
    const sold = await filled(await place(crude, "SELL", 1, "INTRADAY"));
    expect((await convert(crude, "SELL", 1, "INTRADAY", "NORMAL")).status).toBe("Ok");
    const average = (carried.sellPrice + sold.value) / 2;
    expect((await position(crude, "NORMAL")).sellPrice).toBeCloseTo(average, 4);
    expect((await convert(crude, "SELL", 1, "NORMAL", "INTRADAY")).status).toBe("Ok");
    const left = await position(crude, "NORMAL");
    expect(left.netQuantity).toBe(-1);
    expect(left.sellPrice).toBeCloseTo(average, 4);
  });

  it("convert the carried NIFTY future NORMAL -> INTRADAY and back: one row, never a row of net 0 beside it (two rows showed before the fix)", async () => {
    await fresh();
    const rowsOf = async (token: string) => (await call<PositionRow>("POST", "/core/v2/positions")).result.filter((p) => p.exchange === "NSEFO" && p.token === token);
    const carried = (await call<PositionRow>("POST", "/core/v2/positions")).result.find((p) => p.exchange === "NSEFO" && p.tradingSymbol.startsWith("NIFTY") && p.tradingSymbol.endsWith("FUT"))!;
    const lot = carried.netQuantity;
    expect(lot).toBeGreaterThan(0);
    const fut = b.market.instrument("NSEFO", Number(carried.token))!;
    expect((await convert(fut, "BUY", lot, "NORMAL", "INTRADAY")).status).toBe("Ok");
    // Every unit moved: NORMAL kept nothing bought or sold, so it is no position (Tape's decision, portfolio.ts positions).
    expect((await rowsOf(carried.token)).map((p) => [p.product, p.netQuantity])).toEqual([["INTRADAY", lot]]);
    expect((await convert(fut, "BUY", lot, "INTRADAY", "NORMAL")).status).toBe("Ok");
    const back = await rowsOf(carried.token);
    expect(back.map((p) => [p.product, p.netQuantity])).toEqual([["NORMAL", lot]]);
    // The average method: the units moved twice carry the carried price (4 decimals shown).
    expect(back[0]!.buyPrice).toBeCloseTo(carried.buyPrice, 3);
    // A product that traded and closed is still a position: sell the lot INTRADAY and buy it back.
    await place(fut, "SELL", lot, "INTRADAY");
    await place(fut, "BUY", lot, "INTRADAY");
    const after = await rowsOf(carried.token);
    expect(after.map((p) => [p.product, p.netQuantity])).toEqual([["NORMAL", lot], ["INTRADAY", 0]]);
  });

  it("a conversion out of DELIVERY cannot give back shares already sold or claimed by a working sell", async () => {
    await fresh();
    const nse = inst("NSEEQ", "INFY");
    const bse = inst("BSEEQ", "INFY");
    await place(nse, "BUY", 10, "DELIVERY");
    // A sell resting far above the market claims all 70 shares.
    const ltp = b.market.quote("NSEEQ", nse.token)!.ltp;
    const resting = await place(nse, "SELL", 70, "DELIVERY", { orderType: "LIMIT", price: Math.round(ltp * 1.1) });
    const claimed = await convert(nse, "BUY", 10, "DELIVERY", "INTRADAY");
    expect(claimed.status).toBe("EC951");
    expect(claimed.message).toMatch(/only 0 of these shares/);
    await call("DELETE", `/core/v2/orders/${resting}`);
    // Sold on BSE: the holding has nothing left to give back.
    await place(bse, "SELL", 70, "DELIVERY");
    expect((await convert(nse, "BUY", 10, "DELIVERY", "INTRADAY")).status).toBe("EC951");
    expect(await holding(nse.isin, "DELIVERY")).toBeUndefined();
    expect((await position(nse, "DELIVERY")).netQuantity).toBe(10);
  });

  it("a working sale out of the holding cannot be modified to sell more than the holding has free (EC949)", async () => {
    await fresh();
    const infy = inst("NSEEQ", "INFY");
    const ltp = b.market.quote("NSEEQ", infy.token)!.ltp;
    const orderNo = await place(infy, "SELL", 10, "DELIVERY", { orderType: "LIMIT", price: Math.round(ltp * 1.1) });
    const grown = await call("PUT", `/core/v2/orders/${orderNo}`, { quantity: 61 });
    expect(grown.status).toBe("EC949");
    expect(grown.message).toMatch(/available 60/);
    expect((await call("PUT", `/core/v2/orders/${orderNo}`, { quantity: 60 })).status).toBe("Ok");
  });
});
