import type { TransactionType } from "../types/order";
import type { Exchange } from "../types/exchange";
import type { Pcode } from "../types/orderWindow";
import { windowPcode } from "./orderWindowChoices";

/** A book's row an order is opened on with b or s: a position of one product, or a holding and what it holds of each product. */
export type BookRow = { kind: "position"; exchange: Exchange; product: Pcode } | { kind: "holding"; deliveryQty: number; bnplQty: number };

/**
 * The product of an order opened on a book's row (b / s). What the row holds is what is traded: a
 * position's own product, so a sell reduces that position (a sell on a NRML long opened in the
 * window's remembered INTRADAY was a new intraday short beside it); a holding's delivery shares,
 * or its BNPL ones when that is all it holds (the broker sells a product's own shares only, as `x`
 * does: positionExit.ts). Buying on a holding buys for delivery, more of what is held.
 */
export function rowProduct(side: TransactionType, row: BookRow): Pcode {
  if (row.kind === "position") return windowPcode(row.product, row.exchange);
  if (side === "BUY") return "DELIVERY";
  return row.deliveryQty > 0 || row.bnplQty <= 0 ? "DELIVERY" : "BNPL";
}
