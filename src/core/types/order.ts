import type { Exchange } from "./exchange";
import type { OrderStatus } from "./orderStatus";

/** trading-core section 3, Order. */
export const ORDER_COMPLEXITIES = ["REGULAR", "AMO", "BO", "CO"] as const;
export type OrderComplexity = (typeof ORDER_COMPLEXITIES)[number];

export const PRODUCTS = ["NORMAL", "INTRADAY", "DELIVERY", "BNPL"] as const;
export type Product = (typeof PRODUCTS)[number];

export const ORDER_TYPES = ["LIMIT", "MARKET", "SL", "SLM"] as const;
export type OrderType = (typeof ORDER_TYPES)[number];

/** DAY and IOC on the order; GTD is offered by the order window (with gtdValidityDate). */
export const VALIDITIES = ["DAY", "IOC", "GTD"] as const;
export type Validity = (typeof VALIDITIES)[number];

export const TRANSACTION_TYPES = ["BUY", "SELL"] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

/**
 * The place-order request. The spec says its exact field list is not shown: it is built from the
 * order fields of section 3. `slTriggerPrice` is the trigger of SL and SLM orders and of the CO
 * stop-loss leg (the same name the margin-check payload and order updates use).
 * `clientOrderKey` makes a repeated submit idempotent (issue 5, "one submit, one order").
 */
export interface OrderRequest {
  exchange: Exchange;
  instrumentId: string;
  transactionType: TransactionType;
  quantity: number;
  product: Product;
  orderComplexity: OrderComplexity;
  orderType: OrderType;
  validity: Validity;
  price: number;
  slTriggerPrice: number;
  disclosedQuantity: number;
  marketProtection: number;
  /** BO legs, absolute prices. */
  targetPrice: number;
  stopLossPrice: number;
  trailingSlAmount: number;
  gtdValidityDate?: string;
  orderTag?: string;
  algoId?: string;
  clientOrderKey?: string;
}

/** An order of the order book (section 3). `status` is the display text, `orderStatus` the lower-case status. */
export interface Order {
  brokerOrderId: string;
  orderNo: string;
  status: string;
  orderStatus: OrderStatus;
  /** Set on BO/CO sub-legs: the main leg's brokerOrderId. Empty on a main leg. */
  mainLegOrderId: string;
  exchange: Exchange;
  instrumentId: string;
  tradingSymbol: string;
  quantity: number;
  pendingQuantity: number;
  filledQuantity: number;
  price: number;
  /** Same value as slTriggerPrice; both names appear in the spec's field list. */
  triggerPrice: number;
  slTriggerPrice: number;
  stopLossPrice: number;
  targetPrice: number;
  trailingSlAmount: number;
  disclosedQuantity: number;
  averageTradedPrice: number;
  marketProtection: number;
  orderTag: string;
  algoId: string;
  orderComplexity: OrderComplexity;
  product: Product;
  orderType: OrderType;
  validity: Validity;
  gtdValidityDate?: string;
  transactionType: TransactionType;
  rejectionReason?: string;
  /** ISO timestamp of the last change, exchange time. */
  orderTime?: string;
  /** The client order key the order was placed with, echoed so a timed-out place can be found again. */
  clientOrderKey?: string;
}

/** A trade-book row. The spec shows filledQuantity, tradedPrice, instrumentId; the rest are Tape's. */
export interface Trade {
  filledQuantity: number;
  tradedPrice: number;
  instrumentId: string;
  tradeId: string;
  brokerOrderId: string;
  exchange: Exchange;
  tradingSymbol: string;
  transactionType: TransactionType;
  product: Product;
  tradeTime: string;
}

/** "The margin-check payload has: exchange, instrumentId, transactionType, quantity, product,
 *  orderComplexity, orderType, price, validity, marketProtection, slTriggerPrice." */
export type MarginCheckRequest = Pick<
  OrderRequest,
  "exchange" | "instrumentId" | "transactionType" | "quantity" | "product" | "orderComplexity" | "orderType" | "price" | "validity" | "marketProtection" | "slTriggerPrice"
>;
