import type { Product } from "../types/order";
import type { Position } from "../types/portfolio";
import { orderHead } from "./orderToast";
import { productLabel } from "../format";
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

/**
 * What a conversion toast names (issue 28): "Qty {q} {side} {tradingSymbol} from {old} to {new}",
 * the side being the position's (BUY for a long). The symbol is the position's when the book has
 * it, else the instrument's token on its exchange.
 */
export function conversionLine(req: { transactionType: string; quantity: number; oldProduct: Product; newProduct: Product }, tradingSymbol: string): string {
  // In the products' words on screen (NRML, as the dialog and the grid write NORMAL).
  return `${orderHead(req.quantity, req.transactionType, tradingSymbol)} from ${productLabel(req.oldProduct)} to ${productLabel(req.newProduct)}`;
}
