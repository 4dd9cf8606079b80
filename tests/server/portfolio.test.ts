import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { roundToTick } from "../../src/core/rules/tick.js";
import type { FundsLimit } from "../../src/core/types/portfolio.js";
import type { Instrument, Quote } from "../../server/market/types.js";
import type { TradeRow } from "../../server/orders/record.js";
import type { HoldingRow } from "../../server/portfolio/portfolio.js";
import type { PositionRow } from "../../server/portfolio/positions.js";
import { startTrading, type TradingBroker } from "./tradingHarness.js";

/** Positions, holdings and funds fed by real fills (issue 6, server side). */
describe("portfolio from fills", () => {
  let b: TradingBroker;
  let infy: Instrument;
  let p0: number;

  const limits = async () => (await b.call<FundsLimit>("POST", "/core/limits")).result;
  const cash = async () => (await limits()).find((l) => l.segment === "CASH") as FundsLimit;
  const positions = async () => (await b.call<PositionRow>("POST", "/core/v2/positions")).result;
  const holdings = async () => (await b.call<HoldingRow>("POST", "/core/v2/holdings")).result;
  const trades = async () => (await b.call<TradeRow>("POST", "/core/v2/orders/trades")).result;
  const place = async (over: Record<string, unknown>) => {
    const r = await b.call<{ orderNo: string; orderStatus: string }>("POST", "/core/v2/orders/", {
      exchange: "NSEEQ",
      instrumentId: String(infy.token),
      transactionType: "BUY",
      quantity: 1,
      product: "INTRADAY",
      orderType: "MARKET",
      validity: "DAY",
      ...over,
    });
    expect(r.status, r.message).toBe("Ok");
    return r.result[0] as { orderNo: string; orderStatus: string };
  };
  const setPrice = (ticks: number): Quote => b.market.setPrice("NSEEQ", infy.token, roundToTick(p0 + ticks * infy.tickSize, infy.tickSize)) as Quote;

  beforeAll(async () => {
    b = await startTrading();
    infy = b.market.bySymbol("NSEEQ", "INFY") as Instrument;
    p0 = b.market.quote("NSEEQ", infy.token)?.ltp as number;
  }, 120_000);
  afterAll(async () => b.stop(), 60_000);

  it("demo accounts start with holdings (some BNPL), overnight positions and funds in every segment", async () => {
    const h = await holdings();
    expect(h.length).toBeGreaterThanOrEqual(5);
    expect(h.some((x) => x.product === "BNPL")).toBe(true);
    expect(h.every((x) => x.totalQuantity > 0 && x.averageTradedPrice > 0 && x.nseInstrumentId !== "")).toBe(true);
    const p = await positions();
    expect(p.length).toBeGreaterThanOrEqual(3);
    expect(new Set(p.map((x) => x.exchange)).size).toBeGreaterThanOrEqual(3);
    const l = await limits();
    expect(l.map((x) => x.segment)).toEqual(["CASH", "FO", "OVERALL"]);
    for (const row of l) {
      for (const field of ["tradingLimit", "cashAvailable", "openingCashLimit", "intradayPayin", "intradayPayout", "adhocMargin", "utilisedTotalMargin", "utilisedSpanMargin", "utilisedExposureMargin", "utilisedCashMargin", "utilisedPremiumMargin", "utilisedOtherMargin", "creditForCashSell", "realizedMTOM", "collateralAvailable", "stockCollatateral", "otherCollateral", "upfrontSellMargin"]) {
        expect(typeof (row as unknown as Record<string, unknown>)[field], field).toBe("number");
      }
    }
    // One cash pool: every row shows the same cash and trading limit; utilisation splits by segment.
    expect(new Set(l.map((x) => x.tradingLimit)).size).toBe(1);
    expect(new Set(l.map((x) => x.openingCashLimit)).size).toBe(1);
    expect((l[2] as FundsLimit).utilisedTotalMargin).toBeCloseTo((l[0] as FundsLimit).utilisedTotalMargin + (l[1] as FundsLimit).utilisedTotalMargin, 2);
  });

  it("two buys and a partial sell give the net quantity, averages, realised and unrealised P&L", async () => {
    setPrice(0);
    const b1 = await place({ quantity: 6 });
    setPrice(20);
    const b2 = await place({ quantity: 4 });
    setPrice(40);
    const s1 = await place({ quantity: 3, transactionType: "SELL" });
    const mine = (await trades()).filter((t) => [b1.orderNo, b2.orderNo, s1.orderNo].includes(t.brokerOrderId));
    const buys = mine.filter((t) => t.transactionType === "BUY");
    const sells = mine.filter((t) => t.transactionType === "SELL");
    const buyAvg = buys.reduce((s, t) => s + t.filledQuantity * t.tradedPrice, 0) / 10;
    const sellAvg = sells.reduce((s, t) => s + t.filledQuantity * t.tradedPrice, 0) / 3;
    const ltp = setPrice(50).ltp;
    const pos = (await positions()).find((p) => p.tradingSymbol === infy.tradingSymbol && p.product === "INTRADAY" && p.type === "") as PositionRow;
    expect(pos.netQuantity).toBe(7);
    expect(pos.buyQuantity).toBe(10);
    expect(pos.sellQuantity).toBe(3);
    expect(pos.buyPrice).toBeCloseTo(buyAvg, 4);
    expect(pos.sellPrice).toBeCloseTo(sellAvg, 4);
    expect(pos.dayBuyPrice).toBeCloseTo(buyAvg, 4);
    expect(pos.realizedPnl).toBeCloseTo(3 * (sellAvg - buyAvg), 2);
    expect(pos.unRealizedPnl).toBeCloseTo(7 * (ltp - buyAvg), 2);
    expect(pos.pnl).toBeCloseTo(pos.realizedPnl + pos.unRealizedPnl, 2);
    expect(pos.ltp).toBe(ltp);
    // Realised P&L reaches the funds as realizedMTOM, net of the charges of every fill.
    const c = await cash();
    const realised = (await positions()).reduce((s, p) => s + p.realizedPnl, 0);
    const charges = (await trades()).reduce((s, t) => s + t.charges, 0);
    expect(charges).toBeGreaterThan(0);
    expect(c.realizedMTOM).toBeCloseTo(realised - charges, 2);
    expect(c.cashAvailable).toBeCloseTo(c.openingCashLimit + c.intradayPayin - c.intradayPayout + c.realizedMTOM, 2);
  });

  it("a working order blocks its margin and cancelling releases exactly that", async () => {
    const before = await cash();
    const q = setPrice(0);
    const limitPrice = q.lowerCircuit;
    const r = await place({ orderType: "LIMIT", price: limitPrice, quantity: 10, product: "DELIVERY" });
    expect(r.orderStatus).toBe("open");
    const during = await cash();
    expect(during.utilisedCashMargin - before.utilisedCashMargin).toBeCloseTo(10 * limitPrice, 2);
    expect(before.tradingLimit - during.tradingLimit).toBeCloseTo(10 * limitPrice, 2);
    const pre = (await b.call<{ requiredMargin: number; availableMargin: number }>("POST", "/core/v2/preordermargin", {
      exchange: "NSEEQ", instrumentId: String(infy.token), transactionType: "BUY", quantity: 10, product: "DELIVERY", orderComplexity: "REGULAR", orderType: "LIMIT", price: limitPrice, validity: "DAY",
    })).result[0];
    expect(pre?.requiredMargin).toBeCloseTo(10 * limitPrice, 2);
    expect(pre?.availableMargin).toBeCloseTo(during.tradingLimit, 2);
    await b.call("DELETE", `/core/v2/orders/${r.orderNo}`);
    expect(await cash()).toEqual(before);
  });

  it("a delivery buy lands in the holdings as T1; a sale out of the holdings credits the funds", async () => {
    const held = (await holdings()).find((h) => h.nseInstrumentId === String(infy.token) && h.product === "DELIVERY") as HoldingRow;
    setPrice(0);
    await place({ product: "DELIVERY", quantity: 5 });
    let now = (await holdings()).find((h) => h.nseInstrumentId === String(infy.token) && h.product === "DELIVERY") as HoldingRow;
    expect(now.totalQuantity).toBe(held.totalQuantity + 5);
    expect(now.t1Quantity).toBe(held.t1Quantity + 5);
    const creditBefore = (await cash()).creditForCashSell;
    const q = setPrice(0);
    const s = await place({ product: "DELIVERY", quantity: 5 + 20, transactionType: "SELL" });
    const sold = (await trades()).filter((t) => t.brokerOrderId === s.orderNo);
    expect(sold.reduce((x, t) => x + t.filledQuantity, 0)).toBe(25);
    now = (await holdings()).find((h) => h.nseInstrumentId === String(infy.token) && h.product === "DELIVERY") as HoldingRow;
    expect(now.totalQuantity).toBe(held.totalQuantity - 20);
    expect(now.t1Quantity).toBe(0);
    // The delivery position went from +5 to -20: 20 shares sold out of the holdings.
    const pos = (await positions()).find((p) => p.tradingSymbol === infy.tradingSymbol && p.product === "DELIVERY") as PositionRow;
    expect(pos.netQuantity).toBe(-20);
    expect((await cash()).creditForCashSell - creditBefore).toBeCloseTo(20 * pos.sellPrice, 2);
    expect(q.bids.length).toBeGreaterThan(0);
    // More than what is left cannot be sold.
    const over = await b.call("POST", "/core/v2/orders/", { exchange: "NSEEQ", instrumentId: String(infy.token), transactionType: "SELL", quantity: now.totalQuantity + 1, product: "DELIVERY", orderType: "MARKET", validity: "DAY" });
    expect(over.status).toBe("EC949");
  });

  it("converting INTRADAY to DELIVERY changes the product, the margin and the holdings, and back", async () => {
    const tcs = b.market.bySymbol("NSEEQ", "TCS") as Instrument;
    b.market.setPrice("NSEEQ", tcs.token, b.market.quote("NSEEQ", tcs.token)?.ltp as number);
    const r = await b.call<{ orderNo: string }>("POST", "/core/v2/orders/", { exchange: "NSEEQ", instrumentId: String(tcs.token), transactionType: "BUY", quantity: 4, product: "INTRADAY", orderType: "MARKET", validity: "DAY" });
    expect(r.status).toBe("Ok");
    const heldBefore = (await holdings()).find((h) => h.nseInstrumentId === String(tcs.token) && h.product === "DELIVERY") as HoldingRow;
    const intraday = (await positions()).find((p) => p.tradingSymbol === tcs.tradingSymbol && p.product === "INTRADAY") as PositionRow;
    expect(intraday.netQuantity).toBe(4);
    const before = await cash();
    const value = 4 * intraday.buyPrice;
    const conv = await b.call("PUT", "/core/v2/positions", { exchange: "NSEEQ", instrumentId: String(tcs.token), transactionType: "BUY", quantity: 4, oldProduct: "INTRADAY", newProduct: "DELIVERY" });
    expect(conv.status, conv.message).toBe("Ok");
    expect(conv.message).toBe("Success");
    const after = await cash();
    // INTRADAY holds 20% of the value, DELIVERY all of it.
    expect(after.utilisedCashMargin - before.utilisedCashMargin).toBeCloseTo(0.8 * value, 1);
    const rows = (await positions()).filter((p) => p.tradingSymbol === tcs.tradingSymbol);
    // Every unit moved out of INTRADAY and nothing else traded in it: no INTRADAY row (portfolio.ts positions).
    expect(rows.map((p) => [p.product, p.netQuantity])).toEqual([["DELIVERY", 4]]);
    expect(rows.find((p) => p.product === "DELIVERY")?.buyPrice).toBeCloseTo(intraday.buyPrice, 4);
    const held = (await holdings()).find((h) => h.nseInstrumentId === String(tcs.token) && h.product === "DELIVERY") as HoldingRow;
    expect(held.t1Quantity).toBe(heldBefore.t1Quantity + 4);
    const back = await b.call("PUT", "/core/v2/positions", { exchange: "NSEEQ", instrumentId: String(tcs.token), transactionType: "BUY", quantity: 4, oldProduct: "DELIVERY", newProduct: "INTRADAY" });
    expect(back.status).toBe("Ok");
    expect((await cash()).utilisedCashMargin).toBeCloseTo(before.utilisedCashMargin, 2);
    expect(((await holdings()).find((h) => h.nseInstrumentId === String(tcs.token) && h.product === "DELIVERY") as HoldingRow).t1Quantity).toBe(heldBefore.t1Quantity);
  });

  it("converting a carried F&O position between NORMAL and INTRADAY", async () => {
    const fut = (await positions()).find((p) => p.exchange === "NSEFO" && p.product === "NORMAL" && p.netQuantity > 0) as PositionRow;
    const r = await b.call("PUT", "/core/v2/positions", { exchange: "NSEFO", instrumentId: fut.instrumentId, transactionType: "BUY", quantity: fut.lotsize, oldProduct: "NORMAL", newProduct: "INTRADAY" });
    expect(r.status, r.message).toBe("Ok");
    const rows = (await positions()).filter((p) => p.instrumentId === fut.instrumentId);
    expect(rows.find((p) => p.product === "INTRADAY")?.netQuantity).toBe(fut.lotsize);
  });

  it("insufficient funds refuses a conversion that needs more margin than is free", async () => {
    const sbin = b.market.bySymbol("NSEEQ", "SBIN") as Instrument;
    const ltp = b.market.quote("NSEEQ", sbin.token)?.ltp as number;
    const free = (await cash()).tradingLimit;
    // 20% of the value fits, all of it does not.
    const qty = Math.floor((free * 1.5) / ltp);
    const r = await b.call("POST", "/core/v2/orders/", { exchange: "NSEEQ", instrumentId: String(sbin.token), transactionType: "BUY", quantity: qty, product: "INTRADAY", orderType: "LIMIT", price: b.market.quote("NSEEQ", sbin.token)?.lowerCircuit, validity: "DAY" });
    expect(r.status, r.message).toBe("Ok");
    expect((await b.call("POST", "/core/v2/orders/", { exchange: "NSEEQ", instrumentId: String(sbin.token), transactionType: "BUY", quantity: qty, product: "DELIVERY", orderType: "LIMIT", price: ltp, validity: "DAY" })).status).toBe("EC919");
    await b.call("DELETE", "/core/v2/orders/cancelAll");
  });

  it("a written option's margin follows its underlying in the funds limits as the underlying moves", async () => {
    // Option writing holds span and exposure on the notional: quantity x the underlying's price x
    // the rates. Its other figures stay; so the FO margin moves by the same amount for each equal
    // move of the underlying, and a move of twice the size moves it twice as much.
    const calls = b.market.instruments().filter((i) => i.exchange === "NSEFO" && i.symbol === "NIFTY" && i.optionType === "CE");
    const expiry = calls.map((c) => c.expiry).sort()[0];
    const u = calls[0]?.underlying as { exchange: "NSEEQ"; token: number };
    const u0 = b.market.quote(u.exchange, u.token)?.ltp as number;
    // A strike a few steps above the market (never the demo account's carried call, the nearest), sold at market.
    const above = calls.filter((c) => c.expiry === expiry && c.strikePrice > u0).sort((a, z) => a.strikePrice - z.strikePrice);
    const call = above[Math.min(3, above.length - 1)] as Instrument;
    await b.call("POST", "/core/v2/funds/add", { amount: 5_000_000 });
    const sold = await place({ exchange: "NSEFO", instrumentId: String(call.token), transactionType: "SELL", quantity: call.lotSize, product: "NORMAL" });
    expect(sold.orderStatus).toBe("complete");
    const fo = async () => {
      const l = (await limits()).find((x) => x.segment === "FO") as FundsLimit;
      return l.utilisedSpanMargin + l.utilisedExposureMargin;
    };
    const at = async (price: number) => {
      b.market.setPrice(u.exchange, u.token, price);
      return fo();
    };
    const m0 = await at(u0);
    const m1 = await at(u0 + 100);
    const m2 = await at(u0 + 300);
    expect(m1 - m0).toBeGreaterThan(0);
    expect(m2 - m1).toBeCloseTo(2 * (m1 - m0), 1);
    expect(await at(u0)).toBeCloseTo(m0, 2);
  });

  it("add funds credits the pay-in and the trading limit", async () => {
    const before = (await limits()).find((l) => l.segment === "FO") as FundsLimit;
    const r = await b.call<FundsLimit>("POST", "/core/v2/funds/add", { amount: 25000.5 });
    expect(r.status).toBe("Ok");
    const after = r.result.find((l) => l.segment === "FO") as FundsLimit;
    expect(after.intradayPayin - before.intradayPayin).toBeCloseTo(25000.5, 2);
    expect(after.tradingLimit - before.tradingLimit).toBeCloseTo(25000.5, 2);
  });

  it("EC922: a client who sells every holding has none", async () => {
    const demo2 = await b.login("DEMO2");
    const held = (await b.call<HoldingRow>("POST", "/core/v2/holdings", undefined, demo2)).result;
    expect(held.length).toBeGreaterThan(0);
    for (const h of held) {
      const r = await b.call("POST", "/core/v2/orders/", { exchange: "NSEEQ", instrumentId: h.nseInstrumentId, transactionType: "SELL", quantity: h.totalQuantity, product: h.product, orderType: "MARKET", validity: "DAY" }, demo2);
      expect(r.status, r.message).toBe("Ok");
    }
    const none = await b.call("POST", "/core/v2/holdings", undefined, demo2);
    expect(none.status).toBe("EC922");
    expect(none.result).toEqual([]);
    expect((await b.call<FundsLimit>("POST", "/core/limits", undefined, demo2)).result[0]?.creditForCashSell).toBeGreaterThan(0);
  });
});
