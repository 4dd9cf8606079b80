import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { preOrderMargin } from "../../server/orders/margin.js";
import type { Instrument } from "../../server/market/types.js";
import type { OrderBody } from "../../src/core/wire/orders.js";
import { startTrading, type TradingBroker } from "./tradingHarness.js";

/**
 * FINDINGS-24 s3. The broker's rule (rules/closingMargin.ts; the spec leaves margin rules to the
 * broker, trading-core: "see the margin an order needs before placing it"): "an order against an
 * open position of the same product closes that much first, which adds no exposure. The position
 * can be closed once: working orders on the closing side placed before this one have claimed their
 * pending quantity of it already". Long SBIN 10 INTRADAY with a working SELL 10 @ far above (the
 * trader's target): a second SELL 10 closes nothing the target has not claimed, so it needs the
 * intraday margin, 20 % of 10 x price = 2 x price; it read ₹0.00, and once it filled the target
 * stood as a naked short that held no margin.
 */
describe("closing orders share the position they close", () => {
  let b: TradingBroker;
  let sbin: Instrument;
  const user = "DEMO1";
  const ltp = () => b.market.quote(sbin.exchange, sbin.token)!.ltp;
  const order = (over: Partial<OrderBody>): OrderBody => ({
    exchange: sbin.exchange, instrumentId: String(sbin.token), transactionType: "SELL", quantity: 10, product: "INTRADAY",
    orderComplexity: "REGULAR", orderType: "LIMIT", price: 0, validity: "DAY", marketProtection: 0, slTriggerPrice: 0, ...over,
  });
  const marginOf = (over: Partial<OrderBody>) => {
    const r = preOrderMargin(b.engine, user, order(over));
    if (!r.ok) throw new Error(r.message);
    return r.value;
  };
  const working = (orderNo: string) => b.engine.workingOrder(user, orderNo)!;

  beforeAll(async () => {
    b = await startTrading();
    sbin = b.market.bySymbol("NSEEQ", "SBIN")!;
  }, 120_000);
  afterAll(async () => b.stop(), 60_000);

  it("a second full-size exit needs margin; the first one's fill makes the working target hold its short's", () => {
    const bought = b.engine.placeOrder(user, order({ transactionType: "BUY", orderType: "MARKET" }));
    expect(bought.status).toBe("Ok");
    const price = ltp();
    // Alone against the long 10, an exit of 10 closes it: no margin.
    expect(marginOf({ price }).currentOrderMargin).toBe(0);

    const targetPrice = Math.round(price * 1.1 * 20) / 20;
    const target = b.engine.placeOrder(user, order({ price: targetPrice }));
    expect(target.status).toBe("Ok");
    const targetNo = target.orderNo;
    expect(working(targetNo).blocked.total).toBe(0); // it closes the long

    // The target claims the 10: a second SELL 10 opens a short 10 (20 % of 10 x price), a SELL 15 a short 15.
    expect(marginOf({ price }).currentOrderMargin).toBeCloseTo(2 * price, 2);
    expect(marginOf({ price, quantity: 15 }).currentOrderMargin).toBeCloseTo(3 * price, 2);
    // A modify of the target itself still closes the long: its own claim is not counted against it.
    expect(marginOf({ price: targetPrice, orderNo: targetNo } as Partial<OrderBody>).currentOrderMargin).toBe(0);

    // The second exit fills at the market: the long is closed, and the target now opens a short 10 at its price.
    const exit = b.engine.placeOrder(user, order({ orderType: "MARKET" }));
    expect(exit.status).toBe("Ok");
    expect(working(targetNo).blocked.total).toBeCloseTo(2 * targetPrice, 2);
  });
});
