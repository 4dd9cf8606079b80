import type { MarginBreakdown } from "../../src/core/rules/margin.js";
import type { Order, Trade } from "../../src/core/types/order.js";
import type { OrderStatus } from "../../src/core/types/orderStatus.js";

/** The margin an order holds while it works: the shared margin model's split, as the funds limits show it. */
export type BlockedMargin = MarginBreakdown;

export const NO_MARGIN: BlockedMargin = { span: 0, exposure: 0, premium: 0, cash: 0, total: 0 };

/**
 * An order-book row as the broker answers it (order book, history): the wire's Order
 * (src/core/wire/orders.ts), the spec's Order plus Tape's token, cancelledQuantity, orderTime and
 * clientOrderKey.
 */
export type OrderRow = Order;

/** What the engine keeps about an order: the row plus its working state. Persisted as JSON. */
export interface OrderRecord extends OrderRow {
  userId: string;
  seq: number;
  tokenNo: number;
  insType: string;
  /** Margin held for the pending quantity (released as it fills, is cancelled or lapses). */
  blocked: BlockedMargin;
  /** SL/SLM: the trigger has been crossed and the order now works as LIMIT/MARKET. */
  triggered: boolean;
  /** MARKET (and triggered SLM): the worst price market protection allows, fixed when it starts working. */
  protectionPrice: number;
  /** Trailing stop-loss legs: the entry's average price (the reference) and the best price seen since. */
  trailRef: number;
  trailBest: number;
  /** IST date of the session this order works in ("" while an AMO waits for the open). */
  sessionDay: string;
  /** Total value filled, for the average traded price. */
  filledValue: number;
  orderStatus: OrderStatus;
}

/** A trade-book row: the wire's Trade, the spec's Trade plus Tape's fields. */
export type TradeRow = Trade;

/** The public row of a record: what the order book shows. */
export function toRow(r: OrderRecord): OrderRow {
  const row: OrderRow = {
    brokerOrderId: r.brokerOrderId,
    orderNo: r.orderNo,
    status: r.status,
    orderStatus: r.orderStatus,
    mainLegOrderId: r.mainLegOrderId,
    exchange: r.exchange,
    instrumentId: r.instrumentId,
    token: r.token,
    tradingSymbol: r.tradingSymbol,
    quantity: r.quantity,
    pendingQuantity: r.pendingQuantity,
    filledQuantity: r.filledQuantity,
    cancelledQuantity: r.cancelledQuantity,
    price: r.price,
    triggerPrice: r.triggerPrice,
    slTriggerPrice: r.slTriggerPrice,
    stopLossPrice: r.stopLossPrice,
    targetPrice: r.targetPrice,
    trailingSlAmount: r.trailingSlAmount,
    disclosedQuantity: r.disclosedQuantity,
    averageTradedPrice: r.averageTradedPrice,
    marketProtection: r.marketProtection,
    orderTag: r.orderTag,
    algoId: r.algoId,
    orderComplexity: r.orderComplexity,
    product: r.product,
    orderType: r.orderType,
    validity: r.validity,
    transactionType: r.transactionType,
    rejectionReason: r.rejectionReason,
    orderTime: r.orderTime,
    clientOrderKey: r.clientOrderKey,
  };
  if (r.gtdValidityDate) row.gtdValidityDate = r.gtdValidityDate;
  if (r.bracket) row.bracket = r.bracket;
  withTrail(row, r);
  return row;
}

/** Issue 33: the trail fields ride on a row only when the order trails (they are optional on the wire). */
export function withTrail(row: OrderRow, r: Pick<OrderRow, "trailValue" | "trailUnit" | "trailJump">): void {
  if (!(r.trailValue !== undefined && r.trailValue > 0)) return;
  row.trailValue = r.trailValue;
  row.trailUnit = r.trailUnit ?? "POINTS";
  row.trailJump = r.trailJump ?? 0;
}
