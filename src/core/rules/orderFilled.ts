import { groupIndian } from "../format";
import type { Exchange } from "../types/exchange";
import type { Order } from "../types/order";
import { quantityShown, quantityShownInLots } from "./orderWindow";

/** A quantity as the order lines write it: whole, grouped the Indian way ("4,000"). */
export const countOf = (n: number): string => groupIndian(n, 0);

/** The Quantity field an order line stands beside: its exchange says whether it counts lots. */
export interface QuantityField {
  exchange: Exchange;
  lotSize: number;
}

/**
 * A quantity of the book's in whole lots, where the field beside it counts lots ("commodity and
 * currency quantity is shown in lots"); undefined where it counts units, or the lot size does not
 * divide it (its units are said then, rather than lots rounded).
 */
export function wholeLots(q: number, field: QuantityField | undefined): number | undefined {
  if (!field || !quantityShownInLots(field.exchange)) return undefined;
  const lots = quantityShown(field.exchange, q, field.lotSize);
  return Number.isInteger(lots) ? lots : undefined;
}

/**
 * How much of an order has filled, one phrase for the cancel question (rules/orderCancel.ts) and the
 * modify window's filled line (rules/modifyFilled.ts): "477 of 4,000 filled", in the book's units.
 * Said beside a Quantity field that counts lots ("commodity and currency quantity is shown in lots"),
 * it counts lots as the field does, with the book's figures after them where the book counts units
 * (currency), so the line reads against both the field and the order book: "2 of 5 lots (2,000 of
 * 5,000) filled"; a commodity order's book counts lots already: "2 of 5 lots filled".
 */
export function filledOf(o: Pick<Order, "filledQuantity" | "quantity">, field?: QuantityField): string {
  const book = `${countOf(o.filledQuantity)} of ${countOf(o.quantity)}`;
  const [filledLots, totalLots] = [wholeLots(o.filledQuantity, field), wholeLots(o.quantity, field)];
  if (filledLots === undefined || totalLots === undefined) return `${book} filled`;
  const lots = `${countOf(filledLots)} of ${countOf(totalLots)} lots`;
  return lots === `${book} lots` ? `${lots} filled` : `${lots} (${book}) filled`;
}
