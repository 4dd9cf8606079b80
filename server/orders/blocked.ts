import type { Instrument, Market, Quote } from "../market/types.js";
import { marginFor } from "../portfolio/margin.js";
import { holdsInDemat } from "../../src/core/rules/positions.js";
import type { Portfolio } from "../portfolio/portfolio.js";
import { marginPrice } from "../../src/core/rules/margin.js";
import type { Product, TransactionType } from "../../src/core/types/order.js";
import { closes, marginFreeQuantity } from "../../src/core/rules/closingMargin.js";
import { orderBook } from "../../src/core/rules/positionKey.js";
import { NO_MARGIN, type BlockedMargin, type OrderRecord } from "./record.js";
import type { WorkingOrders } from "./working.js";
import type { Exchange } from "../../src/core/types/exchange.js";

/**
 * The margin a working order holds for its pending quantity. BO/CO legs hold none (they close
 * the entry's position); an order that reduces an open position of the same product holds
 * margin only for the part beyond what is left of that position once the working orders placed
 * before it on the same side (`ahead`, closingAhead) have closed their part (rules/closingMargin.ts).
 */
export function blockedMargin(market: Market, portfolio: Portfolio, r: OrderRecord, inst: Instrument, quote: Quote, ahead: Ahead): BlockedMargin {
  if (r.mainLegOrderId !== "" || r.pendingQuantity <= 0) return NO_MARGIN;
  const quantity = quantityBeyondPosition(portfolio, r.userId, inst, r, r.pendingQuantity, ahead);
  const price = marginPrice(r, quote.ltp);
  return marginFor(market, inst, { product: r.product, orderComplexity: r.orderComplexity, transactionType: r.transactionType, quantity, price });
}

/**
 * The pending quantity of the working orders that close the position ahead of an order, read only
 * when the order closes it, and only as far as `enough` (the position's size: a sum past it leaves
 * nothing margin-free, so the reading may stop there). The orders bench's trader rests thousands of
 * orders an instrument: a full scan at each order took 30 µs of it.
 */
export type Ahead = (enough: number) => number;


/**
 * The pending quantity of the user's working main orders on `order`'s instrument, book and side
 * placed before it (a lower seq; a new order, not yet numbered, comes after all): what of the
 * position they close first. `order` itself is never counted (a modify's own order). The sum stops
 * once it reaches `enough`.
 */
export function closingAhead(
  working: Pick<WorkingOrders, "onInstrument">,
  order: { userId: string; exchange: Exchange; tokenNo: number; orderComplexity: string; product: Product; transactionType: TransactionType; brokerOrderId?: string; seq?: number },
  enough = Number.POSITIVE_INFINITY,
): number {
  const book = orderBook(order);
  const before = order.seq ?? Number.POSITIVE_INFINITY;
  let ahead = 0;
  // The instrument's orders only: every working order, sorted, on each order placed and each fill made the engine's work grow with the book.
  for (const w of working.onInstrument(order.exchange, order.tokenNo)) {
    if (w.seq >= before || w.brokerOrderId === order.brokerOrderId || w.mainLegOrderId !== "" || w.pendingQuantity <= 0) continue;
    if (w.userId === order.userId && w.exchange === order.exchange && w.tokenNo === order.tokenNo && w.transactionType === order.transactionType && orderBook(w) === book) {
      ahead += w.pendingQuantity;
      if (ahead >= enough) break;
    }
  }
  return ahead;
}

/**
 * The part of an order's quantity that opens new exposure: an order against an open position of
 * the same product (and BO/CO type) closes what the working orders `ahead` of it leave of that
 * position first, which needs no margin (rules/closingMargin.ts). Shares sold out of the demat are
 * covered by the holding instead (the margin table's "sell from DELIVERY").
 */
export function quantityBeyondPosition(
  portfolio: Portfolio,
  userId: string,
  inst: Instrument,
  order: { orderComplexity: string; product: Product; transactionType: TransactionType },
  quantity: number,
  ahead: Ahead,
): number {
  const net = portfolio.netQuantity(userId, inst, orderBook(order));
  // An order that does not close the position opens all it trades: what is ahead of it is not read.
  if (net === undefined || !closes(net, order.transactionType) || holdsInDemat(inst.exchange, order.product)) return quantity;
  return quantity - marginFreeQuantity(net, order.transactionType, quantity, ahead(Math.abs(net)));
}
