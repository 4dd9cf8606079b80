import { isErrorStatus } from "../errors";
import type { Exchange } from "../types/exchange";
import { isEquityExchange, segmentOf } from "../types/exchange";
import type { Product, TransactionType } from "../types/order";
import type { Position } from "../types/portfolio";
import { valuePerUnit } from "./contractValue";
import { roundToPaisa } from "../money";
import { formatPrice } from "../format";


type PnlFields = Pick<Position, "exchange" | "netQuantity" | "buyPrice" | "sellPrice" | "ltp" | "multiplier" | "lotsize">;

/** Equity bought or sold in a product that is not INTRADAY moves shares into or out of the demat holdings. */
export const holdsInDemat = (exchange: Exchange, product: Product): boolean => isEquityExchange(exchange) && product !== "INTRADAY";

/**
 * The shares of a position that were sold out of the demat holdings: an equity position that holds
 * in demat and is net short. The broker refuses a delivery sale beyond what is held (EC949's
 * "Insufficient holdings to sell"), so such a net short is never a short: the shares sold beyond the
 * day's buys left the holding, and nothing is open. 0 for any other position.
 */
export function soldFromHoldings(p: Pick<Position, "exchange" | "product" | "netQuantity">): number {
  return holdsInDemat(p.exchange, p.product) && p.netQuantity < 0 ? -p.netQuantity : 0;
}

/**
 * Whether there is anything open to exit, convert or flatten: a net quantity that is not a sale
 * out of the holdings (soldFromHoldings). Exiting a holding sale would buy the shares back.
 */
export const isOpenPosition = (p: Pick<Position, "exchange" | "product" | "netQuantity">): boolean => p.netQuantity !== 0 && soldFromHoldings(p) === 0;

/**
 * Unrealised P&L (trading-core section 9): "uses quantity for equity and F&O", "for commodity
 * multiplies by multiplier and lot size", "for other exchanges uses quantity times multiplier".
 * A long position gains as the price rises above its average buy price; a short one as it falls
 * below its average sell price. Closed positions have none. A sale out of the holdings
 * (soldFromHoldings) is priced by the position's own figures too, the sale against the live price,
 * so that TESTING.md's identity holds for every position (P&L = sells - buys + net quantity x LTP);
 * the shares' cost is the holding's, which no position figure knows.
 *
 * Decided (FINDINGS-25 s6, "-60 with a moving unrealised counted in the total"): kept, and the row
 * labelled (holdingSaleNote). Priced at 0 or left out of the total, the row would break the identity
 * and the total would stop being its rows' sum, and the figure would still not be the gain made, which
 * needs the holding's cost. As it stands it is what brokers' position books show for a holding sold
 * (the sale against the live price), and it answers a trader's question of the day: what selling at
 * that price made against keeping the shares. What it must not do is read as a short: the note says
 * the shares came out of the holdings and nothing is open, in the row and its title.
 */
export function unrealisedPnl(p: PnlFields): number {
  const unit = valuePerUnit(p.exchange, p.multiplier, p.lotsize);
  if (p.netQuantity > 0) return roundToPaisa((p.ltp - p.buyPrice) * p.netQuantity * unit);
  if (p.netQuantity < 0) return roundToPaisa((p.sellPrice - p.ltp) * -p.netQuantity * unit);
  return 0;
}

/**
 * The note a sale out of the holdings carries (soldFromHoldings): a muted "sold from holdings" in its
 * row, and a title saying how many left at what price and that its unrealised moves with a price though
 * nothing is open (unrealisedPnl's decision). undefined for every other position.
 */
export function holdingSaleNote(p: Pick<Position, "exchange" | "product" | "netQuantity" | "tradingSymbol" | "sellPrice">): { label: string; title: string } | undefined {
  const sold = soldFromHoldings(p);
  if (sold === 0) return undefined;
  return {
    label: "sold from holdings",
    title:
      `${sold} ${p.tradingSymbol} sold out of your holdings today: not a short, nothing open to exit. ` +
      `Its unrealised P&L is the sale at ₹${formatPrice(p.sellPrice, p.exchange)} against the live price, as every position's is; ` +
      `it moves with ${p.tradingSymbol} though you hold none of these shares. What they made over their cost is not in Positions.`,
  };
}

/** The position with a new last price: unRealizedPnl and pnl (realised + unrealised) recomputed. */
export function withLtp<T extends PnlFields & Pick<Position, "realizedPnl" | "unRealizedPnl" | "pnl">>(p: T, ltp: number): T {
  const next = { ...p, ltp };
  next.unRealizedPnl = unrealisedPnl(next);
  next.pnl = roundToPaisa(next.realizedPnl + next.unRealizedPnl);
  return next;
}

