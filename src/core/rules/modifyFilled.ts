import { groupIndian } from "../format";
import type { Order } from "../types/order";

const count = (n: number) => groupIndian(n, 0);

/**
 * The line beside a modify's Quantity when part of the order has filled (FINDINGS-27 3). A modify's
 * quantity is the order's new total, the filled part included: the window showed "Quantity 4000"
 * of an order 477 of which had bought, with no word of them, and a trader who typed 1000 meaning
 * "1000 more" was left with 523 to buy. So it says what has filled, that Quantity is the total,
 * and what the total typed now leaves to buy or sell: "477 of 4,000 filled; Quantity is the
 * order's total: 523 left to buy". A total at or under what has filled leaves nothing: "…: 400
 * leaves nothing to sell". Drawn from the book as it changes while the window is open, so an order
 * that fills whole meanwhile says "All 4,000 filled: nothing is left to modify". No line while
 * nothing has filled. Quantities in units, as the order book has them (the cancel question's
 * figures, rules/orderCancel.ts).
 */
export function modifyFilledLine(o: Pick<Order, "quantity" | "filledQuantity" | "transactionType">, typedQuantity: number): string | undefined {
  if (!(o.filledQuantity > 0)) return undefined;
  if (o.filledQuantity >= o.quantity) return `All ${count(o.quantity)} filled: nothing is left to modify`;
  const side = o.transactionType.toUpperCase() === "SELL" ? "sell" : "buy";
  const left = typedQuantity > o.filledQuantity ? `${count(typedQuantity - o.filledQuantity)} left to ${side}` : `${count(typedQuantity)} leaves nothing to ${side}`;
  return `${count(o.filledQuantity)} of ${count(o.quantity)} filled; Quantity is the order's total: ${left}`;
}
