import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deriveHolding } from "../../src/core/rules/holdings.js";
import type { Instrument } from "../../server/market/types.js";
import type { TradeRow } from "../../server/orders/record.js";
import type { HoldingRow } from "../../server/portfolio/portfolio.js";
import type { PositionRow } from "../../server/portfolio/positions.js";
import { openAccount } from "./books/real.js";
import { startTrading, type TradingBroker } from "./tradingHarness.js";

/**
 * The holdings answer carries what today's (T1) shares cost (t1AveragePrice, 4 decimals as every
 * average on the wire), so that their day's P&L runs from it, as the position's does
 * (src/core/rules/holdings.ts deriveHolding): previousDayBuyValue = carried quantity x previous
 * close + t1Quantity x t1AveragePrice. A client with DEMO1's seeded books (INFY 60 settled) buys
 * 1,000 INFY for delivery, then sells 400, then 630. The expected figures are worked out here from
 * the trade book and the quote by that rule; the market is frozen (TICK_HZ=0).
 */
describe("a holding's day's P&L with shares bought today", () => {
  let b: TradingBroker;
  let token = "";
  let infy: Instrument;

  beforeAll(async () => {
    b = await startTrading();
    token = await openAccount(b, "HOLDINGDAY1");
    await call("POST", "/core/v2/funds/add", { amount: 100_000_000 });
    infy = b.market.bySymbol("NSEEQ", "INFY") as Instrument;
  }, 120_000);
  afterAll(async () => b?.stop(), 60_000);

  const call = <T = Record<string, unknown>>(method: string, path: string, body?: unknown) => b.call<T>(method, path, body, token);
  const place = async (transactionType: "BUY" | "SELL", quantity: number) => {
    const r = await call<{ orderNo: string }>("POST", "/core/v2/orders/", { exchange: "NSEEQ", instrumentId: String(infy.token), transactionType, quantity, product: "DELIVERY", orderType: "MARKET", validity: "DAY" });
    expect(r.status, r.message).toBe("Ok");
    const t = (await call<TradeRow>("POST", "/core/v2/orders/trades")).result.filter((x) => x.brokerOrderId === r.result[0]!.orderNo);
    return { qty: t.reduce((s, x) => s + x.filledQuantity, 0), value: t.reduce((s, x) => s + x.filledQuantity * x.tradedPrice, 0) };
  };
  const holding = async () => (await call<HoldingRow>("POST", "/core/v2/holdings")).result.find((h) => h.isin === infy.isin && h.product === "DELIVERY") as HoldingRow;
  const position = async () => (await call<PositionRow>("POST", "/core/v2/positions")).result.find((p) => p.token === String(infy.token) && p.product === "DELIVERY") as PositionRow;
  const round4 = (x: number) => Math.round(x * 10_000) / 10_000;

  let cost = 0;
  it("buy 1,000: they are T1 at what they cost, and their day's P&L is the position's", async () => {
    const before = await holding();
    expect([before.totalQuantity, before.t1Quantity, before.t1AveragePrice]).toEqual([60, 0, 0]);
    const bought = await place("BUY", 1000);
    expect(bought.qty).toBe(1000);
    cost = round4(bought.value / 1000);
    const row = await holding();
    expect([row.totalQuantity, row.t1Quantity, row.t1AveragePrice]).toEqual([1060, 1000, cost]);
    const { ltp, previousDayClose: close } = row;
    // daysPnl = 60 x (LTP - close) + 1,000 x (LTP - cost): the 60 from yesterday, the 1,000 from their price.
    const view = deriveHolding(row, 0, 1060);
    expect(view.previousDayBuyValue).toBeCloseTo(60 * close + 1000 * cost, 2);
    expect(view.daysPnl).toBeCloseTo(60 * (ltp - close) + 1000 * (ltp - cost), 2);
    // Today's 1,000 agree with Positions: the holding's day less the carried 60's is the DELIVERY position's P&L.
    const pos = await position();
    expect(pos.netQuantity).toBe(1000);
    expect(view.daysPnl - 60 * (ltp - close)).toBeCloseTo(pos.pnl, 2);
  });

  it("sell 400: the sale takes today's shares first, so 600 of them are left at the same cost", async () => {
    expect((await place("SELL", 400)).qty).toBe(400);
    const row = await holding();
    expect([row.totalQuantity, row.t1Quantity, row.t1AveragePrice]).toEqual([660, 600, cost]);
    const { ltp, previousDayClose: close } = row;
    expect(deriveHolding(row, 0, 660).daysPnl).toBeCloseTo(60 * (ltp - close) + 600 * (ltp - cost), 2);
  });

  it("sell 630: the last 600 of today's go, then 30 settled ones; the 30 left count from the previous close", async () => {
    expect((await place("SELL", 630)).qty).toBe(630);
    const row = await holding();
    expect([row.totalQuantity, row.t1Quantity, row.t1AveragePrice]).toEqual([30, 0, 0]);
    expect(deriveHolding(row, 0, 30).daysPnl).toBeCloseTo(30 * (row.ltp - row.previousDayClose), 2);
  });
});
