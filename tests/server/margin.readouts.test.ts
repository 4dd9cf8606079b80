import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { preOrderMargin } from "../../server/orders/margin.js";
import type { OrderBody, PreOrderMargin } from "../../src/core/wire/orders.js";
import type { Instrument } from "../../server/market/types.js";
import { startTrading, type TradingBroker } from "./tradingHarness.js";

/** Issue 11, item 6: the order window's margin read-out, as the broker answers it. */
describe("pre-order margin read-outs", () => {
  let b: TradingBroker;
  const userId = "DEMO1";
  const ask = (inst: Instrument, over: Partial<OrderBody>): OrderBody => ({
    exchange: inst.exchange, instrumentId: String(inst.token), transactionType: "BUY", quantity: 1, product: "DELIVERY",
    orderComplexity: "REGULAR", orderType: "LIMIT", price: 0, validity: "DAY", marketProtection: 0, slTriggerPrice: 0, ...over,
  });
  const margin = async (inst: Instrument, over: Partial<OrderBody>) => {
    const env = await b.call<PreOrderMargin>("POST", "/core/v2/preordermargin", ask(inst, over));
    expect(env.status, env.message).toBe("Ok");
    return env.result[0]!;
  };
  const ltp = (inst: Instrument) => b.market.quote(inst.exchange, inst.token)!.ltp;

  beforeAll(async () => {
    b = await startTrading();
  }, 120_000);
  afterAll(async () => b.stop(), 60_000);

  // The margin table: "equity DELIVERY (and NORMAL) buy: 100% of value (cash)", whatever the share.
  it("a delivery buy needs the whole value on every NSE and BSE share of the master", () => {
    const shares = b.market.instruments().filter((i) => (i.exchange === "NSEEQ" || i.exchange === "BSEEQ") && !i.isIndex);
    expect(shares.length).toBeGreaterThan(500);
    const wrong: string[] = [];
    for (const inst of shares) {
      const price = ltp(inst);
      const r = preOrderMargin(b.engine, userId, ask(inst, { quantity: 3, price }));
      if (!r.ok) wrong.push(`${inst.exchange}:${inst.tradingSymbol} ${r.code}`);
      else if (Math.abs(r.value.requiredMargin - 3 * price) > 0.011 || r.value.basis !== "DELIVERY: 100% of value") wrong.push(`${inst.exchange}:${inst.tradingSymbol} ${r.value.requiredMargin} for ${3 * price}`);
    }
    expect(wrong).toEqual([]);
  });

  it("says why: intraday 20 %, BNPL by the share's leverage", async () => {
    const sbin = b.market.bySymbol("NSEEQ", "SBIN")!;
    const price = ltp(sbin);
    const intraday = await margin(sbin, { product: "INTRADAY", quantity: 10, price });
    expect(intraday.requiredMargin).toBeCloseTo(2 * price, 2); // 20 % of 10 x price
    expect(intraday.basis).toBe("INTRADAY: 20% of value (5x leverage)");
    // SBIN is a NIFTY 50 share: BNPL leverage 25, so the client pays 75 %.
    const bnpl = await margin(sbin, { product: "BNPL", quantity: 4, price });
    expect(bnpl.requiredMargin).toBeCloseTo(3 * price, 2);
    expect(bnpl.basis).toBe("BNPL: 75% of value (the broker funds 25%)");
  });

  // The margin-check payload carries no target or stop-loss: a BO or CO has its margin before they are typed.
  it("answers a BO without its legs and a CO without its stop-loss", async () => {
    const sbin = b.market.bySymbol("NSEEQ", "SBIN")!;
    const price = ltp(sbin);
    const bo = await margin(sbin, { product: "INTRADAY", orderComplexity: "BO", quantity: 10, price });
    expect(bo.requiredMargin).toBeCloseTo(2 * price, 2);
    expect(bo.basis).toBe("BO: 20% of value (5x leverage)");
    const co = await margin(sbin, { product: "INTRADAY", orderComplexity: "CO", quantity: 10, price });
    expect(co.requiredMargin).toBeCloseTo(2 * price, 2);
    // A place still needs them.
    const placed = await b.call("POST", "/core/v2/orders/", ask(sbin, { product: "INTRADAY", orderComplexity: "BO", quantity: 10, price }));
    expect(placed.status).toBe("EC933");
  });

  it("an order that closes an open position adds no margin; beyond it, only the rest", async () => {
    const tcs = b.market.bySymbol("NSEEQ", "TCS")!;
    const bought = await b.call("POST", "/core/v2/orders/", ask(tcs, { product: "INTRADAY", orderType: "MARKET", quantity: 4 }));
    expect(bought.status, bought.message).toBe("Ok");
    const price = ltp(tcs);
    const exit = await margin(tcs, { product: "INTRADAY", transactionType: "SELL", quantity: 4, price });
    expect(exit.currentOrderMargin).toBe(0);
    expect(exit.requiredMargin).toBeCloseTo(0.2 * 4 * price, 2); // the order on its own, as before
    expect(exit.basis).toContain("closes an open position");
    // Selling 6 against a long 4: the 2 beyond open a short, 20 % of their value.
    const beyond = await margin(tcs, { product: "INTRADAY", transactionType: "SELL", quantity: 6, price });
    expect(beyond.currentOrderMargin).toBeCloseTo(0.2 * 2 * price, 2);
  });

  // "Sell from holdings: no margin" holds only for shares held: a delivery sale beyond the holding is
  // refused on Enter ("Insufficient holdings to sell", EC949), and the margin check says so first.
  it("a delivery sale of shares held needs no margin; beyond the holding, the basis says it is refused (EC949)", async () => {
    const itc = b.market.bySymbol("NSEEQ", "ITC")!;
    const price = ltp(itc);
    // DEMO1's seed: 300 ITC for delivery, 100 more as BNPL (server/portfolio/seed.ts).
    const held = await margin(itc, { transactionType: "SELL", quantity: 300, price });
    expect([held.requiredMargin, held.basis]).toEqual([0, "Sell from holdings: no margin"]);
    const beyond = await margin(itc, { transactionType: "SELL", quantity: 301, price });
    expect([beyond.basis, beyond.refusedWith]).toEqual(["Insufficient holdings to sell: available 300; placing it is refused (EC949)", "EC949"]);
    expect(held.refusedWith).toBeUndefined();
    const sbin = b.market.bySymbol("NSEEQ", "SBIN")!;
    const none = await margin(sbin, { transactionType: "SELL", quantity: 1, price: ltp(sbin) });
    expect(none.basis).toBe("Insufficient holdings to sell: available 0; placing it is refused (EC949)");
    // An intraday sale sells short: no holding needed.
    expect((await margin(sbin, { product: "INTRADAY", transactionType: "SELL", quantity: 1, price: ltp(sbin) })).basis).toBe("INTRADAY: 20% of value (5x leverage)");
  });
});
