import type { Exchange } from "./exchange";

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

/** Issue 33: a trailing stop's trail, in points or in percent of the price (src/core/rules/trail.ts). */
export const TRAIL_UNITS = ["POINTS", "PERCENT"] as const;
export type TrailUnit = (typeof TRAIL_UNITS)[number];

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
  /** Issue 33: the trail of a regular SL or SLM order (src/core/rules/trail.ts); absent or 0 for none. */
  trailValue?: number;
  trailUnit?: TrailUnit;
  trailJump?: number;
  gtdValidityDate?: string;
  orderTag?: string;
  algoId?: string;
  clientOrderKey?: string;
  /** Issue 33: a bracket template's name (src/core/rules/bracket.ts); the broker places its legs as the entry fills. */
  bracket?: string;
}

/**
 * An order of the order book (section 3) and a trade-book row, as the broker answers them: the
 * wire's own types (src/core/wire/orders.ts). `status` is the display text, `orderStatus` the
 * lower-case status.
 */
export type { Order, Trade } from "../wire/orders";

/** "The margin-check payload has: exchange, instrumentId, transactionType, quantity, product,
 *  orderComplexity, orderType, price, validity, marketProtection, slTriggerPrice." Tape adds `orderNo`
 *  for a modify's check: the working order it changes, whose own claim and margin the broker leaves out. */
export type MarginCheckRequest = Pick<
  OrderRequest,
  "exchange" | "instrumentId" | "transactionType" | "quantity" | "product" | "orderComplexity" | "orderType" | "price" | "validity" | "marketProtection" | "slTriggerPrice"
> & { orderNo?: string };
