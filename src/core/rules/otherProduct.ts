import { productLabel } from "../format";
import type { Product, TransactionType } from "../types/order";
import type { Position } from "../types/portfolio";
import { isEquityExchange, type Exchange } from "../types/exchange";
import { holdsInDemat, isOpenPosition } from "./positions";

/** A quantity with its sign, as the positions pane reads it: "+75", "−75" (a minus sign, not a hyphen). */
const signed = (n: number): string => (n > 0 ? `+${n}` : n < 0 ? `\u2212${-n}` : "0");

/** What places the order the sentence is about. */
export type OrderPlacer = "This GTT" | "This alert's order" | "This order";

export interface OtherProductContext {
  /** "This GTT" unless told. */
  placer?: OrderPlacer;
  /**
   * The shares of the instrument held in the demat for delivery (contract info's deliveryQty). Today's
   * DELIVERY buys are among them (they come in as T1), so they are counted once, as the position.
   */
  dematHeld?: number;
  /** The product can still be changed (the order window): the sentence ends with the product that closes it. */
  choosable?: boolean;
}

/**
 * What an order does to a position (or a holding) of the instrument held in another product: one rule
 * for the GTT form, an alert's order and the order window. A product is the order's own, so an order
 * of the other side in another product does not close what is held: it opens a new position beside
 * it, each margined on its own.
 *  - The GTT (FINDINGS-24 s4): the spec fixes its product ("GTTProduct fixed 'D'": DELIVERY on equity,
 *    NRML off it), so a SELL GTT placed to stop an INTRADAY long opens NRML −75 beside it, and the
 *    intraday square-off leaves the short carried overnight: "This GTT places NRML: it will open NRML
 *    −75, not close your INTRADAY +75".
 *  - An alert's order line typed without a product takes the order window's (rules/defaultProduct.ts),
 *    which can be DELIVERY while an INTRADAY long is open (FINDINGS-26 s2); an equity DELIVERY sale
 *    comes out of the demat holdings (or is refused), not a short.
 *  - The order window (FINDINGS-29 s3): trading-core 4, "On opening, defaults come from the saved
 *    orderPreference", so `sell INFY 10 mkt` against a DELIVERY long of 10 opens as INTRADAY and
 *    would leave the trader short 10 INTRADAY and long 10 DELIVERY where he believes he is flat; an
 *    INTRADAY sale beside shares in the demat sells short instead of selling them. The default is
 *    kept; the window says so before Enter and names the product that closes it.
 * The product is never changed here. Undefined when the order reduces nothing held in another
 * product, or closes (part of) its own product's position instead, which is what it is for.
 */
export function otherProductWarning(
  order: { exchange: Exchange; token: string; transactionType: TransactionType; quantity: number },
  positions: readonly (Pick<Position, "exchange" | "token" | "product" | "netQuantity"> & Partial<Pick<Position, "type">>)[],
  product: Product,
  { placer = "This GTT", dematHeld = 0, choosable = false }: OtherProductContext = {},
): string | undefined {
  const sell = order.transactionType === "SELL";
  const sign = sell ? -1 : 1;
  const mine = positions.filter((p) => p.exchange === order.exchange && String(p.token) === String(order.token) && p.netQuantity !== 0);
  // A position of the other side in another product (or a BO/CO one, which leaves by its own legs); a
  // delivery sale out of the holdings (net short DELIVERY) holds nothing open to close.
  const reduced = mine.filter((p) => (p.product !== product || (p.type ?? "") !== "") && isOpenPosition(p) && p.netQuantity * sign < 0);
  const deliveryLong = mine.filter((p) => p.product === "DELIVERY" && !p.type && p.netQuantity > 0).reduce((n, p) => n + p.netQuantity, 0);
  // An equity sale in a product that does not sell from the demat (INTRADAY) leaves the demat's shares where they are.
  const demat = sell && isEquityExchange(order.exchange) && !holdsInDemat(order.exchange, product) ? Math.max(0, dematHeld - deliveryLong) : 0;
  if ((reduced.length === 0 && demat === 0) || !(order.quantity > 0)) return undefined;
  const own = mine.find((p) => p.product === product && !p.type)?.netQuantity ?? 0;
  // It closes its own product's position (all of the order inside it): nothing opens.
  if (own * sign < 0 && Math.abs(own) >= order.quantity) return undefined;
  const label = productLabel(product);
  const after = own + sign * order.quantity;
  const does =
    sell && holdsInDemat(order.exchange, product)
      ? `it will sell ${order.quantity} out of your demat holdings (refused if they are not there)`
      : own === 0
        ? `it will open ${label} ${signed(after)}`
        : `it will take your ${label} ${signed(own)} to ${signed(after)}`;
  const theirs = reduced.map((p) => `${p.type ? p.type : productLabel(p.product)} ${signed(p.netQuantity)}`).join(" or ");
  const kept = [reduced.length ? `close your ${theirs}` : "", demat > 0 ? `sell from your ${reduced.length ? "other " : ""}${demat} shares in the demat holdings` : ""].filter(Boolean).join(" or ");
  const said = `${placer} places ${label}: ${does}, not ${kept}`;
  if (!choosable) return said;
  // The product that closes what is held: the position's own (a BO/CO one cannot be chosen), else the demat's.
  const closer = reduced.find((p) => !p.type)?.product;
  if (closer) return `${said}. Choose ${productLabel(closer)} to close it`;
  return demat > 0 ? `${said}. Choose ${productLabel("DELIVERY")} to sell from them` : said;
}
