import type { Exchange } from "./exchange";

/**
 * An order update on prod/updates/order/v1/{clientcode} (access-and-surroundings section 3), the
 * one shape the paper broker writes (server/orders/orderUpdate.ts implements it) and the app reads
 * (src/feed/orderUpdates.ts parseOrderUpdate). The broker sends a few more fields (instrumentId,
 * orderComplexity, ...) that the app does not read.
 */
export interface OrderUpdate {
  brokerOrderId: string;
  brokerUpdateTime: string;
  orderStatus: string;
  validity: string;
  orderType: string;
  exchange: Exchange;
  tradingSymbol: string;
  transactionType: string;
  quantity: number;
  cancelledQuantity: number;
  pendingQuantity: number;
  filledQuantity: number;
  price: number;
  slTriggerPrice: number;
  /** Tape's addition (issue 28): the average price of the fills so far, 0 before any; a fill's toast says it. */
  averageTradedPrice: number;
  /**
   * Tape's addition (issue 28): true on the update a modify produced (the trader's, or the broker
   * trailing a stop). The status after a modify is the resting one (open, trigger pending), which
   * alone reads like a placement.
   */
  modified: boolean;
  rejectionReason: string;
  topic: string;
  /**
   * Tape's addition (issue 33): on a modify the broker made itself, why: "trail" when it moved a
   * trailing stop's trigger (src/core/rules/trail.ts). Absent on the trader's own modifies.
   */
  /** The order's product as sent (NORMAL, INTRADAY, DELIVERY, BNPL), when the update carries it: its toast names it. */
  product?: string;
  /** The order number the order book shows, when the update carries it: its toast names it. */
  orderNo?: string;
  /** The order's tag, when it has one: "GTT 5" is an order that GTT's trigger placed. */
  orderTag?: string;
  modifyReason?: ModifyReason;
  /** With modifyReason "trail": the trigger before the move, so the app can say from where to where. */
  previousTrigger?: number;
}

export type ModifyReason = "trail";
