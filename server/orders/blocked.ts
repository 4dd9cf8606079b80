import type { Instrument, Market, Quote } from "../market/types.js";
import { marginFor } from "../portfolio/margin.js";
import { holdsInDemat } from "../../src/core/rules/positions.js";
import type { Portfolio } from "../portfolio/portfolio.js";
import { marginPrice } from "../../src/core/rules/margin.js";
import type { Product, TransactionType } from "../../src/core/types/order.js";
import { NO_MARGIN, type BlockedMargin, type OrderRecord } from "./record.js";

/**
 * The margin a working order holds for its pending quantity. BO/CO legs hold none (they close
 * the entry's position); an order that reduces an open position of the same product holds
 * margin only for the part beyond that position.
 */
export function blockedMargin(market: Market, portfolio: Portfolio, r: OrderRecord, inst: Instrument, quote: Quote): BlockedMargin {
  if (r.mainLegOrderId !== "" || r.pendingQuantity <= 0) return NO_MARGIN;
  const quantity = quantityBeyondPosition(portfolio, r.userId, inst, r, r.pendingQuantity);
  const price = marginPrice(r, quote.ltp);
  return marginFor(market, inst, { product: r.product, orderComplexity: r.orderComplexity, transactionType: r.transactionType, quantity, price });
}

/**
 * The part of an order's quantity that opens new exposure: an order against an open position of
 * the same product (and BO/CO type) closes that much first, which needs no margin. Shares sold
 * out of the demat are covered by the holding instead (the margin table's "sell from DELIVERY").
 */
export function quantityBeyondPosition(
  portfolio: Portfolio,
  userId: string,
  inst: Instrument,
  order: { orderComplexity: string; product: Product; transactionType: TransactionType },
  quantity: number,
): number {
  const type = order.orderComplexity === "BO" || order.orderComplexity === "CO" ? order.orderComplexity : "";
  const net = portfolio.netQuantity(userId, inst, type || order.product);
  if (net === undefined || holdsInDemat(inst.exchange, order.product)) return quantity;
  const closing = (net > 0 && order.transactionType === "SELL") || (net < 0 && order.transactionType === "BUY");
  return closing ? Math.max(0, quantity - Math.abs(net)) : quantity;
}
