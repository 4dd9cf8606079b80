import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Instrument } from "../../server/market/types.js";
import type { OrderBody, PlaceResult, PreOrderMargin } from "../../src/core/wire/orders.js";
import { startTrading, type Envelope, type TradingBroker } from "./tradingHarness.js";

/**
 * The margin check of a modify (`orderNo` in the margin-check payload) is the modify's, not a new
 * order's: the order's own claim on the holding and the margin it holds are left out, as the modify
 * leaves them out (server/orders/changes.ts). A new order's check counted both against it: a resting
 * sale of every share held read EC949 in its own modify window, and a buy's new margin was set
 * against a limit that still held the old.
 */
describe("the margin check of a modify", () => {
  let b: TradingBroker;
  const userId = "DEMO1";
  const ask = (inst: Instrument, over: Partial<OrderBody>): OrderBody => ({
    exchange: inst.exchange, instrumentId: String(inst.token), transactionType: "BUY", quantity: 1, product: "DELIVERY",
    orderComplexity: "REGULAR", orderType: "LIMIT", price: 0, validity: "DAY", marketProtection: 0, slTriggerPrice: 0, ...over,
  });
  const check = (body: OrderBody & { orderNo?: string }) => b.call<PreOrderMargin>("POST", "/core/v2/preordermargin", body);
  const margin = async (body: OrderBody & { orderNo?: string }) => {
    const env = await check(body);
    expect(env.status, env.message).toBe("Ok");
    return env.result[0]!;
  };
  const place = async (body: OrderBody) => {
    const env = (await b.call("POST", "/core/v2/orders/", body)) as Envelope<PlaceResult>;
    expect(env.status, env.message).toBe("Ok");
    return env.result[0]!.orderNo;
  };
  /** A price `ticks` ticks from the last price, on the tick grid. */
  const priceAt = (inst: Instrument, ticks: number) => Math.round((Math.round(b.market.quote(inst.exchange, inst.token)!.ltp / inst.tickSize) + ticks) * inst.tickSize * 100) / 100;
  const paise = (x: number) => Math.round(x * 100);

  beforeAll(async () => {
    b = await startTrading();
  }, 120_000);
  afterAll(async () => b.stop(), 60_000);

  // DEMO1's seed: 300 ITC for delivery (server/portfolio/seed.ts). The rule (holdingClaims.ts): "the
  // holding less what the client's other working sells already claim. A new order asks for its
  // quantity; a modified one for what it would still have to sell, `except` itself."
  it("a resting delivery sale of every share held is not refused by its own claim; raised past the holding it is (EC949)", async () => {
    const itc = b.market.bySymbol("NSEEQ", "ITC")!;
    const price = priceAt(itc, Math.round((b.market.quote(itc.exchange, itc.token)!.ltp * 0.05) / itc.tickSize)); // ~5 % over: it rests
    const sale = ask(itc, { transactionType: "SELL", quantity: 300, price });
    const orderNo = await place(sale);

    // As a new order it is refused: the resting sale claims all 300, 300 - 300 = 0 are free.
    const asNew = await margin(sale);
    expect([asNew.refusedWith, asNew.basis]).toEqual(["EC949", "Insufficient holdings to sell: available 0; placing it is refused (EC949)"]);
    // As its own modify: no other working sale, 300 - 0 = 300 free, 300 asked: covered, and a sale from holdings needs no margin.
    const own = await margin({ ...sale, orderNo });
    expect(own.refusedWith).toBeUndefined();
    expect([own.basis, own.requiredMargin, own.currentOrderMargin, own.shortfall]).toEqual(["Sell from holdings: no margin", 0, 0, 0]);
    // Raised to 400: 400 asked of the 300 free.
    const raised = await margin({ ...sale, quantity: 400, orderNo });
    expect([raised.refusedWith, raised.basis]).toEqual(["EC949", "Insufficient holdings to sell: available 300; the modify is refused (EC949)"]);
    // The modify itself says the same.
    expect((await b.call("PUT", `/core/v2/orders/${orderNo}`, { quantity: 400 })).status).toBe("EC949");
    expect((await b.call("PUT", `/core/v2/orders/${orderNo}`, { quantity: 300, price })).status).toBe("Ok");
    expect((await b.call("DELETE", `/core/v2/orders/${orderNo}`, {})).status).toBe("Ok");
  });

  // The margin table: "equity DELIVERY buy: 100% of value". The modify's funds rule (changes.ts):
  // the new margin less what the order holds now must fit the trading limit, so what is available to
  // the new terms is the limit plus what the order holds.
  it("a limit buy's modify check shows the margin of the new terms, against the limit with the order's own margin released", async () => {
    const mrf = b.market.bySymbol("NSEEQ", "MRF")!;
    const price = priceAt(mrf, -20); // below the market: it rests
    const limit0 = b.engine.portfolio.tradingLimit(userId);
    // An old order of about 60 % of the limit and new terms of about 70 %: the new fit the limit alone, old and new together do not.
    const oldQty = Math.floor((0.6 * limit0) / price);
    const newQty = Math.floor((0.7 * limit0) / price);
    expect(oldQty).toBeGreaterThan(0);
    expect(newQty).toBeGreaterThan(oldQty);
    expect(paise(newQty * price)).toBeLessThanOrEqual(paise(limit0));
    expect(paise((oldQty + newQty) * price)).toBeGreaterThan(paise(limit0));
    const buy = ask(mrf, { quantity: oldQty, price });
    const orderNo = await place(buy);
    // The order holds 100 % of its value: the limit is that much less.
    expect(paise(b.engine.portfolio.tradingLimit(userId))).toBe(paise(limit0) - paise(oldQty * price));

    const own = await margin({ ...buy, quantity: newQty, orderNo });
    expect(paise(own.requiredMargin)).toBe(paise(newQty * price));
    expect(paise(own.currentOrderMargin)).toBe(paise(newQty * price));
    expect(paise(own.availableMargin)).toBe(paise(limit0)); // the limit now plus the oldQty x price the order holds
    expect(own.shortfall).toBe(0);
    // As a new order the same terms fall short by old plus new less the limit before the order.
    const asNew = await margin({ ...buy, quantity: newQty });
    expect(paise(asNew.availableMargin)).toBe(paise(limit0) - paise(oldQty * price));
    expect(paise(asNew.shortfall)).toBe(paise(oldQty * price) + paise(newQty * price) - paise(limit0));
    // The modify is accepted, as its check said.
    expect((await b.call("PUT", `/core/v2/orders/${orderNo}`, { quantity: newQty })).status).toBe("Ok");
    expect((await b.call("DELETE", `/core/v2/orders/${orderNo}`, {})).status).toBe("Ok");
  });

  it("an order number that is not a working order of the user is refused as an unknown order (EC941)", async () => {
    const itc = b.market.bySymbol("NSEEQ", "ITC")!;
    const body = ask(itc, { quantity: 1, price: priceAt(itc, -20) });
    expect((await check({ ...body, orderNo: "0000000000000" })).status).toBe("EC941");
    const orderNo = await place(body);
    expect((await b.call("DELETE", `/core/v2/orders/${orderNo}`, {})).status).toBe("Ok");
    expect((await check({ ...body, orderNo })).status).toBe("EC941");
  });
});
