import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Clock } from "../../server/clock.js";
import type { Instrument, Quote } from "../../server/market/types.js";
import type { OrderRow } from "../../server/orders/record.js";
import { startTrading, type TradingBroker } from "./tradingHarness.js";

/**
 * BO legs over a day: a trailing stop's move is the main order's stop too, a BO still open at the
 * close is squared off (BO is INTRADAY only), and a change keeps the order's placement time. The
 * broker's clock is held still and set by the test; every expected figure is worked out from the
 * prices the test sets.
 */
describe("BO legs: trailing stop, the close and order times", () => {
  let b: TradingBroker;
  let infy: Instrument;
  let now = 0;
  // A round price near INFY's own, so every price the test sets is inside its circuit limits.
  let p0 = 0;
  const setClock = (iso: string) => (now = Date.parse(iso));

  beforeAll(async () => {
    b = await startTrading();
    infy = b.market.bySymbol("NSEEQ", "INFY") as Instrument;
    p0 = Math.round((b.market.quote("NSEEQ", infy.token)?.ltp as number) / 10) * 10;
    const clock: Clock = { now: () => new Date(now), mode: "fixed" };
    setClock("2026-11-23T05:00:00.000Z");
    b.broker.ctx.clock = clock;
  }, 120_000);
  afterAll(async () => b.stop(), 60_000);

  const price = (p: number): Quote => b.market.setPrice("NSEEQ", infy.token, p) as Quote;
  const place = async (over: Record<string, unknown>) => {
    const r = await b.call<{ orderNo: string; orderStatus: string }>("POST", "/core/v2/orders/", { exchange: "NSEEQ", instrumentId: String(infy.token), transactionType: "BUY", quantity: 1, product: "INTRADAY", orderComplexity: "REGULAR", orderType: "LIMIT", validity: "DAY", ...over });
    expect(r.status, r.message).toBe("Ok");
    return r.result[0]!;
  };
  const book = async () => (await b.call<OrderRow>("POST", "/core/v2/orders/book")).result;
  const order = async (no: string) => (await book()).find((o) => o.orderNo === no)!;
  const legsOf = async (no: string) => (await book()).filter((o) => o.mainLegOrderId === no);
  const boPosition = async () => (await b.call<{ type: string; netQuantity: number; tradingSymbol: string }>("POST", "/core/v2/positions")).result.find((p) => p.type === "BO" && p.tradingSymbol === infy.tradingSymbol);

  /**
   * A BO bought at p0 with its stop 50 below and a trail of 5, then the price 12 past its entry: by the
   * trailing rule (the stop moves by whole trails of the best move past the entry) two whole trails, so
   * its stop-loss leg stands 40 below p0. Returns the entry, its average and the stop leg.
   */
  const trailedBo = async () => {
    const q = price(p0);
    const entry = await place({ orderComplexity: "BO", price: q.asks[0]!.price, targetPrice: p0 + 100, stopLossPrice: p0 - 50, trailingSlAmount: 5 });
    expect(entry.orderStatus).toBe("complete");
    const e = (await order(entry.orderNo)).averageTradedPrice;
    price(Math.round((e + 12) * 100) / 100);
    const stop = (await legsOf(entry.orderNo)).find((l) => l.orderType === "SLM")!;
    return { entry, e, stop };
  };

  it("a trailing stop that moves the stop-loss leg moves the main order's stop-loss price with it", async () => {
    // 12 points past the entry is 2 whole trails of 5: from 50 below p0 to 40 below.
    const { entry, stop } = await trailedBo();
    expect(stop.triggerPrice).toBe(p0 - 40);
    expect((await order(entry.orderNo)).stopLossPrice).toBe(p0 - 40);
    // Said as the trail's move, from the stop it stood at (50 below p0), as a trailing stop's is: "Trail moved", not "Modified".
    const why = b.updates.filter((u) => u.update.brokerOrderId === stop.orderNo && u.update.modified === true).map((u) => [u.update.modifyReason, u.update.previousTrigger]);
    expect(why).toEqual([["trail", p0 - 50]]);
    // Out through the moved stop, so the next days start flat.
    price(p0 - 45);
    expect((await order(stop.orderNo)).orderStatus).toBe("complete");
  });

  it("a trader's modify of a trailing stop leg stands: the trail goes on from the stop the trader set, never back to the old one", async () => {
    // 12 past the entry: two whole trails of 5, the stop from 50 below p0 to 40 below (as above).
    const { entry, e, stop } = await trailedBo();
    expect((await order(stop.orderNo)).triggerPrice).toBe(p0 - 40);
    // The trader tightens it to 20 below p0: it stays there (the trail from the entry said 40 below).
    expect((await b.call("PUT", `/core/v2/orders/${stop.orderNo}`, { triggerPrice: p0 - 20 })).status).toBe("Ok");
    expect((await order(stop.orderNo)).triggerPrice).toBe(p0 - 20);
    expect((await order(entry.orderNo)).stopLossPrice).toBe(p0 - 20);
    // 3 more (15 past the entry, 3 past the best when the trader moved it): less than a trail past that best, it stays.
    price(Math.round((e + 15) * 100) / 100);
    expect((await order(stop.orderNo)).triggerPrice).toBe(p0 - 20);
    // 17 past the entry: a whole trail of 5 past that best (12), so 5 up from the trader's stop, to 15 below p0.
    price(Math.round((e + 17) * 100) / 100);
    expect((await order(stop.orderNo)).triggerPrice).toBe(p0 - 15);
    expect((await order(entry.orderNo)).stopLossPrice).toBe(p0 - 15);
    // Out through it, so the next tests start flat.
    price(p0 - 16);
    expect((await order(stop.orderNo)).orderStatus).toBe("complete");
  });

  it("a lapse keeps the order's time (when it was placed); the lapse carries its own time in its update and history", async () => {
    setClock("2026-11-25T05:00:00.000Z"); // Wed 10:30 IST
    price(p0);
    const resting = await place({ price: p0 - 100 });
    expect((await order(resting.orderNo)).orderTime).toBe("2026-11-25T05:00:00.000Z");
    setClock("2026-11-25T10:05:00.000Z"); // 15:35 IST: the equity session closed at 15:30
    b.engine.sweep();
    const row = await order(resting.orderNo);
    expect(row.orderStatus).toBe("lapsed");
    expect(row.orderTime).toBe("2026-11-25T05:00:00.000Z");
    const lapse = b.updates.find((u) => u.update.brokerOrderId === resting.orderNo && u.update.orderStatus === "lapsed");
    expect(lapse?.update.brokerUpdateTime).toBe("2026-11-25T10:05:00.000Z");
    const history = (await b.call<OrderRow>("POST", `/core/v2/orders/${resting.orderNo}`)).result;
    expect(history.at(0)?.orderTime).toBe("2026-11-25T05:00:00.000Z");
    expect(history.at(-1)).toMatchObject({ orderStatus: "lapsed", orderTime: "2026-11-25T10:05:00.000Z" });
  });

  it("a BO still open at the close is squared off at market through its stop-loss leg, its legs keeping their placement time", async () => {
    setClock("2026-11-26T05:00:00.000Z"); // Thu 10:30 IST
    const q = price(p0);
    const entry = await place({ orderComplexity: "BO", price: q.asks[0]!.price, quantity: 2, targetPrice: p0 + 100, stopLossPrice: p0 - 100 });
    expect(entry.orderStatus).toBe("complete");
    expect((await boPosition())?.netQuantity).toBe(2);
    const last = price(p0 + 10);
    setClock("2026-11-26T10:05:00.000Z"); // 15:35 IST
    b.engine.sweep();
    const legs = await legsOf(entry.orderNo);
    const stop = legs.find((l) => l.orderType === "SLM")!;
    const target = legs.find((l) => l.orderType === "LIMIT")!;
    // A sell at market takes the best bid; the target then protects nothing (OCO) and is cancelled.
    expect(stop).toMatchObject({ orderStatus: "complete", filledQuantity: 2, averageTradedPrice: last.bids[0]!.price, orderTime: "2026-11-26T05:00:00.000Z" });
    expect(target).toMatchObject({ orderStatus: "cancelled", orderTime: "2026-11-26T05:00:00.000Z" });
    expect((await boPosition())?.netQuantity).toBe(0);
  });
});
