
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

/**
 * The columns a market grid sorts by. `fromHigh` and `fromLow` are the distance to the 52-week
 * high or low in percent (the 52-week lists' own columns).
 */
export const SORT_COLUMNS = ["symbol", "ltp", "chg", "pchg", "volume", "fromHigh", "fromLow"] as const;
export type SortColumn = (typeof SORT_COLUMNS)[number];
export interface GridSort {
  column: SortColumn;
  descending: boolean;
}

/** Which list a market grid shows: an Invest Equity list, an ETF group or a scanner side. */
export type MarketListName = EquityList | EtfGroup | "Gainer" | "Looser";

/** The sortable columns a list's grid shows, in the keyboard's cycle order (`o`). */
export function sortColumnsOf(list: MarketListName): readonly SortColumn[] {
  const base: SortColumn[] = ["symbol", "ltp", "chg", "pchg", "volume"];
  if (list === "weekHigh") return [...base, "fromHigh"];
  if (list === "weekLow") return [...base, "fromLow"];
  return base;
}

/**
 * The order a list opens in, before the trader picks a sort: gainers by change largest first,
 * losers largest fall first, the 52-week lists nearest the extreme first. An ETF group keeps the
 * broker's order (its funds are not a ranking).
 */
export function defaultSortOf(list: MarketListName): GridSort | undefined {
  switch (list) {
    case "topGainers":
    case "Gainer":
      return { column: "pchg", descending: true };
    case "topLosers":
    case "Looser":
      return { column: "pchg", descending: false };
    // fromHigh is 0 at the high and negative below it: nearest first is descending.
    case "weekHigh":
      return { column: "fromHigh", descending: true };
    // fromLow is 0 at the low and positive above it: nearest first is ascending.
    case "weekLow":
      return { column: "fromLow", descending: false };
    default:
      return undefined;
  }
}

/**
 * The distance from the 52-week high in percent of it: 0 at the high, negative below. A price
 * above the recorded high is a new high (0), not a positive distance. 0 when no range is known.
 */
export function fromWeekHighPercent(ltp: number, weekHigh: number): number {
  const high = Math.max(weekHigh, ltp);
  return high > 0 && weekHigh > 0 ? ((ltp - high) / high) * 100 : 0;
}

/** The distance from the 52-week low in percent of it: 0 at the low, positive above; a price below it is a new low (0). */
export function fromWeekLowPercent(ltp: number, weekLow: number): number {
  const low = Math.min(weekLow, ltp);
  return low > 0 && weekLow > 0 ? ((ltp - low) / low) * 100 : 0;
}

/** The live figures a sort reads (the feed's, when a frame has come; the list's answer otherwise). */
export type LiveFigures = (row: MarketRow) => { ltp: number; chg: number; pchg: number; volume: number; weekHigh: number; weekLow: number };

function sortValue(column: Exclude<SortColumn, "symbol">, f: ReturnType<LiveFigures>): number {
  if (column === "fromHigh") return fromWeekHighPercent(f.ltp, f.weekHigh);
  if (column === "fromLow") return fromWeekLowPercent(f.ltp, f.weekLow);
  return f[column];
}

/** Rows sorted by a column on the figures now; text ascending reads A to Z. Ties keep the list's order. */
export function sortMarketRows(rows: readonly MarketRow[], sort: GridSort, live: LiveFigures): MarketRow[] {
  const sign = sort.descending ? -1 : 1;
  const column = sort.column;
  const keyed = rows.map((row, i) => ({ row, i, v: column === "symbol" ? 0 : sortValue(column, live(row)) }));
  keyed.sort((a, b) => {
    const d = column === "symbol" ? a.row.tradingSymbol.localeCompare(b.row.tradingSymbol) : a.v - b.v;
    return sign * d || a.i - b.i;
  });
  return keyed.map((k) => k.row);
}

/** The next column of the keyboard's sort cycle among a grid's columns. */
export function nextSortColumn(column: SortColumn, columns: readonly SortColumn[] = SORT_COLUMNS.slice(0, 5)): SortColumn {
  return columns[(columns.indexOf(column) + 1) % columns.length]!;
}
