import type { Product } from "../types/order";
import type { Position } from "../types/portfolio";
import { checkConversion } from "./positionActions";

const PRODUCTS_TO_OFFER: Product[] = ["INTRADAY", "DELIVERY", "NORMAL"];

/**
 * Which products the convert-position dialog offers (trading-core section 2): those the
 * conversion rules (positionActions.checkConversion) accept for the whole open quantity. The
 * server checks again and its refusal reaches the user as a danger toast.
 */
export function convertTargets(p: Pick<Position, "exchange" | "product" | "netQuantity" | "type" | "lotsize">): Product[] {
  if (p.netQuantity === 0) return [];
  return PRODUCTS_TO_OFFER.filter((t) => checkConversion(p, t, Math.abs(p.netQuantity)).ok);
}