/** "Positions with netQuantity 0 are closed and are listed after open ones." Order within each group is kept. */
export function sortOpenFirst<T extends Pick<Position, "netQuantity">>(positions: readonly T[]): T[] {
  return [...positions.filter((p) => p.netQuantity !== 0), ...positions.filter((p) => p.netQuantity === 0)];
}

/**
 * "For positions, a response whose status is itself an error code is treated as empty."
 * EC920 ("no positions found") is the usual one; a missing or non-array result is empty too.
 */
export function positionsFromResponse<T>(answer: { status?: unknown; message?: unknown; result?: unknown } | null | undefined): T[] {
  if (!answer || isErrorStatus(answer.status)) return [];
  return Array.isArray(answer.result) ? (answer.result as T[]) : [];
}

/**
 * "Position exit is enabled according to the count of long positions that are not BO or CO."
 * Read literally: positions with a positive net quantity whose type is neither BO nor CO
 * (BO/CO positions leave through their own legs).
 */
export function exitablePositions<T extends Pick<Position, "netQuantity" | "type">>(positions: readonly T[]): T[] {
  return positions.filter((p) => p.netQuantity > 0 && p.type !== "BO" && p.type !== "CO");
}

export function isExitEnabled(positions: readonly Pick<Position, "netQuantity" | "type">[]): boolean {
  return exitablePositions(positions).length > 0;
}

/** Positions tab codes: "all, equity 1, derivatives 2, commodity 3 and currency 4". */
export type PositionTabCode = "all" | 1 | 2 | 3 | 4;

export function positionTabCode(exchange: Exchange): 1 | 2 | 3 | 4 {
  switch (segmentOf(exchange)) {
    case "equity":
      return 1;
    case "derivatives":
      return 2;
    case "commodity":
      return 3;
    case "currency":
      return 4;
  }
}

/**
 * The tabs All, Equity, F&O, Commodity. There is no currency tab, so currency positions (code 4)
 * are listed under Commodity as well as All rather than hidden from every segment view.
 */
export const POSITION_TABS: readonly { title: string; codes: PositionTabCode[] }[] = [
  { title: "All", codes: ["all"] },
  { title: "Equity", codes: [1] },
  { title: "F&O", codes: [2] },
  { title: "Commodity", codes: [3, 4] },
];

export function positionsForTab<T extends Pick<Position, "exchange">>(positions: readonly T[], codes: readonly PositionTabCode[]): T[] {
  if (codes.includes("all")) return [...positions];
  return positions.filter((p) => codes.includes(positionTabCode(p.exchange)));
}

export interface Fill {
  transactionType: TransactionType;
  quantity: number;
  price: number;
}

export interface PositionFigures {
  netQuantity: number;
  buyQuantity: number;
  sellQuantity: number;
  buyPrice: number;
  sellPrice: number;
  realizedPnl: number;
}

/**
 * Net quantity, average buy and sell prices and realised P&L from a list of fills, by the average
 * method (not FIFO): buyPrice is the average of all buys, sellPrice of all sells, and the matched
 * quantity min(bought, sold) realises (sellPrice - buyPrice) per unit. Total P&L (realised +
 * unrealised) equals FIFO's; only the split differs after a position flips or is re-entered.
 * Averages are kept unrounded to the paisa's fraction until shown, then rounded to 4 decimals.
 */
export function positionFromFills(fills: readonly Fill[], unit: { exchange: Exchange; multiplier: number; lotsize: number }): PositionFigures {
  let buyQuantity = 0, sellQuantity = 0, buyValue = 0, sellValue = 0;
  for (const f of fills) {
    if (f.transactionType === "BUY") {
      buyQuantity += f.quantity;
      buyValue += f.quantity * f.price;
    } else {
      sellQuantity += f.quantity;
      sellValue += f.quantity * f.price;
    }
  }
  const buyPrice = buyQuantity > 0 ? buyValue / buyQuantity : 0;
  const sellPrice = sellQuantity > 0 ? sellValue / sellQuantity : 0;
  const matched = Math.min(buyQuantity, sellQuantity);
  const perUnit = valuePerUnit(unit.exchange, unit.multiplier, unit.lotsize);
  return {
    netQuantity: buyQuantity - sellQuantity,
    buyQuantity,
    sellQuantity,
    buyPrice: round4(buyPrice),
    sellPrice: round4(sellPrice),
    realizedPnl: roundToPaisa(matched * (sellPrice - buyPrice) * perUnit),
  };
}

const round4 = (x: number): number => Math.round(x * 10_000) / 10_000;

