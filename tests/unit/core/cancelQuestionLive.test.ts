import { describe, expect, it } from "vitest";
import { cancelQuestion } from "../../../src/core/rules/orderCancel";
import type { Order } from "../../../src/core/types/order";

/**
 * The cancel question follows the order while it is open (FINDINGS-26 s3's question read 323 filled
 * where Positions already showed 651): it is drawn again from the book as fills come, and an order
 * that filled whole or was cancelled meanwhile has nothing left to cancel. Trading-core section 4:
 * "Statuses that allow modify and cancel: partly executed, … open …"; "Statuses that allow only
 * details and repeat: cancelled, rejected, complete, …".
 */
const sbin = {
  orderNo: "2612070000011", tradingSymbol: "SBIN-EQ", exchange: "NSEEQ", orderStatus: "partly executed", orderType: "LIMIT", transactionType: "SELL",
  product: "INTRADAY", quantity: 8000, filledQuantity: 4647, price: 944.4, slTriggerPrice: 0,
} as unknown as Order;

describe("the cancel question as the order stands now", () => {
  it("a partly filled order: the filled part stays, the rest is cancelled", () => {
    // 8,000 − 4,647 = 3,353.
    expect(cancelQuestion(sbin)).toEqual({
      lines: ["Qty 8000 SELL SBIN-EQ @ ₹944.40 (LIMIT Order) INTRADAY", "Order no 2612070000011. 4,647 of 8,000 filled stay as your position; cancel the remaining 3,353?"],
      confirmLabel: "Cancel order",
    });
  });

  it("filled whole while the question was open: all 8,000 stay, nothing is left to cancel, and the answer is only OK", () => {
    expect(cancelQuestion({ ...sbin, orderStatus: "complete", filledQuantity: 8000 })).toEqual({
      lines: ["Qty 8000 SELL SBIN-EQ @ ₹944.40 (LIMIT Order) INTRADAY", "Order no 2612070000011. Filled: all 8,000 stay as your position; nothing is left to cancel."],
      confirmLabel: "OK",
    });
  });

  it("cancelled elsewhere after a part fill: the question says so and what stays", () => {
    expect(cancelQuestion({ ...sbin, orderStatus: "cancelled", filledQuantity: 5120 })).toEqual({
      lines: ["Qty 8000 SELL SBIN-EQ @ ₹944.40 (LIMIT Order) INTRADAY", "Order no 2612070000011. Cancelled: 5,120 of 8,000 filled stay as your position; nothing is left to cancel."],
      confirmLabel: "OK",
    });
  });

  it("cancelled with nothing filled", () => {
    expect(cancelQuestion({ ...sbin, orderStatus: "cancelled", filledQuantity: 0 }).lines[1]).toBe("Order no 2612070000011. Cancelled: nothing is left to cancel.");
  });
});
