import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Instrument } from "../../server/market/types.js";
import type { OrderRow } from "../../server/orders/record.js";
import { startTrading, type TradingBroker } from "./tradingHarness.js";

/**
 * "Only price is modifiable on sub-leg orders (EC802)": a leg's price is its limit (a BO target) or
 * its trigger (an SL-M stop). The modify names that one figure; the leg moves, and its main order's
 * target or stop follows it (the main row shows a CO's Trigger from its own slTriggerPrice).
 */
describe("BO/CO sub-leg modify", () => {
  let b: TradingBroker;
  let infy: Instrument;
  let p0: number;
  let tick: number;
  const at = (ticks: number) => Math.round((p0 + ticks * tick) * 100) / 100;
  const body = (over: Record<string, unknown>) => ({ exchange: "NSEEQ", instrumentId: String(infy.token), transactionType: "BUY", quantity: 1, product: "INTRADAY", orderComplexity: "REGULAR", orderType: "LIMIT", validity: "DAY", price: p0, ...over });
  const place = async (over: Record<string, unknown>) => {
    const r = await b.call<{ orderNo: string; orderStatus: string }>("POST", "/core/v2/orders/", body(over));
    expect(r.status, r.message).toBe("Ok");
    return r.result[0] as { orderNo: string; orderStatus: string };
  };
  const book = async () => (await b.call<OrderRow>("POST", "/core/v2/orders/book")).result;
  const order = async (no: string) => (await book()).find((o) => o.orderNo === no) as OrderRow;
  const legsOf = async (no: string) => (await book()).filter((o) => o.mainLegOrderId === no);

  beforeAll(async () => {
    b = await startTrading();
    infy = b.market.bySymbol("NSEEQ", "INFY") as Instrument;
    tick = infy.tickSize;
    p0 = b.market.quote("NSEEQ", infy.token)?.ltp as number;
  }, 120_000);
  afterAll(async () => b.stop(), 60_000);

  it("a BO target's price and its stop's trigger move, each by itself, and the main's target and stop follow", async () => {
    b.market.setPrice("NSEEQ", infy.token, at(0));
    const q = b.market.quote("NSEEQ", infy.token);
    const entry = await place({ orderComplexity: "BO", price: q?.asks[0]?.price, targetPrice: at(30), stopLossPrice: at(-30) });
    expect(entry.orderStatus).toBe("complete");
    const legs = await legsOf(entry.orderNo);
    const target = legs.find((l) => l.orderType === "LIMIT") as OrderRow;
    const stop = legs.find((l) => l.orderType === "SLM") as OrderRow;
    expect((await b.call("PUT", `/core/v2/orders/${target.orderNo}`, { price: at(31) })).status).toBe("Ok");
    expect((await b.call("PUT", `/core/v2/orders/${stop.orderNo}`, { triggerPrice: at(-29) })).status).toBe("Ok");
    expect(await order(target.orderNo)).toMatchObject({ orderType: "LIMIT", price: at(31), quantity: 1 });
    expect(await order(stop.orderNo)).toMatchObject({ orderType: "SLM", triggerPrice: at(-29), quantity: 1 });
    expect(await order(entry.orderNo)).toMatchObject({ targetPrice: at(31), stopLossPrice: at(-29) });
  });

  it("a CO stop's trigger moves and the main's slTriggerPrice says the new stop", async () => {
    b.market.setPrice("NSEEQ", infy.token, at(0));
    const entry = await place({ orderComplexity: "CO", orderType: "MARKET", price: 0, slTriggerPrice: at(-20) });
    const [leg] = await legsOf(entry.orderNo);
    expect((await b.call("PUT", `/core/v2/orders/${leg?.orderNo as string}`, { triggerPrice: at(-19) })).status).toBe("Ok");
    expect(await order(leg?.orderNo as string)).toMatchObject({ orderType: "SLM", triggerPrice: at(-19) });
    expect((await order(entry.orderNo)).slTriggerPrice).toBe(at(-19));
  });

  it("cancel all leaves the legs working", async () => {
    const plain = await place({ price: at(-50) });
    const r = await b.call<{ orderNo: string }>("DELETE", "/core/v2/orders/cancelAll", { deviceId: "x", userAgent: "y" });
    expect(r.result.map((x) => x.orderNo)).toEqual([plain.orderNo]);
    expect((await book()).filter((o) => o.mainLegOrderId !== "" && (o.orderStatus === "open" || o.orderStatus === "trigger pending")).length).toBe(3);
  });
});
