import { groupIndian } from "../format";
import type { Order } from "../types/order";
import { orderLine, productPart } from "./orderToast";

const count = (n: number) => groupIndian(n, 0);

/**
 * The question Delete asks before cancelling one order: the order in the toasts' words with its
 * product (orderToast.ts), then what the cancel does. A cancel ends only what is still pending:
 * what has filled is traded and stays as a position (FINDINGS-26 s3: "Qty 8000 SELL SBIN-EQ …
 * Cancel it?" over an order 4,647 of which had sold, and the trader cancelling "the order" took
 * himself to be flat while INTRADAY −4,647 stayed open). So a partly filled order's question names
 * both: "Order no 2612070000011. 4,647 of 8,000 filled stay as your position; cancel the remaining
 * 3,353?". An order with nothing filled is asked about whole: "Order no …. Cancel it?".
 */
export function cancelQuestion(o: Pick<Order, "orderNo" | "quantity" | "filledQuantity" | "transactionType" | "tradingSymbol" | "orderType" | "exchange" | "price" | "slTriggerPrice"> & { product?: string }): string[] {
  const filled = o.filledQuantity > 0 && o.filledQuantity < o.quantity ? o.filledQuantity : 0;
  const ask = filled
    ? `${count(filled)} of ${count(o.quantity)} filled stay as your position; cancel the remaining ${count(o.quantity - filled)}?`
    : "Cancel it?";
  return [`${orderLine(o)}${productPart(o.product)}`, `Order no ${o.orderNo}. ${ask}`];
}
