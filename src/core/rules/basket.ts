import type { ErrorCode } from "../errors";
import type { Exchange } from "../types/exchange";
import type { OrderType, Product, TransactionType } from "../types/order";

/** Issue 13: "At most 10 baskets per user and 20 scrips per basket; a name of 1 to 40 characters, unique per user." */
export const BASKETS_MAX = 10;
export const BASKET_SCRIPS_MAX = 20;
export const BASKET_NAME_MAX = 40;

/** One leg of a basket: the order fields it is placed with. */
export interface BasketLeg {
  scripId: number;
  exchange: Exchange;
  token: number;
  transType: TransactionType;
  qty: number;
  product: Product;
  orderType: OrderType;
  price: number;
  trigger: number;
  /** The broker adds the contract's trading symbol when it lists legs. */
  tradingSymbol?: string;
}

/** What the trader edits on a leg; a price of 0 makes a LIMIT or MARKET leg a market one. */
export interface LegEdit {
  qty: number;
  transType: TransactionType;
  product: Product;
  price: number;
}

/** A leg's fields after an edit: stop-loss legs keep their type and trigger. */
export function editedLeg(leg: BasketLeg, e: LegEdit): Omit<BasketLeg, "scripId" | "tradingSymbol"> {
  const stop = leg.orderType === "SL" || leg.orderType === "SLM";
  const orderType: OrderType = stop ? leg.orderType : e.price > 0 ? "LIMIT" : "MARKET";
  return { exchange: leg.exchange, token: leg.token, transType: e.transType, qty: e.qty, product: e.product, orderType, price: e.price, trigger: leg.trigger };
}

export interface Basket {
  basketId: number;
  basketName: string;
  createdBy: string;
  scripCount: number;
}

/** Names are compared without case ("Basket names are case-insensitive in commands"). */
export const sameBasketName = (a: string, b: string): boolean => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Why a name cannot be given to a basket, or null: 1 to 40 characters after trimming, unique among
 * the user's other baskets (`others`, without the one being renamed).
 */
export function basketNameProblem(name: string, others: readonly string[]): ErrorCode | null {
  const n = name.trim();
  if (n.length === 0 || n.length > BASKET_NAME_MAX) return "EC962";
  return others.some((o) => sameBasketName(o, n)) ? "EC963" : null;
}

/**
 * The clientOrderKey of one leg in one run of a basket: the same run places the same leg under
 * the same key, so a retry or a second Enter is answered by the broker's dedupe, never a new order.
 */
export const basketLegKey = (runId: string, scripId: number): string => `bk-${runId}-${scripId}`;
