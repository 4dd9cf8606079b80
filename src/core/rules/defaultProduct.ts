import type { Exchange } from "../types/exchange";
import type { Product } from "../types/order";
import type { OrderPreference, Pcode } from "../types/orderWindow";
import { windowPcode } from "./orderWindowChoices";
import { productToSend } from "./productToSend";

/**
 * The product of a new order whose product the trader did not name: the order window's, and a
 * basket leg's added without a product word (FINDINGS-25 s5: `basket add close1 buy NIFTY 24800 CE 75`
 * became INTRADAY, squared off at the close, while `buy NIFTY 24800 CE 75` opened NRML). One rule,
 * so the same words give the same product wherever they are typed.
 *
 * In order, the first that is set:
 *  - Settings › Markets' default product of the instrument's segment (Tape's; for a new order only);
 *  - the segment's saved orderPreference's pcode ("On opening, defaults come from the saved orderPreference");
 *  - the blank window's DELIVERY.
 * Named as the window names it (orderWindowChoices.ts windowPcode: "BO, CO, INTRADAY -> INTRADAY";
 * DELIVERY on equity, NRML elsewhere). "BNPL appears only for NSEEQ": a BNPL preference elsewhere is
 * the carry-forward product, as the window settles it (the first product it offers).
 */
export interface DefaultProductArgs {
  exchange: Exchange;
  /** The saved orderPreference of the instrument's segment, if any. */
  preference?: Pick<OrderPreference, "pcode"> | undefined;
  /** Settings › Markets' default product of the segment; undefined: as last used. */
  defaultProduct?: Pcode | undefined;
}

export function defaultPcode(a: DefaultProductArgs): Pcode {
  const pcode = windowPcode(a.defaultProduct ?? a.preference?.pcode ?? "DELIVERY", a.exchange);
  return pcode === "BNPL" && a.exchange !== "NSEEQ" ? windowPcode("DELIVERY", a.exchange) : pcode;
}

/** The same product as an order carries it (trading-core section 5's mapping: NRML is sent NORMAL). */
export function defaultProduct(a: DefaultProductArgs): Product {
  return productToSend(defaultPcode(a), a.exchange);
}
