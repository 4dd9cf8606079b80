import { describe, expect, it } from "vitest";
import { planBulk } from "../../../src/core/rules/bulkAction";
import type { OrderStatus } from "../../../src/core/types/orderStatus";

/**
 * Issue 19: "flatten all (exit every open position, long and short, and cancel every open order;
 * the spec's exit-all covers long positions only)"; the preview shows counts, instruments and estimated value.
 */
const order = (orderNo: string, tradingSymbol: string, orderStatus: OrderStatus, pendingQuantity: number, price: number) => ({ orderNo, tradingSymbol, orderStatus, pendingQuantity, price });
const pos = (tradingSymbol: string, netQuantity: number, ltp: number, type = "REGULAR", multiplier = 1) => ({
  exchange: "NSEEQ" as const, instrumentId: "1", netQuantity, product: "INTRADAY" as const, type, tradingSymbol, ltp, multiplier,
});

const orders = [order("1", "INFY-EQ", "open", 10, 1500), order("2", "TCS-EQ", "complete", 0, 4000), order("3", "SBIN-EQ", "trigger pending", 5, 800)];
const positions = [pos("INFY-EQ", 4, 1510), pos("TCS-EQ", -2, 4000), pos("BHEL-EQ", 0, 200), pos("ITC-EQ", 3, 400, "BO")];

describe("bulk action plans", () => {
  it("cancel all: the open orders only", () => {
    const p = planBulk("cancelAll", orders, positions);
    expect(p.cancels.map((c) => c.orderNo)).toEqual(["1", "3"]);
    expect(p.exits).toEqual([]);
    // 10 x 1500 + 5 x 800 = 19000
    expect(p.estimatedValue).toBe(19_000);
    expect(p.instruments).toEqual(["INFY-EQ", "SBIN-EQ"]);
  });

  it("exit all: long positions other than BO and CO; no cancels", () => {
    const p = planBulk("exitAll", orders, positions);
    expect(p.cancels).toEqual([]);
    expect(p.exits.map((x) => [x.tradingSymbol, x.order.transactionType, x.order.quantity])).toEqual([["INFY-EQ", "SELL", 4]]);
    expect(p.estimatedValue).toBe(4 * 1510);
  });

  it("flatten all: every open order cancelled, longs sold and shorts bought back", () => {
    const p = planBulk("flattenAll", orders, positions);
    expect(p.cancels.map((c) => c.orderNo)).toEqual(["1", "3"]);
    expect(p.exits.map((x) => [x.tradingSymbol, x.order.transactionType, x.order.quantity])).toEqual([["INFY-EQ", "SELL", 4], ["TCS-EQ", "BUY", 2]]);
    // 19000 + 4 x 1510 + 2 x 4000 = 33040
    expect(p.estimatedValue).toBe(33_040);
    expect(p.instruments).toEqual(["INFY-EQ", "SBIN-EQ", "TCS-EQ"]);
  });
});
