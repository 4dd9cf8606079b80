import { beforeEach, describe, expect, it } from "vitest";
import { registry } from "../../../src/commands/all";
import type { Order } from "../../../src/core/types/order";
import type { OrderUpdate } from "../../../src/core/types/orderUpdate";
import { orderUpdateToast } from "../../../src/core/rules/orderToast";
import { orders$ } from "../../../src/data/stores/orders";
import { overlay$ } from "../../../src/data/stores/ui";
import { commandContext } from "./context";

/**
 * FINDINGS-26 s3: Delete on a partly filled order asked "Qty 8000 SELL SBIN-EQ @ ₹944.40 (LIMIT Order)
 * — Order no 2612070000011. Cancel it?", with no product and nothing of the 4,647 already sold. A
 * cancel ends only what is pending; what filled stays as a position. The question says both, and
 * the toast after the cancel names what filled and what was cancelled.
 */
const top = () => overlay$.top.peek() as Record<string, unknown> & { kind: string };
const sbin = {
  orderNo: "2612070000011", brokerOrderId: "b11", tradingSymbol: "SBIN-EQ", exchange: "NSEEQ", instrumentId: "3045", token: "3045",
  orderStatus: "partly executed", orderType: "LIMIT", transactionType: "SELL", product: "INTRADAY",
  quantity: 8000, filledQuantity: 4647, pendingQuantity: 3353, cancelledQuantity: 0, price: 944.4, slTriggerPrice: 0, averageTradedPrice: 944.41,
} as unknown as Order;

beforeEach(() => overlay$.set({ top: { kind: "none" } }));

describe("cancelling a partly filled order says what stays and what goes", () => {
  it("the question names the product, the filled 4,647 of 8,000 that stay, and the 3,353 it cancels", async () => {
    orders$.orders.set([sbin]);
    await registry.run("order.cancel", commandContext("orders", { selection: { kind: "order", orderNo: "2612070000011", status: "partly executed" } }));
    expect(top().kind).toBe("confirm");
    // 8,000 − 4,647 = 3,353 still pending; quantities grouped the Indian way.
    expect(top().lines).toEqual([
      "Qty 8000 SELL SBIN-EQ @ ₹944.40 (LIMIT Order) INTRADAY",
      "Order no 2612070000011. 4,647 of 8,000 filled stay as your position; cancel the remaining 3,353?",
    ]);
  });

  it("an order with nothing filled is asked about whole, with its product", async () => {
    orders$.orders.set([{ ...sbin, orderStatus: "open", filledQuantity: 0, pendingQuantity: 8000, averageTradedPrice: 0 }]);
    await registry.run("order.cancel", commandContext("orders", { selection: { kind: "order", orderNo: "2612070000011", status: "open" } }));
    expect(top().lines).toEqual(["Qty 8000 SELL SBIN-EQ @ ₹944.40 (LIMIT Order) INTRADAY", "Order no 2612070000011. Cancel it?"]);
  });

  it("the cancel's toast names the filled part and the cancelled part", () => {
    const u = { ...sbin, orderStatus: "cancelled", pendingQuantity: 0, cancelledQuantity: 3353, brokerUpdateTime: "", validity: "DAY", rejectionReason: "", topic: "" } as unknown as OrderUpdate;
    expect(orderUpdateToast(u).text).toBe("Cancelled: Qty 8000 SELL SBIN-EQ @ ₹944.40 (LIMIT Order) INTRADAY, filled 4647/8000 @ ₹944.41, 3353 cancelled, order 2612070000011");
  });
});
