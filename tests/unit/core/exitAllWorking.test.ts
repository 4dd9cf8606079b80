import { describe, expect, it } from "vitest";
import { bulkToast, exitsNow, planBulk } from "../../../src/core/rules/bulkAction";
import { planLines } from "../../../src/commands/bulk";
import type { Order } from "../../../src/core/types/order";

/**
 * Exit all beside working exits (FINDINGS-24 s3b; the rule x follows, rules/exitWorking.ts): a working
 * closing order (same instrument, product and side as the exit, not a BO/CO leg) already exits its
 * pending quantity, so Exit all "exits only the part not covered by working closing orders" and says
 * which order covers what. The spec's one line on it, "Position exit is enabled according to the
 * count of long positions that are not BO or CO", is silent on working orders. Flatten all cancels
 * every open order first, so nothing is left working to cover a position: it exits all of each.
 * Long NIFTY26DECFUT 75 NRML with SELL 75 LIMIT @ 24,800 working sent another SELL 75 at market: the
 * position ended short 75.
 */
const work = (over: Partial<Order>): Order =>
  ({
    orderNo: "2612060000001", orderStatus: "open", exchange: "NSEFO", token: "35001", tradingSymbol: "NIFTY26DECFUT", product: "NORMAL", orderComplexity: "REGULAR",
    mainLegOrderId: "", brokerOrderId: "B1", transactionType: "SELL", pendingQuantity: 75, orderType: "LIMIT", price: 24_800, slTriggerPrice: 0, triggerPrice: 0, ...over,
  }) as Order;
const pos = (tradingSymbol: string, token: string, netQuantity: number, product: "NORMAL" | "INTRADAY" | "DELIVERY", ltp: number, exchange: "NSEFO" | "NSEEQ" = "NSEFO") => ({
  exchange, instrumentId: token, token, netQuantity, product, type: "REGULAR", tradingSymbol, ltp, multiplier: 1,
});

const fut = pos("NIFTY26DECFUT", "35001", 75, "NORMAL", 24_750);
const sbin = pos("SBIN-EQ", "3045", 10, "INTRADAY", 980, "NSEEQ");
const infy = pos("INFY-EQ", "1594", 20, "DELIVERY", 1_500, "NSEEQ");

