import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Instrument } from "../../server/market/types.js";
import { startTrading, type TradingBroker } from "./tradingHarness.js";

/**
 * Issue 28: the update a modify produces rests as open or trigger pending, which alone reads like a
 * placement ("a cancel of SBIN's SL reads exactly like a placement"). The broker marks it: `modified`
 * is true on the update that follows a modify, and false on every other.
 */
describe("the modify mark on order updates", () => {
  let b: TradingBroker;
  beforeAll(async () => {
    b = await startTrading();
  });
  afterAll(async () => b.stop());

  const updatesOf = (orderNo: string) => b.updates.filter((u) => u.update.brokerOrderId === orderNo).map((u) => u.update);

  it("a limit placed, modified twice and cancelled: only the modifies' updates are marked, with the new terms", async () => {
    const infy = b.market.bySymbol("NSEEQ", "INFY") as Instrument;
    const q = b.market.quote("NSEEQ", infy.token)!;
    const low = q.lowerCircuit;
    const r = await b.call<{ orderNo: string }>("POST", "/core/v2/orders/", { exchange: "NSEEQ", instrumentId: String(infy.token), transactionType: "BUY", quantity: 4, product: "DELIVERY", orderType: "LIMIT", price: low, validity: "DAY" });
    const orderNo = r.result[0]!.orderNo;
    const higher = Number((low + infy.tickSize * 2).toFixed(2));
    expect((await b.call("PUT", `/core/v2/orders/${orderNo}`, { price: higher })).status).toBe("Ok");
    expect((await b.call("PUT", `/core/v2/orders/${orderNo}`, { quantity: 6 })).status).toBe("Ok");
    expect((await b.call("DELETE", `/core/v2/orders/${orderNo}`)).status).toBe("Ok");
    expect(updatesOf(orderNo).map((u) => [u.orderStatus, u.modified, u.quantity, u.price])).toEqual([
      ["open", false, 4, low],
      ["open", true, 4, higher],
      ["open", true, 6, higher],
      ["cancelled", false, 6, higher],
    ]);
  });

  it("an SL sell placed then its trigger modified: trigger pending, then trigger pending marked", async () => {
    const sbin = b.market.bySymbol("NSEEQ", "SBIN") as Instrument;
    const q = b.market.quote("NSEEQ", sbin.token)!;
    // A sell stop below the market waits for its trigger.
    const trigger = Number((Math.floor((q.ltp * 0.9) / sbin.tickSize) * sbin.tickSize).toFixed(2));
    const price = Number((trigger - sbin.tickSize * 10).toFixed(2));
    const r = await b.call<{ orderNo: string }>("POST", "/core/v2/orders/", { exchange: "NSEEQ", instrumentId: String(sbin.token), transactionType: "SELL", quantity: 1, product: "INTRADAY", orderType: "SL", price, slTriggerPrice: trigger, validity: "DAY" });
    expect(r.status).toBe("Ok");
    const orderNo = r.result[0]!.orderNo;
    const lower = Number((trigger - sbin.tickSize).toFixed(2));
    expect((await b.call("PUT", `/core/v2/orders/${orderNo}`, { slTriggerPrice: lower })).status).toBe("Ok");
    expect(updatesOf(orderNo).map((u) => [u.orderStatus, u.modified, u.slTriggerPrice])).toEqual([
      ["trigger pending", false, trigger],
      ["trigger pending", true, lower],
    ]);
  });
});
