import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BasketLeg } from "../../../src/core/rules/basket.js";
import { basketMargin } from "../../../src/core/rules/basketMargin.js";
import type { PreOrderMargin, SpanAnswer } from "../../../src/core/wire/orders.js";
import type { Instrument } from "../../../server/market/types.js";
import { OPEN_TIME, startTrading, type TradingBroker } from "../tradingHarness.js";

/**
 * A basket's required margin (exploratory test, bug 1): "what the broker would block for its legs
 * as they would be placed": each leg's product and its limit price (the last price for a market
 * leg), through the broker's own margin check. DEMO1 holds 80 HDFCBANK in the demat, is long
 * one lot (75) of the NIFTY November future (NORMAL) and has no equity positions. Rates: intraday 20 % of value, delivery 100 %, a sale from
 * holdings 0, futures SPAN 9 % + exposure 3 % (src/core/rules/margin.ts).
 */
describe("a basket's required margin is its legs' margins as they would be placed", () => {
  let b: TradingBroker;
  let scripId = 0;
  const inst = (exchange: "NSEEQ" | "NSEFO", symbol: string) => b.market.bySymbol(exchange, symbol) as Instrument;
  const ltp = (i: Instrument) => b.market.quote(i.exchange, i.token)?.ltp as number;
  const leg = (i: Instrument, f: Pick<BasketLeg, "transType" | "qty" | "product" | "orderType" | "price">): BasketLeg => ({ scripId: ++scripId, exchange: i.exchange, token: i.token, trigger: 0, ...f });
  const margin = (legs: BasketLeg[]) =>
    basketMargin(legs, async (req) => {
      const r = await b.call<PreOrderMargin>("POST", "/core/v2/preordermargin", req);
      const m = r.result[0]?.currentOrderMargin;
      return r.status === "Ok" && m !== undefined ? { ok: true, margin: m } : { ok: false, message: r.message };
    });
  const total = async (legs: BasketLeg[]) => {
    const m = await margin(legs);
    return m.ok ? m.total : m.message;
  };

  beforeAll(async () => {
    b = await startTrading(OPEN_TIME, undefined, "DEMO1");
  }, 120_000);
  afterAll(async () => b.stop(), 60_000);

  it("the explorer's basket: INFY 10 buy @ 1140 and HDFCBANK 100000 sell, both intraday (the default product)", async () => {
    const infy = inst("NSEEQ", "INFY");
    const hdfc = inst("NSEEQ", "HDFCBANK");
    const legs = [leg(infy, { transType: "BUY", qty: 10, product: "INTRADAY", orderType: "LIMIT", price: 1140 }), leg(hdfc, { transType: "SELL", qty: 100_000, product: "INTRADAY", orderType: "MARKET", price: 0 })];
    // INFY: 20 % of 10 x 1140 = 2,280. HDFCBANK: 20 % of 100,000 x the last price = 20,000 x ltp.
    expect(await total(legs)).toBeCloseTo(2280 + 20_000 * ltp(hdfc), 2);
    // What the pane showed, the span call: every leg NORMAL at the last price, so INFY at its full
    // value at ltp and the intraday short at nothing. Kept as the span call's contract.
    const span = await b.call<SpanAnswer>("POST", "/span/spanexposure", legs.map((l) => ({ exchange: l.exchange, instrumentId: String(l.token), transactionType: l.transType, quantity: l.qty })));
    expect(span.result[0]?.totalMargin).toBeCloseTo(10 * ltp(infy), 2);
  });

  it("intraday buys at their limit prices are a fifth of their value, not the full value at the last price", async () => {
    const legs = [leg(inst("NSEEQ", "SBIN"), { transType: "BUY", qty: 100, product: "INTRADAY", orderType: "LIMIT", price: 800 })];
    // 20 % of 100 x 800 = 16,000.
    expect(await total(legs)).toBe(16_000);
  });

  it("delivery: a buy blocks its full value, a sale of shares held blocks nothing", async () => {
    const legs = [
      leg(inst("NSEEQ", "INFY"), { transType: "BUY", qty: 10, product: "DELIVERY", orderType: "LIMIT", price: 1300 }),
      leg(inst("NSEEQ", "HDFCBANK"), { transType: "SELL", qty: 30, product: "DELIVERY", orderType: "MARKET", price: 0 }),
    ];
    // 10 x 1300 = 13,000, and 0 for 30 of the 80 HDFCBANK in the demat.
    expect(await total(legs)).toBe(13_000);
  });

  it("F&O legs: SPAN + exposure at the leg's price, each on its own (no hedge benefit is modelled); a leg closing the open position adds nothing", async () => {
    const fut = b.market.instruments().find((i) => i.exchange === "NSEFO" && i.symbol === "NIFTY" && i.insType === "FUTIDX") as Instrument;
    expect(fut.lotSize).toBe(75);
    const legs = [
      leg(fut, { transType: "BUY", qty: 150, product: "NORMAL", orderType: "LIMIT", price: 24_400 }),
      leg(fut, { transType: "SELL", qty: 75, product: "INTRADAY", orderType: "LIMIT", price: 24_500 }),
      leg(fut, { transType: "SELL", qty: 75, product: "NORMAL", orderType: "LIMIT", price: 24_500 }),
    ];
    // 12 % of 150 x 24,400 = 439,200; 12 % of 75 x 24,500 = 220,500 for the intraday short (it
    // nets nothing against the NORMAL long); 0 for the NORMAL sell, which closes the long 75.
    expect(await total(legs)).toBe(659_700);
  });

  it("a leg the broker would refuse (INFY @ 1500, above its upper circuit) leaves the figure unknown, with the leg and why", async () => {
    const infy = inst("NSEEQ", "INFY");
    const upper = b.market.quote(infy.exchange, infy.token)?.upperCircuit as number;
    expect(upper).toBeLessThan(1500);
    const legs = [leg(inst("NSEEQ", "SBIN"), { transType: "BUY", qty: 100, product: "INTRADAY", orderType: "LIMIT", price: 800 }), leg(infy, { transType: "BUY", qty: 10, product: "INTRADAY", orderType: "LIMIT", price: 1500 })];
    const m = await margin(legs);
    expect(m).toMatchObject({ ok: false, scripId: legs[1]!.scripId });
    expect(m.ok ? "" : m.message).toMatch(/circuit/i);
  });
});
