import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Instrument } from "../../server/market/types.js";
import { startTrading, PRE_OPEN_TIME, type TradingBroker } from "./tradingHarness.js";

/**
 * Every order, position, funds and account error code the paper broker answers, produced
 * against the real server over HTTP (trading-core sections 5 and 8; issue 5 item 2). Each
 * refusal must change nothing: the order book, positions and limits are compared before and after.
 */
describe("order validation over HTTP", () => {
  let b: TradingBroker;
  let infy: Instrument;
  let ltp: number;
  let niftyFut: Instrument;
  let niftyOpt: Instrument;
  let noBnpl: Instrument;
  let bseInfy: Instrument;

  const base = (over: Record<string, unknown> = {}): Record<string, unknown> => ({
    exchange: "NSEEQ",
    instrumentId: String(infy.token),
    transactionType: "BUY",
    quantity: 1,
    product: "DELIVERY",
    orderComplexity: "REGULAR",
    orderType: "LIMIT",
    validity: "DAY",
    price: ltp,
    ...over,
  });

  // What a refusal must not change. Live prices are left out: an unwatched option is repriced
  // whenever it is quoted, which is the market moving, not the refusal changing anything.
  const snapshot = async () => ({
    book: await b.call("POST", "/core/v2/orders/book"),
    positions: (await b.call("POST", "/core/v2/positions")).result.map((p) => [p.tradingSymbol, p.product, p.netQuantity, p.buyPrice, p.sellPrice, p.realizedPnl]),
    holdings: (await b.call("POST", "/core/v2/holdings")).result.map((h) => [h.isin, h.product, h.totalQuantity, h.t1Quantity, h.averageTradedPrice]),
    limits: await b.call("POST", "/core/limits"),
  });

  beforeAll(async () => {
    b = await startTrading();
    infy = b.market.bySymbol("NSEEQ", "INFY") as Instrument;
    ltp = b.market.quote("NSEEQ", infy.token)?.ltp as number;
    const futs = b.market.instruments().filter((i) => i.exchange === "NSEFO" && i.symbol === "NIFTY" && i.insType === "FUTIDX");
    niftyFut = futs.sort((x, y) => x.expiry.localeCompare(y.expiry))[0] as Instrument;
    niftyOpt = b.market.instruments().find((i) => i.exchange === "NSEFO" && i.symbol === "NIFTY" && i.optionType === "CE") as Instrument;
    noBnpl = b.market.instruments().find((i) => i.exchange === "NSEEQ" && i.insType === "EQ" && i.productLeverage === 0) as Instrument;
    bseInfy = b.market.instruments().find((i) => i.exchange === "BSEEQ" && i.isin === infy.isin) as Instrument;
  }, 120_000);
  afterAll(async () => b.stop(), 60_000);

  async function expectPlaceRefused(body: unknown, code: string) {
    const before = await snapshot();
    const r = await b.call("POST", "/core/v2/orders/", body);
    expect(r.status, JSON.stringify(r)).toBe(code);
    expect(r.message.length).toBeGreaterThan(0);
    if (r.result.length > 0) {
      expect(r.result[0]?.status).toBe(code);
      expect(r.result[0]?.orderNo).toBe("");
    }
    expect(await snapshot()).toEqual(before);
  }

  // The place-order refusals of trading-core section 5 and Tape's reserved-range codes.
  const table: Array<[string, string, () => Record<string, unknown>]> = [
    ["EC900", "instrumentId missing", () => base({ instrumentId: undefined })],
    ["EC901", "unknown exchange", () => base({ exchange: "NYSE" })],
    ["EC902", "unknown instrument", () => base({ instrumentId: "99999999" })],
    ["EC903", "quantity not a positive integer", () => base({ quantity: 0 })],
    ["EC948", "quantity above 50000000", () => base({ quantity: 50_000_001 })],
    ["EC954", "quantity not a multiple of lot size", () => base({ exchange: "NSEFO", instrumentId: String(niftyFut.token), product: "NORMAL", quantity: 10, price: b.market.quote("NSEFO", niftyFut.token)?.ltp })],
    ["EC939", "quantity above the freeze quantity", () => base({ exchange: "NSEFO", instrumentId: String(niftyOpt.token), product: "NORMAL", quantity: niftyOpt.freezeQty + niftyOpt.lotSize, orderType: "MARKET", price: 0 })],
    ["EC904", "DELIVERY off NSEEQ/BSEEQ", () => base({ exchange: "NSEFO", instrumentId: String(niftyFut.token), quantity: 75, price: b.market.quote("NSEFO", niftyFut.token)?.ltp })],
    ["EC905", "BO not INTRADAY", () => base({ orderComplexity: "BO", targetPrice: ltp + 10, stopLossPrice: ltp - 10 })],
    ["EC906", "BO with MARKET", () => base({ orderComplexity: "BO", product: "INTRADAY", orderType: "MARKET", price: 0 })],
    ["EC907", "CO with SL", () => base({ orderComplexity: "CO", product: "INTRADAY", orderType: "SL", slTriggerPrice: ltp - 1 })],
    ["EC908", "buy SL trigger not below price", () => base({ orderType: "SL", slTriggerPrice: ltp + 1 })],
    ["EC909", "sell SL trigger not above price", () => base({ transactionType: "SELL", orderType: "SL", slTriggerPrice: ltp - 1 })],
    ["EC910", "disclosed above quantity", () => base({ quantity: 5, disclosedQuantity: 6 })],
    ["EC911", "disclosed on NSEFO", () => base({ exchange: "NSEFO", instrumentId: String(niftyFut.token), product: "NORMAL", quantity: 75, disclosedQuantity: 75, price: b.market.quote("NSEFO", niftyFut.token)?.ltp })],
    ["EC912", "disclosed under AMO", () => base({ orderComplexity: "AMO", quantity: 5, disclosedQuantity: 1 })],
    ["EC913", "IOC under AMO", () => base({ orderComplexity: "AMO", validity: "IOC" })],
    ["EC914", "orderTag of 51 characters", () => base({ orderTag: "t".repeat(51) })],
    ["EC915", "algoId of 13 characters", () => base({ algoId: "a".repeat(13) })],
    ["EC917", "price off the tick", () => base({ price: ltp + 0.01 + (infy.tickSize > 0.01 ? 0 : 0.001) })],
    ["EC918", "price above the upper circuit", () => base({ price: (b.market.quote("NSEEQ", infy.token)?.upperCircuit as number) + 1 })],
    ["EC919", "insufficient funds", () => base({ quantity: 100_000 })],
    ["EC921", "LIMIT without price", () => base({ price: 0 })],
    ["EC923", "SL without trigger", () => base({ orderType: "SL" })],
    ["EC924", "trigger off the tick", () => base({ orderType: "SLM", price: 0, slTriggerPrice: ltp + 0.013 })],
    ["EC925", "trigger above the upper circuit", () => base({ orderType: "SLM", price: 0, slTriggerPrice: (b.market.quote("NSEEQ", infy.token)?.upperCircuit as number) + 1 })],
    ["EC926", "unknown order type", () => base({ orderType: "STOP" })],
    ["EC927", "unknown product", () => base({ product: "MTF" })],
    ["EC928", "unknown validity", () => base({ validity: "GTC" })],
    ["EC929", "unknown side", () => base({ transactionType: "HOLD" })],
    ["EC930", "unknown complexity", () => base({ orderComplexity: "ICEBERG" })],
    ["EC931", "GTD on equity", () => base({ validity: "GTD", gtdValidityDate: "2026-11-30" })],
    ["EC933", "BO without legs", () => base({ orderComplexity: "BO", product: "INTRADAY" })],
    ["EC934", "buy BO target below price", () => base({ orderComplexity: "BO", product: "INTRADAY", targetPrice: ltp - 5, stopLossPrice: ltp - 10 })],
    ["EC935", "sell BO target above price", () => base({ transactionType: "SELL", orderComplexity: "BO", product: "INTRADAY", targetPrice: ltp + 5, stopLossPrice: ltp + 10 })],
    ["EC936", "buy CO stop-loss above price", () => base({ orderComplexity: "CO", product: "INTRADAY", slTriggerPrice: ltp + 5 })],
    ["EC940", "negative trailing stop-loss", () => base({ trailingSlAmount: -1 })],
    ["EC942", "BNPL where the share has no leverage", () => base({ instrumentId: String(noBnpl.token), product: "BNPL", price: b.market.quote("NSEEQ", noBnpl.token)?.ltp })],
    ["EC943", "market protection above 100", () => base({ orderType: "MARKET", price: 0, marketProtection: 101 })],
    ["EC944", "negative price", () => base({ orderType: "MARKET", price: -5 })],
    ["EC947", "AMO while the market is open", () => base({ orderComplexity: "AMO" })],
    ["EC949", "selling more shares than held", () => base({ transactionType: "SELL", quantity: 10_000 })],
  ];

  for (const [code, what, body] of table) {
    it(`${code}: ${what}, changing nothing`, async () => expectPlaceRefused(body(), code));
  }

  it("EC932: GTD with a bad date on a commodity", async () => {
    const gold = b.market.instruments().find((i) => i.exchange === "MCXCOMM" && i.insType === "FUTCOM") as Instrument;
    const q = b.market.quote("MCXCOMM", gold.token);
    await expectPlaceRefused(base({ exchange: "MCXCOMM", instrumentId: String(gold.token), product: "NORMAL", validity: "GTD", gtdValidityDate: "soon", price: q?.ltp }), "EC932");
  });

  it("EC900: malformed JSON and an empty array get an EC code, not a 500", async () => {
    const bad = await b.call("POST", "/core/v2/orders/", "{not json");
    expect(bad.status).toBe("EC900");
    expect((await b.call("POST", "/core/v2/orders/", [])).status).toBe("EC900");
    expect((await b.call("POST", "/core/v2/orders/", "42")).status).toBe("EC900");
    expect((await b.call("PUT", "/core/v2/orders/123", "[1,")).status).toBe("EC900");
  });

  it("EC076: an exchange the account does not have (DEMO2 is equity only)", async () => {
    const demo2 = await b.login("DEMO2");
    const r = await b.call("POST", "/core/v2/orders/", base({ exchange: "NSEFO", instrumentId: String(niftyFut.token), product: "NORMAL", quantity: 75 }), demo2);
    expect(r.status).toBe("EC076");
  });

  it("EC803 to EC805: dormant, frozen and voluntary-freeze accounts cannot trade or convert", async () => {
    const dormant = await b.login("DORMANT1");
    expect((await b.call("POST", "/core/v2/orders/", base(), dormant)).status).toBe("EC803");
    expect((await b.call("PUT", "/core/v2/positions", {}, dormant)).status).toBe("EC803");
    const setStatus = b.broker.db.prepare("UPDATE users SET account_status = ? WHERE user_id = 'DORMANT1'");
    setStatus.run("FROZEN");
    expect((await b.call("POST", "/core/v2/orders/", base(), dormant)).status).toBe("EC804");
    setStatus.run("VOLUNTARY_FREEZE");
    expect((await b.call("POST", "/core/v2/orders/", base(), dormant)).status).toBe("EC805");
    setStatus.run("DORMANT");
    expect((await b.call("POST", "/core/v2/orders/book", undefined, dormant)).status).toBe("EC916");
  });

  it("EC916, EC938, EC920: empty order book, nothing to cancel, no positions", async () => {
    const demo2 = await b.login("DEMO2");
    expect((await b.call("POST", "/core/v2/orders/book", undefined, demo2)).status).toBe("EC916");
    expect((await b.call("DELETE", "/core/v2/orders/cancelAll", { deviceId: "d", userAgent: "u" }, demo2)).status).toBe("EC938");
    const positions = await b.call("POST", "/core/v2/positions", undefined, demo2);
    expect(positions.status).toBe("EC920");
    expect(positions.result).toEqual([]);
  });

  it("EC941, EC955, EC993, EC937, EC945: unknown orders, final orders, changing what an order is", async () => {
    expect((await b.call("DELETE", "/core/v2/orders/0000000000000")).status).toBe("EC941");
    expect((await b.call("PUT", "/core/v2/orders/0000000000000", { price: 1 })).status).toBe("EC941");
    expect((await b.call("POST", "/core/v2/orders/0000000000000")).status).toBe("EC941");
    const done = await b.call("POST", "/core/v2/orders/", base({ orderType: "MARKET", price: 0 }));
    const doneNo = done.result[0]?.orderNo as string;
    expect(done.result[0]?.orderStatus).toBe("complete");
    expect((await b.call("DELETE", `/core/v2/orders/${doneNo}`)).status).toBe("EC955");
    expect((await b.call("PUT", `/core/v2/orders/${doneNo}`, { price: ltp })).status).toBe("EC993");
    const resting = await b.call("POST", "/core/v2/orders/", base({ quantity: 5, price: b.market.quote("NSEEQ", infy.token)?.lowerCircuit }));
    const no = resting.result[0]?.orderNo as string;
    expect(resting.result[0]?.orderStatus).toBe("open");
    expect((await b.call("PUT", `/core/v2/orders/${no}`, { transactionType: "SELL" })).status).toBe("EC937");
    expect((await b.call("PUT", `/core/v2/orders/${no}`, { quantity: 5, price: 0 })).status).toBe("EC921");
    expect((await b.call("DELETE", `/core/v2/orders/${no}`)).status).toBe("Ok");
    // EC945: a partly filled order cannot go below what has filled.
    const q = b.market.setPrice("NSEEQ", infy.token, ltp);
    const first = q?.asks[0];
    if (!q || !first) throw new Error("no depth");
    const partial = await b.call("POST", "/core/v2/orders/", base({ quantity: first.quantity + 1, price: first.price, product: "INTRADAY" }));
    expect(partial.result[0]?.orderStatus).toBe("partly executed");
    expect((await b.call("PUT", `/core/v2/orders/${partial.result[0]?.orderNo as string}`, { quantity: 1 })).status).toBe("EC945");
    await b.call("DELETE", `/core/v2/orders/${partial.result[0]?.orderNo as string}`);
  });

  it("EC801: a BSE order cannot be modified to SL", async () => {
    const q = b.market.quote("BSEEQ", bseInfy.token);
    if (!q) throw new Error("no BSE quote");
    const r = await b.call("POST", "/core/v2/orders/", base({ exchange: "BSEEQ", instrumentId: String(bseInfy.token), price: q.lowerCircuit }));
    const no = r.result[0]?.orderNo as string;
    expect(r.status).toBe("Ok");
    const m = await b.call("PUT", `/core/v2/orders/${no}`, { orderType: "SL", price: q.lowerCircuit + 1, slTriggerPrice: q.lowerCircuit });
    expect(m.status).toBe("EC801");
    await b.call("DELETE", `/core/v2/orders/${no}`);
  });

  it("EC802: only the price of a BO leg can be modified", async () => {
    // A fresh book: earlier tests took liquidity from the current one.
    const q = b.market.setPrice("NSEEQ", infy.token, ltp);
    const ask = q?.asks[0];
    if (!q || !ask) throw new Error("no depth");
    const tick = infy.tickSize;
    const r = await b.call("POST", "/core/v2/orders/", base({ product: "INTRADAY", orderComplexity: "BO", price: ask.price, quantity: 1, targetPrice: ask.price + 200 * tick, stopLossPrice: ask.price - 200 * tick }));
    expect(r.result[0]?.orderStatus).toBe("complete");
    const legs = (await b.call<{ orderNo: string; mainLegOrderId: string; orderType: string }>("POST", "/core/v2/orders/book")).result.filter((o) => o.mainLegOrderId === r.result[0]?.orderNo);
    const target = legs.find((l) => l.orderType === "LIMIT");
    expect(target).toBeDefined();
    expect((await b.call("PUT", `/core/v2/orders/${target?.orderNo as string}`, { quantity: 2 })).status).toBe("EC802");
    expect((await b.call("PUT", `/core/v2/orders/${target?.orderNo as string}`, { price: ask.price + 300 * tick })).status).toBe("Ok");
  });

  it("EC950 to EC952 and EC954: conversion refusals", async () => {
    const body = { exchange: "NSEEQ", instrumentId: String(infy.token), transactionType: "BUY", quantity: 1, oldProduct: "NORMAL", newProduct: "INTRADAY" };
    expect((await b.call("PUT", "/core/v2/positions", body)).status).toBe("EC950");
    const fut = { ...body, exchange: "NSEFO", instrumentId: String(niftyFut.token), oldProduct: "NORMAL", newProduct: "NORMAL", quantity: 75 };
    expect((await b.call("PUT", "/core/v2/positions", fut)).status).toBe("EC951");
    expect((await b.call("PUT", "/core/v2/positions", { ...fut, newProduct: "DELIVERY" })).status).toBe("EC951");
    expect((await b.call("PUT", "/core/v2/positions", { ...fut, newProduct: "INTRADAY", quantity: 750 })).status).toBe("EC952");
    expect((await b.call("PUT", "/core/v2/positions", { ...fut, newProduct: "INTRADAY", transactionType: "SELL" })).status).toBe("EC952");
    expect((await b.call("PUT", "/core/v2/positions", { ...fut, newProduct: "INTRADAY", quantity: 10 })).status).toBe("EC954");
    expect((await b.call("PUT", "/core/v2/positions", "{x")).status).toBe("EC900");
  });

  it("EC957: a BO position cannot be converted", async () => {
    const wipro = b.market.bySymbol("NSEEQ", "WIPRO") as Instrument;
    const wltp = b.market.quote("NSEEQ", wipro.token)?.ltp as number;
    const q = b.market.setPrice("NSEEQ", wipro.token, wltp);
    const ask = q?.asks[0];
    if (!q || !ask) throw new Error("no depth");
    const r = await b.call("POST", "/core/v2/orders/", base({ instrumentId: String(wipro.token), product: "INTRADAY", orderComplexity: "BO", price: ask.price, quantity: 1, targetPrice: ask.price + 300 * wipro.tickSize, stopLossPrice: ask.price - 300 * wipro.tickSize }));
    expect(r.result[0]?.orderStatus).toBe("complete");
    const conv = await b.call("PUT", "/core/v2/positions", { exchange: "NSEEQ", instrumentId: String(wipro.token), transactionType: "BUY", quantity: 1, oldProduct: "INTRADAY", newProduct: "DELIVERY" });
    expect(conv.status).toBe("EC957");
  });

  it("EC953: add funds refuses a non-positive or absurd amount", async () => {
    expect((await b.call("POST", "/core/v2/funds/add", { amount: -5 })).status).toBe("EC953");
    expect((await b.call("POST", "/core/v2/funds/add", { amount: "lots" })).status).toBe("EC953");
    expect((await b.call("POST", "/core/v2/funds/add", { amount: 1e12 })).status).toBe("EC953");
  });

  it("a missing or bad token is 401, not an envelope error", async () => {
    const res = await fetch(`${b.url}/core/v2/orders/book`, { method: "POST" });
    expect(res.status).toBe(401);
  });
});

describe("session refusals", () => {
  it("EC946: a regular order while the exchange is closed", async () => {
    const b = await startTrading(PRE_OPEN_TIME);
    try {
      const infy = b.market.bySymbol("NSEEQ", "INFY") as Instrument;
      const ltp = b.market.quote("NSEEQ", infy.token)?.ltp as number;
      const body = { exchange: "NSEEQ", instrumentId: String(infy.token), transactionType: "BUY", quantity: 1, product: "DELIVERY", orderType: "LIMIT", validity: "DAY", price: ltp };
      const r = await b.call("POST", "/core/v2/orders/", body);
      expect(r.status).toBe("EC946");
      expect((await b.call("POST", "/core/v2/orders/book")).status).toBe("EC916");
    } finally {
      await b.stop();
    }
  }, 120_000);
});