export interface PositionTotals {
  realizedPnl: number;
  unRealizedPnl: number;
  pnl: number;
  /**
   * The day's P&L (positionsDayPnl): the one figure the loss limit measures (lossLimits.ts
   * dayFigures, which the broker checks), shown as Positions' Day P&L total so that the grid and
   * the Loss limits dialog say one amount (FINDINGS-24 s6).
   */
  dayPnl: number;
  open: number;
  closed: number;
}

export type DayPnlFields = PnlFields &
  Pick<Position, "realizedPnl" | "buyQuantity" | "sellQuantity" | "previousDayClose" | "dayBuyQuantity" | "dayBuyPrice" | "daySellQuantity" | "daySellPrice" | "cfBuyQuantity" | "cfSellQuantity">;

/**
 * What the quantity carried in had made by yesterday's close: the carried net quantity at the
 * previous close, less what the carried buys cost, plus what the carried sells brought. A carried
 * side's amount is that side's trades less today's (each at the broker's average); a side with
 * nothing carried counts nothing, so a position with no carried quantity has exactly 0 here.
 */
function carriedPnlAtPreviousClose(p: DayPnlFields): number {
  if (p.cfBuyQuantity === 0 && p.cfSellQuantity === 0) return 0;
  const carriedBuys = p.cfBuyQuantity > 0 ? p.buyQuantity * p.buyPrice - p.dayBuyQuantity * p.dayBuyPrice : 0;
  const carriedSells = p.cfSellQuantity > 0 ? p.sellQuantity * p.sellPrice - p.daySellQuantity * p.daySellPrice : 0;
  return ((p.cfBuyQuantity - p.cfSellQuantity) * p.previousDayClose - carriedBuys + carriedSells) * valuePerUnit(p.exchange, p.multiplier, p.lotsize);
}

/**
 * One position's P&L today, realised plus unrealised, measured from the day's start (the loss
 * limit's measure, README "Daily loss limits": "today's trades from their prices, positions carried
 * in from the previous close"): its P&L (realised + unrealised at the last price, withLtp) less what
 * the quantity carried in had made by yesterday's close. Worked from the P&L itself, not from the
 * day's 4-decimal averages x quantity, so that a position with no carried quantity has a day's P&L
 * that IS its P&L, to the paisa (FINDINGS-26 s5: -11,649.42 vs -11,649.60 on 8,000 SBIN bought today).
 * It does not depend on when the limit was set or when the broker started: a baseline taken then
 * counted the morning's loss as none ("Today ₹0.00").
 */
export function positionDayPnl(p: DayPnlFields): number {
  const pnl = roundToPaisa(p.realizedPnl + unrealisedPnl(p));
  return roundToPaisa(pnl - carriedPnlAtPreviousClose(p));
}

/** The positions' day's P&L: the sum of positionDayPnl, the one total Positions, Home and the loss limit show. */
export function positionsDayPnl(positions: readonly DayPnlFields[]): number {
  let pnl = 0;
  for (const p of positions) pnl += positionDayPnl(p);
  return roundToPaisa(pnl);
}

export function positionTotals(positions: readonly (Pick<Position, "unRealizedPnl"> & DayPnlFields)[]): PositionTotals {
  let realizedPnl = 0, unRealizedPnl = 0, open = 0;
  for (const p of positions) {
    realizedPnl += p.realizedPnl;
    unRealizedPnl += p.unRealizedPnl;
    if (p.netQuantity !== 0) open++;
  }
  return { realizedPnl: roundToPaisa(realizedPnl), unRealizedPnl: roundToPaisa(unRealizedPnl), pnl: roundToPaisa(realizedPnl + unRealizedPnl), dayPnl: positionsDayPnl(positions), open, closed: positions.length - open };
}

/**
 * Home's Trading card's Day's P&L: the positions' day's P&L (positionsDayPnl, Positions' Day P&L
 * total and the loss limit's figure) less the open P&L of today's delivery buys still held (equity,
 * any product but INTRADAY, net long). Those shares are in Holdings as today's (T1) shares, and the
 * Investment card's Day's P&L counts them from their cost (rules/holdings.ts): counted on both
 * cards, a trader adding the two counted them twice. A delivery sale's realised P&L stays here: the
 * shares sold are no longer in holdings. It was the P&L since entry (realised + unrealised), which
 * counted a carried future's gain of days past as today's (FINDINGS-26 s1: 34,562.50 beside
 * Positions' Day P&L 17,475.00).
 */
export function tradingDaysPnl(positions: readonly (DayPnlFields & Pick<Position, "product">)[]): number {
  let held = 0;
  for (const p of positions) if (holdsInDemat(p.exchange, p.product) && p.netQuantity > 0) held += unrealisedPnl(p);
  return roundToPaisa(positionsDayPnl(positions) - held);
}
