import type { Order } from "../types/order";
import { countOf, filledOf, wholeLots, type QuantityField } from "./orderFilled";

/**
 * The line beside a modify's Quantity when part of the order has filled (FINDINGS-27 3). A modify's
 * quantity is the order's new total, the filled part included: the window showed "Quantity 4000"
 * of an order 477 of which had bought, with no word of them, and a trader who typed 1000 meaning
 * "1000 more" was left with 523 to buy. So it says what has filled, that Quantity is the total,
 * and what the total typed now leaves to buy or sell: "477 of 4,000 filled; Quantity is the
 * order's total: 523 left to buy". A total at or under what has filled leaves nothing: "…: 400
 * leaves nothing to sell". Drawn from the book as it changes while the window is open, so an order
 * that fills whole meanwhile says "All 4,000 filled: nothing is left to modify". No line while
 * nothing has filled. Quantities in the units of the Quantity field it stands beside: units, or
 * lots where the field counts lots (commodity and currency), the book's units then said too where
 * they differ: "2 of 5 lots (2,000 of 5,000) filled; Quantity is the order's total: 1 lot left to buy".
 * `typedQuantity` is the total typed, in the book's units (as the request sends it).
 */
export function modifyFilledLine(
  o: Pick<Order, "quantity" | "filledQuantity" | "transactionType">,
  typedQuantity: number,
  field: QuantityField,
): string | undefined {
  if (!(o.filledQuantity > 0)) return undefined;
  // A quantity of the book's in the field's units: "523", or "1 lot", "3 lots" (its units when not whole lots).
  const said = (q: number) => {
    const n = wholeLots(q, field);
    return n === undefined ? countOf(q) : `${countOf(n)} ${n === 1 ? "lot" : "lots"}`;
  };
  if (o.filledQuantity >= o.quantity) return `All ${said(o.quantity)} filled: nothing is left to modify`;
  const side = o.transactionType.toUpperCase() === "SELL" ? "sell" : "buy";
  const left = typedQuantity > o.filledQuantity ? `${said(typedQuantity - o.filledQuantity)} left to ${side}` : `${said(typedQuantity)} leaves nothing to ${side}`;
  return `${filledOf(o, field)}; Quantity is the order's total: ${left}`;
}
