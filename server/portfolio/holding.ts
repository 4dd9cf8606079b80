import type { HoldingProduct } from "../../src/core/types/portfolio.js";

/**
 * A demat holding as the broker keeps it (issue 28): the settled shares and their average price
 * apart from today's bought shares (T1) and what they cost, so that giving today's shares back
 * (a sale, which takes them first, or a conversion out of DELIVERY) takes their cost with them
 * and leaves the settled average as it was. The broker has no settlement run or day rollover, so
 * T1 shares stay today's until then.
 */
export interface HoldingRecord {
  isin: string;
  product: HoldingProduct;
  nseToken: number;
  bseToken: number;
  nseTradingSymbol: string;
  bseTradingSymbol: string;
  /** Shares settled in the demat account, and their average price (kept when none are left, for a buy-back). */
  settledQuantity: number;
  settledAveragePrice: number;
  /** Bought today, not yet settled, and what they cost in all. */
  t1Quantity: number;
  t1Value: number;
  /**
   * Settled shares sold today. A buy of the same share the same day brings these back first, at
   * the settled average: the day's buys and sells of a share net, as the exchange settles them,
   * so a sale and buy-back leaves the holding as it was and its P&L in the day's position.
   */
  soldTodayQuantity: number;
}

/** totalQuantity includes t1Quantity (trading-core section 3, Holding). */
export const totalQuantityOf = (h: Readonly<HoldingRecord>): number => h.settledQuantity + h.t1Quantity;

/** The average price shown: what every share held cost, over their number, to 4 decimals. */
export function averagePriceOf(h: Readonly<HoldingRecord>): number {
  const total = totalQuantityOf(h);
  if (total <= 0) return 0;
  return Math.round(((h.settledQuantity * h.settledAveragePrice + h.t1Value) / total) * 10_000) / 10_000;
}

/**
 * What today's (T1) shares cost each, to 4 decimals as every average on the wire (the position's
 * dayBuyPrice is rounded the same way, so the two panes' figures for today's shares agree); 0 when none.
 */
export function t1AveragePriceOf(h: Readonly<HoldingRecord>): number {
  return h.t1Quantity > 0 ? Math.round((h.t1Value / h.t1Quantity) * 10_000) / 10_000 : 0;
}

/** A record that holds nothing and owes no buy-back today can go. */
export const isSpent = (h: Readonly<HoldingRecord>): boolean => totalQuantityOf(h) <= 0 && h.soldTodayQuantity <= 0;

/** Shares come in: first back in place of settled shares sold today, the rest as T1 at `price`. */
export function addShares(h: HoldingRecord, quantity: number, price: number): void {
  const back = Math.min(quantity, h.soldTodayQuantity);
  h.soldTodayQuantity -= back;
  h.settledQuantity += back;
  const bought = quantity - back;
  h.t1Quantity += bought;
  h.t1Value += bought * price;
}

/** Shares go out: today's first, at their own average cost, then settled ones (their average unchanged). */
export function takeShares(h: HoldingRecord, quantity: number): void {
  const today = Math.min(quantity, h.t1Quantity);
  // The last of today's shares take all that is left of their cost, so no rounding dust stays behind.
  h.t1Value = today === h.t1Quantity ? 0 : h.t1Value - today * (h.t1Value / h.t1Quantity);
  h.t1Quantity -= today;
  const settled = quantity - today;
  h.settledQuantity -= settled;
  h.soldTodayQuantity += settled;
}
