
/**
 * Market lists of the Discover pages: the F&O gainers and losers scanner (access-and-surroundings
 * section 7), Invest Equity's four lists and the ETF groups (section 2's tab sets). The rules
 * live here once: the paper broker builds the lists with them, the client sorts with them.
 */

/** A market list's row and lists, as the wire carries them (src/core/wire/discover.ts). */
export type { MarketRow, GainerLoserList, EtfGroupList } from "../wire/discover";
import type { MarketRow } from "../wire/discover";

/** The scanner answers the top 20 of each side (issue 14). */
export const SCANNER_TOP = 20;
/** Invest Equity's gainers and losers lists are the top 50 of NSE's cash shares. */
export const EQUITY_LIST_TOP = 50;
/** "The 52-week lists being the instruments at or within 1 % of their 52-week high or low." */
export const WEEK_EXTREME_BAND_PERCENT = 1;

/** Invest Equity's lists, in the order of its tabs (Top Gainers, Top Losers, 52 Week High, 52 Week Low). */
export const EQUITY_LISTS = ["topGainers", "topLosers", "weekHigh", "weekLow"] as const;
export type EquityList = (typeof EQUITY_LISTS)[number];

/** The ETF groups, in the order of the ETF page's tabs. */
export const ETF_GROUPS = ["INDEX BASED", "DEBT", "POWER"] as const;
export type EtfGroup = (typeof ETF_GROUPS)[number];

export function isEquityList(v: unknown): v is EquityList {
  return (EQUITY_LISTS as readonly unknown[]).includes(v);
}

/** At or within 1 % below the 52-week high. */
export function isNearWeekHigh(ltp: number, weekHigh: number): boolean {
  return weekHigh > 0 && ltp >= weekHigh * (1 - WEEK_EXTREME_BAND_PERCENT / 100);
}

/** At or within 1 % above the 52-week low. */
export function isNearWeekLow(ltp: number, weekLow: number): boolean {
  return weekLow > 0 && ltp <= weekLow * (1 + WEEK_EXTREME_BAND_PERCENT / 100);
}

type Ranked = Pick<MarketRow, "pchg" | "symbol" | "token">;
/** Equal changes fall back to the symbol, then the token, so the order never flickers between two answers. */
const tie = (a: Ranked, b: Ranked) => a.symbol.localeCompare(b.symbol) || a.token - b.token;

/** "Gainers by pchg descending, losers ascending", the top `n` of each. */
export function rankGainers<T extends Ranked>(rows: readonly T[], n: number): T[] {
  return rows.filter((r) => r.pchg > 0).sort((a, b) => b.pchg - a.pchg || tie(a, b)).slice(0, n);
}

export function rankLosers<T extends Ranked>(rows: readonly T[], n: number): T[] {
  return rows.filter((r) => r.pchg < 0).sort((a, b) => a.pchg - b.pchg || tie(a, b)).slice(0, n);
}

/** The columns a market grid sorts by. */
export const SORT_COLUMNS = ["symbol", "ltp", "chg", "pchg", "volume"] as const;
export type SortColumn = (typeof SORT_COLUMNS)[number];
export interface GridSort {
  column: SortColumn;
  descending: boolean;
}

/** The live figures a sort reads (the feed's, when a frame has come; the list's answer otherwise). */
export type LiveFigures = (row: MarketRow) => { ltp: number; chg: number; pchg: number; volume: number };

/** Rows sorted by a column on the figures now; text ascending reads A to Z. Ties keep the list's order. */
export function sortMarketRows(rows: readonly MarketRow[], sort: GridSort, live: LiveFigures): MarketRow[] {
  const sign = sort.descending ? -1 : 1;
  const keyed = rows.map((row, i) => ({ row, i, v: sort.column === "symbol" ? 0 : live(row)[sort.column] }));
  keyed.sort((a, b) => {
    const d = sort.column === "symbol" ? a.row.tradingSymbol.localeCompare(b.row.tradingSymbol) : a.v - b.v;
    return sign * d || a.i - b.i;
  });
  return keyed.map((k) => k.row);
}

/** The next column of the keyboard's sort cycle. */
export function nextSortColumn(column: SortColumn): SortColumn {
  return SORT_COLUMNS[(SORT_COLUMNS.indexOf(column) + 1) % SORT_COLUMNS.length]!;
}
