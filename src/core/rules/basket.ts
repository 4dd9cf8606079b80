import type { ErrorCode } from "../errors";
import type { Exchange } from "../types/exchange";
import type { OrderType, Product, TransactionType } from "../types/order";

/** Issue 13: "At most 10 baskets per user and 20 scrips per basket; a name of 1 to 40 characters, unique per user." */
export const BASKETS_MAX = 10;
export const BASKET_SCRIPS_MAX = 20;
export const BASKET_NAME_MAX = 40;

/** One leg of a basket, and a basket, as the broker answers them (src/core/wire/baskets.ts). */
export type { Basket, BasketLeg } from "../wire/baskets";
import type { BasketLeg } from "../wire/baskets";

/**
 * What the trader edits on a leg: every field the leg places with, as the leg dialog shows it
 * (issue 28: a leg's order type and trigger are shown and edited, not kept behind a price of 0).
 */
export interface LegEdit {
  qty: number;
  transType: TransactionType;
  product: Product;
  orderType: OrderType;
  price: number;
  trigger: number;
}

/**
 * The products a leg on an exchange can be placed with: "DELIVERY and BNPL are allowed only on
 * NSEEQ or BSEEQ" and "BNPL is disabled off NSEEQ"; elsewhere the carry-forward product is NORMAL.
 * The leg's own product stays listed, so the select never shows a value it does not offer.
 */
export function legProducts(exchange: Exchange, current: Product): Product[] {
  const offered: Product[] = exchange === "NSEEQ" ? ["DELIVERY", "INTRADAY", "BNPL"] : exchange === "BSEEQ" ? ["DELIVERY", "INTRADAY"] : ["NORMAL", "INTRADAY"];
  return offered.includes(current) ? offered : [...offered, current];
}

/** The price and trigger a leg's order type sends ("MARKET needs neither price nor trigger ... SLM needs a trigger only"). */
export function legNeeds(orderType: OrderType): { price: boolean; trigger: boolean } {
  return { price: orderType === "LIMIT" || orderType === "SL", trigger: orderType === "SL" || orderType === "SLM" };
}

/** Why an edit cannot be saved, or undefined: a positive whole quantity and the prices its type needs. */
export function legEditProblem(e: LegEdit): string | undefined {
  if (!Number.isInteger(e.qty) || e.qty <= 0) return "Enter a quantity";
  const need = legNeeds(e.orderType);
  if (need.price && !(e.price > 0)) return `${e.orderType} needs a price`;
  if (need.trigger && !(e.trigger > 0)) return `${e.orderType} needs a trigger price`;
  return undefined;
}

/** A leg's fields after an edit: a field its type does not use is 0, as the order sends it. */
export function editedLeg(leg: BasketLeg, e: LegEdit): Omit<BasketLeg, "scripId" | "tradingSymbol"> {
  const need = legNeeds(e.orderType);
  return { exchange: leg.exchange, token: leg.token, transType: e.transType, qty: e.qty, product: e.product, orderType: e.orderType, price: need.price ? e.price : 0, trigger: need.trigger ? e.trigger : 0 };
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

/**
 * The Baskets list's row keys (its cursor holds a row by them): a basket's row, and a leg's. An edited
 * leg is a new leg (there is no leg update: a new scripId, so a run's clientOrderKey never names the
 * old terms), and the edit puts the cursor on it by this key rather than letting the list say the
 * leg it replaced is gone and take the cursor to a neighbour.
 */
export const basketRowKey = (basketId: number): string => `b:${basketId}`;
export const legRowKey = (basketId: number, scripId: number): string => `l:${basketId}:${scripId}`;
