import { productLabel } from "../format";
import type { Exchange } from "../types/exchange";
import type { Product, TransactionType } from "../types/order";
import type { Position } from "../types/portfolio";
import { holdsInDemat, isOpenPosition } from "./positions";

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

/** A quantity with its sign, as the positions pane reads it: "+75", "−75" (a minus sign, not a hyphen). */
const signed = (n: number): string => (n > 0 ? `+${n}` : n < 0 ? `\u2212${-n}` : "0");

/**
 * What a GTT, or an alert's order, does to a position held in another product (FINDINGS-24 s4). The spec fixes the GTT's
 * product ("GTTProduct fixed 'D'": DELIVERY on equity, NRML off it), so a SELL GTT placed to stop an
 * INTRADAY long does not close it: it opens NRML −75 beside it, each margined on its own, and the
 * intraday square-off leaves the short carried overnight. The product is not changed; the form and
 * its success toast say so, from the books: "This GTT places NRML: it will open NRML −75, not close
 * your INTRADAY +75". Undefined when the GTT reduces no position of another product, or when it
 * closes (part of) its own product's position instead, which is what such a GTT is for.
 * An equity DELIVERY sale comes out of the demat holdings (or is refused), not a short.
 * An alert's order line typed without a product takes the order window's (rules/defaultProduct.ts),
 * which can be DELIVERY while an INTRADAY long is open: the alert dialog and its toast say it in the
 * same words, "This alert's order places DELIVERY: it will sell 5 out of your demat holdings …, not
 * close your INTRADAY +10" (FINDINGS-26 s2). `placer` names what places the order.
 */
export function otherProductWarning(
  gtt: { exchange: Exchange; token: string; transactionType: TransactionType; quantity: number },
  positions: readonly (Pick<Position, "exchange" | "token" | "product" | "netQuantity"> & Partial<Pick<Position, "type">>)[],
  gttProduct: Product,
  placer: "This GTT" | "This alert's order" = "This GTT",
): string | undefined {
  const sign = gtt.transactionType === "SELL" ? -1 : 1;
  const mine = positions.filter((p) => p.exchange === gtt.exchange && String(p.token) === String(gtt.token) && p.netQuantity !== 0);
  const reduced = mine.filter((p) => (p.product !== gttProduct || (p.type ?? "") !== "") && p.netQuantity * sign < 0);
  if (reduced.length === 0 || !(gtt.quantity > 0)) return undefined;
  const own = mine.find((p) => p.product === gttProduct && !p.type)?.netQuantity ?? 0;
  // It closes its own product's position (all of the GTT inside it): nothing opens.
  if (own * sign < 0 && Math.abs(own) >= gtt.quantity) return undefined;
  const label = productLabel(gttProduct);
  const theirs = reduced.map((p) => `${p.type ? p.type : productLabel(p.product)} ${signed(p.netQuantity)}`).join(" or ");
  const after = own + sign * gtt.quantity;
  const does =
    gtt.transactionType === "SELL" && holdsInDemat(gtt.exchange, gttProduct)
      ? `it will sell ${gtt.quantity} out of your demat holdings (refused if they are not there)`
      : own === 0
        ? `it will open ${label} ${signed(after)}`
        : `it will take your ${label} ${signed(own)} to ${signed(after)}`;
  return `${placer} places ${label}: ${does}, not close your ${theirs}`;
}
