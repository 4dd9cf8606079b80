import type { Instrument, Market, Quote } from "../market/types.js";
import { marginFor } from "../portfolio/margin.js";
import { holdsInDemat, type Portfolio } from "../portfolio/portfolio.js";
import { figuresOf } from "../portfolio/positions.js";
import { marginPrice } from "../../src/core/rules/margin.js";
import { NO_MARGIN, type BlockedMargin, type OrderRecord } from "./record.js";

/**
 * The margin a working order holds for its pending quantity. BO/CO legs hold none (they close
 * the entry's position); an order that reduces an open position of the same product holds
 * margin only for the part beyond that position.
 */
export function blockedMargin(market: Market, portfolio: Portfolio, r: OrderRecord, inst: Instrument, quote: Quote): BlockedMargin {
  if (r.mainLegOrderId !== "" || r.pendingQuantity <= 0) return NO_MARGIN;
  let quantity = r.pendingQuantity;
  const type = r.orderComplexity === "BO" || r.orderComplexity === "CO" ? r.orderComplexity : "";
  const pos = portfolio.store.position(r.userId, r.exchange, r.tokenNo, type || r.product);
  if (pos && !holdsInDemat(r.exchange, r.product)) {
    const net = figuresOf(pos, inst).netQuantity;
    if ((net > 0 && r.transactionType === "SELL") || (net < 0 && r.transactionType === "BUY")) quantity = Math.max(0, quantity - Math.abs(net));
  }
  const price = marginPrice(r, quote.ltp);
  return marginFor(market, inst, { product: r.product, orderComplexity: r.orderComplexity, transactionType: r.transactionType, quantity, price });
}
