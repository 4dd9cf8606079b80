import { isErrorStatus } from "../errors";
import type { Holding, HoldingView } from "../types/portfolio";
import { roundToPaisa } from "../money";

/** A percentage of a base; a zero base gives Infinity (shown as "--" by format.ts) unless the part is zero too. */
export function percentOf(part: number, base: number): number {
  if (base === 0) return part === 0 ? 0 : part > 0 ? Infinity : -Infinity;
  return roundToPaisa((part * 100) / Math.abs(base));
}

/**
 * The derived fields of a holding (trading-core section 3):
 *   buyValue = quantity x average price; currentVal = quantity x last price;
 *   netPnl = currentVal - buyValue; netChg = netPnl / buyValue %;
 *   previousDayBuyValue = carried quantity x previous close + t1Quantity x t1AveragePrice;
 *   daysPnl = currentVal - previousDayBuyValue; dayChg = daysPnl / previousDayBuyValue %.
 * The quantity is totalQuantity, which includes the unsettled t1Quantity; the carried quantity is
 * the rest. The spec names previousDayBuyValue without a formula: a share bought today had no
 * previous day, so its day runs from what it cost, as the position (and the loss limit's day
 * figure, positions.ts positionDayPnl) counts it. quantity x previous close gave 1,000 shares
 * bought today at 1,141.43 a day's gain of (LTP - 1,138.70) each while Positions showed them at a
 * loss. A sale today takes today's shares first (the broker's holding.ts), so t1Quantity is what is
 * left of them and the sale needs nothing here.
 */
export function deriveHolding(h: Holding, bnplQty: number, deliveryQty: number): HoldingView {
  const q = h.totalQuantity;
  const buyValue = roundToPaisa(q * h.averageTradedPrice);
  const previousDayBuyValue = roundToPaisa((q - h.t1Quantity) * h.previousDayClose + h.t1Quantity * h.t1AveragePrice);
  const currentVal = roundToPaisa(q * h.ltp);
  const netPnl = roundToPaisa(currentVal - buyValue);
  const daysPnl = roundToPaisa(currentVal - previousDayBuyValue);
  return {
    ...h,
    buyValue,
    previousDayBuyValue,
    currentVal,
    netPnl,
    netChg: percentOf(netPnl, buyValue),
    daysPnl,
    dayChg: percentOf(daysPnl, previousDayBuyValue),
    bnplQty,
    deliveryQty,
    hasBnpl: bnplQty > 0,
  };
}

/** The same exchange and token: the NSE token when both have one, otherwise the BSE token. */
function sameInstrument(a: Holding, b: Holding): boolean {
  if (a.nseInstrumentId && b.nseInstrumentId) return a.nseInstrumentId === b.nseInstrumentId;
  if (a.bseInstrumentId && b.bseInstrumentId) return a.bseInstrumentId === b.bseInstrumentId;
  return false;
}

/**
 * "BNPL holdings are merged into the matching delivery holding by exchange and token. BNPL-only
 * holdings are appended." The merged holding carries both quantities, the quantity-weighted
 * average price, and the live price of the delivery row.
 */
export function mergeBnpl(holdings: readonly Holding[]): HoldingView[] {
  const delivery = holdings.filter((h) => h.product !== "BNPL");
  const bnpl = holdings.filter((h) => h.product === "BNPL");
  const merged: { base: Holding; bnpl: Holding[] }[] = delivery.map((base) => ({ base, bnpl: [] }));
  const orphans: Holding[] = [];
  for (const b of bnpl) {
    const target = merged.find((m) => sameInstrument(m.base, b));
    if (target) target.bnpl.push(b);
    else orphans.push(b);
  }
  const views = merged.map(({ base, bnpl: parts }) => {
    if (parts.length === 0) return deriveHolding(base, 0, base.totalQuantity);
    const bnplQty = parts.reduce((s, p) => s + p.totalQuantity, 0);
    const totalQuantity = base.totalQuantity + bnplQty;
    const cost = base.totalQuantity * base.averageTradedPrice + parts.reduce((s, p) => s + p.totalQuantity * p.averageTradedPrice, 0);
    const t1Quantity = base.t1Quantity + parts.reduce((s, p) => s + p.t1Quantity, 0);
    const t1Cost = base.t1Quantity * base.t1AveragePrice + parts.reduce((s, p) => s + p.t1Quantity * p.t1AveragePrice, 0);
    const combined: Holding = {
      ...base,
      totalQuantity,
      t1Quantity,
      // Not rounded: t1Quantity x this is then the parts' cost of today's shares to the paisa, so the
      // merged row's day's P&L is the sum of its parts' (and of their positions').
      t1AveragePrice: t1Quantity > 0 ? t1Cost / t1Quantity : 0,
      averageTradedPrice: totalQuantity > 0 ? Math.round((cost / totalQuantity) * 10_000) / 10_000 : 0,
    };
    return deriveHolding(combined, bnplQty, base.totalQuantity);
  });
  return [...views, ...orphans.map((b) => deriveHolding(b, b.totalQuantity, 0))];
}

/** The BNPL tab lists the holdings that carry BNPL quantity; Stocks lists them all. */
export function bnplHoldings(views: readonly HoldingView[]): HoldingView[] {
  return views.filter((v) => v.hasBnpl);
}

/** EC922 means "no holdings found": like any error status, an empty list. */
export function holdingsFromResponse<T>(answer: { status?: unknown; message?: unknown; result?: unknown } | null | undefined): T[] {
  if (!answer || isErrorStatus(answer.status)) return [];
  return Array.isArray(answer.result) ? (answer.result as T[]) : [];
}

export interface HoldingTotals {
  buyValue: number;
  previousDayBuyValue: number;
  currentVal: number;
  daysPnl: number;
  dayChg: number;
  netPnl: number;
  netChg: number;
}

export function holdingTotals(views: readonly HoldingView[]): HoldingTotals {
  const sum = (f: (v: HoldingView) => number) => roundToPaisa(views.reduce((s, v) => s + f(v), 0));
  const buyValue = sum((v) => v.buyValue);
  const previousDayBuyValue = sum((v) => v.previousDayBuyValue);
  const currentVal = sum((v) => v.currentVal);
  const daysPnl = sum((v) => v.daysPnl);
  const netPnl = sum((v) => v.netPnl);
  return { buyValue, previousDayBuyValue, currentVal, daysPnl, dayChg: percentOf(daysPnl, previousDayBuyValue), netPnl, netChg: percentOf(netPnl, buyValue) };
}