describe("Exit all exits only what working closing orders do not", () => {
  it("long 75 with a working SELL 75 LIMIT: no second SELL, and the preview names the order that covers it", () => {
    const p = planBulk("exitAll", [work({})], [fut]);
    expect(p.exits).toEqual([]);
    expect(p.covered).toEqual(["NIFTY26DECFUT NRML 75: SELL 75 @ 24,800.00, order 2612060000001, already exits all 75: not sent"]);
    expect(planLines(p)).toContain("NIFTY26DECFUT NRML 75: SELL 75 @ 24,800.00, order 2612060000001, already exits all 75: not sent");
  });

  it("partly covered: SBIN long 10 with a target SELL 4 and a stop SELL 3 working exits 10 - 4 - 3 = 3; INFY with none exits all 20", () => {
    const target = work({ orderNo: "2612060000002", exchange: "NSEEQ", token: "3045", tradingSymbol: "SBIN-EQ", product: "INTRADAY", pendingQuantity: 4, price: 990 });
    const stop = work({ orderNo: "2612060000003", exchange: "NSEEQ", token: "3045", tradingSymbol: "SBIN-EQ", product: "INTRADAY", pendingQuantity: 3, orderType: "SL", price: 929, slTriggerPrice: 930, triggerPrice: 930, orderStatus: "trigger pending" });
    const p = planBulk("exitAll", [target, stop], [sbin, infy]);
    expect(p.exits.map((x) => [x.tradingSymbol, x.order.transactionType, x.order.quantity])).toEqual([["SBIN-EQ", "SELL", 3], ["INFY-EQ", "SELL", 20]]);
    // The value is of what is sent: 3 x 980 + 20 x 1,500 = 2,940 + 30,000 = 32,940.
    expect(p.estimatedValue).toBe(32_940);
    expect(p.covered).toEqual(["SBIN-EQ INTRADAY 10: SELL 4 @ 990.00, order 2612060000002; SELL 3 @ 929.00, trigger 930.00, order 2612060000003, already exit 7: this exits the other 3"]);
  });

  it("orders that do not close the position are not counted: the other side, another product, done, a bracket's leg", () => {
    const others = [
      work({ transactionType: "BUY" }),
      work({ product: "INTRADAY" }),
      work({ orderStatus: "complete" }),
      work({ mainLegOrderId: "B0", orderComplexity: "BO" }),
    ];
    const p = planBulk("exitAll", others, [fut]);
    expect(p.exits.map((x) => x.order.quantity)).toEqual([75]);
    expect(p.covered).toEqual([]);
  });

  it("flatten all cancels the working SELL 75 first, so it exits all 75 (nothing left working covers it)", () => {
    const p = planBulk("flattenAll", [work({})], [fut]);
    expect(p.cancels.map((c) => c.orderNo)).toEqual(["2612060000001"]);
    expect(p.exits.map((x) => x.order.quantity)).toEqual([75]);
    expect(p.covered).toEqual([]);
  });

  it("the preview's exit lines name the product as the screens do: NRML, not the wire's NORMAL", () => {
    const p = planBulk("exitAll", [work({ pendingQuantity: 25 })], [fut]);
    // 75 - 25 = 50 left to exit.
    expect(planLines(p)).toContain("Exit Qty 50 SELL NIFTY26DECFUT NRML at market");
  });

  // The same rule again when the plan is sent, after its 3 s countdown and its cancels: what the
  // books say then. An exit is only ever sent smaller than previewed, never larger.
  it("sent: the working SELL 75 filled during the countdown, so the future is flat and no exit goes (75 sent would open a short)", () => {
    const p = planBulk("exitAll", [], [fut]);
    expect(p.exits.map((x) => x.order.quantity)).toEqual([75]);
    const now = exitsNow(p, [{ ...fut, netQuantity: 0 }], []);
    expect(now.exits).toEqual([]);
    expect(now.trimmed).toEqual(["Qty 75 SELL NIFTY26DECFUT: 0 sent, 0 open now"]);
  });

  it("sent: flatten all's cancel of the SELL 75 was refused (it is still working), so it covers the 75 and nothing goes; a position untouched goes whole", () => {
    const p = planBulk("flattenAll", [work({})], [fut, sbin]);
    const now = exitsNow(p, [fut, sbin], [work({})]);
    expect(now.exits.map((x) => [x.tradingSymbol, x.order.quantity])).toEqual([["SBIN-EQ", 10]]);
    expect(now.trimmed).toEqual(["Qty 75 SELL NIFTY26DECFUT: 0 sent, SELL 75 @ 24,800.00, order 2612060000001, already exits all 75"]);
  });

  it("sent: part of the position went meanwhile (75 - 25 = 50 open): 50 go", () => {
    const p = planBulk("exitAll", [], [fut]);
    const now = exitsNow(p, [{ ...fut, netQuantity: 50 }], []);
    expect(now.exits.map((x) => x.order.quantity)).toEqual([50]);
    expect(now.trimmed).toEqual(["Qty 75 SELL NIFTY26DECFUT: 50 sent, 50 open now"]);
  });

  it("the toast says what was cut when sent", () => {
    expect(bulkToast("exitAll", { cancelled: [], exitsPlaced: [], notDone: [], sent: 0, trimmed: ["Qty 75 SELL NIFTY26DECFUT: 0 sent, 0 open now"] }).text).toBe(
      "Exit all long positions: done. Cut when sent: Qty 75 SELL NIFTY26DECFUT: 0 sent, 0 open now",
    );
  });
});
