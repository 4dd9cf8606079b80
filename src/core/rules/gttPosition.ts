import type { TransactionType } from "../types/order";
import type { Position } from "../types/portfolio";
import { isOpenPosition } from "./positions";

/**
 * The GTT `g` opens on a position: one that protects it. DESIGN.md 1: "a key that acts on it names
 * what it acts on", so the GTT takes the side that closes the position (SELL a long, BUY a short)
 * and its open quantity in units (the GTT form's quantity is in units, stepped by the lot), and its
 * SINGLE trigger opens on the stop-loss side (below a long's price, above a short's): a protective
 * stop. A BUY on a long was a GTT that bought another lot 5 % lower. Undefined when nothing is open
 * (a closed position, or a sale out of the holdings): the form then opens as on an instrument.
 */
export function gttProtecting(p: Pick<Position, "exchange" | "product" | "netQuantity">): { transactionType: TransactionType; quantity: number; singleOn: "stop-loss" } | undefined {
  if (!isOpenPosition(p)) return undefined;
  return { transactionType: p.netQuantity > 0 ? "SELL" : "BUY", quantity: Math.abs(p.netQuantity), singleOn: "stop-loss" };
}
