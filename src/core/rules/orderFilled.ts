import { groupIndian } from "../format";
import type { Exchange } from "../types/exchange";
import type { Order } from "../types/order";
import { quantityShown, quantityShownInLots } from "./orderWindow";

/** A quantity as the order lines write it: whole, grouped the Indian way ("4,000"). */
export const countOf = (n: number): string => groupIndian(n, 0);

/**
 * How much of an order has filled, one phrase for the cancel question (rules/orderCancel.ts) and the
 * modify window's filled line (rules/modifyFilled.ts): "477 of 4,000 filled", in the book's units.
 * Said beside a Quantity field that counts lots ("commodity and currency quantity is shown in lots"),
 * it counts lots as the field does, with the book's figures after them where the book counts units
 * (currency), so the line reads against both the field and the order book: "2 of 5 lots (2,000 of
 * 5,000) filled"; a commodity order's book counts lots already: "2 of 5 lots filled".
 */
export function filledOf(o: Pick<Order, "filledQuantity" | "quantity">, field?: { exchange: Exchange; lotSize: number }): string {
  const book = `${countOf(o.filledQuantity)} of ${countOf(o.quantity)}`;
  if (!field || !quantityShownInLots(field.exchange)) return `${book} filled`;
  const [filledLots, totalLots] = [o.filledQuantity, o.quantity].map((q) => quantityShown(field.exchange, q, field.lotSize));
  // Not whole lots (a book the lot size does not divide): its units, rather than lots rounded.
  if (!Number.isInteger(filledLots) || !Number.isInteger(totalLots)) return `${book} filled`;
  const lots = `${countOf(filledLots!)} of ${countOf(totalLots!)} lots`;
  return lots === `${book} lots` ? `${lots} filled` : `${lots} (${book}) filled`;
}
