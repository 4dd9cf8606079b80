import { EXCHANGES, type Exchange } from "../types/exchange";

/**
 * The watchlist sort buttons (access-and-surroundings section 2): A-Z, (%), LTP, Exc. A button
 * pressed again reverses its order. "custom" keeps the saved order (sortingOrder, sortMwScrips).
 * Our reading where the spec is silent: A-Z by trading symbol; (%) and LTP highest first on
 * the first press; Exc by the spec's exchange order, then A-Z within an exchange. Ties keep the
 * saved order, so a sort is stable and predictable.
 */
export type WatchlistSortKey = "custom" | "alpha" | "percent" | "ltp" | "exchange" | "volume" | "oi";

/** The keys a sort command sorts by (every key but the saved order). */
export const SORT_KEYS = ["alpha", "percent", "ltp", "exchange", "volume", "oi"] as const satisfies ReadonlyArray<Exclude<WatchlistSortKey, "custom">>;

/** The keys whose first press puts the highest first: a trader sorts figures to see the biggest movers and the most traded. */
const HIGHEST_FIRST: ReadonlySet<WatchlistSortKey> = new Set(["percent", "ltp", "volume", "oi"]);

export interface WatchlistSort {
  key: WatchlistSortKey;
  descending: boolean;
}

export interface SortableScrip {
  exchange: Exchange;
  tradingSymbol: string;
  sortingOrder: number;
  ltp: number;
  pchg: number;
  /** The day's traded volume and open interest, where the sort reads them (volume, OI sorts); missing sorts as none. */
  volume?: number;
  oi?: number;
}

const EXCHANGE_RANK = new Map(EXCHANGES.map((e, i) => [e, i]));

/** The first press of a button sorts A-Z and Exc ascending, (%), LTP, volume and OI descending; pressing the same button again reverses. */
export function nextSort(current: WatchlistSort, pressed: Exclude<WatchlistSortKey, "custom">): WatchlistSort {
  if (current.key === pressed) return { key: pressed, descending: !current.descending };
  return { key: pressed, descending: HIGHEST_FIRST.has(pressed) };
}

/** A finite number for comparisons: an infinite or missing percent sorts as the extreme it is, NaN last. */
const num = (n: number) => (Number.isNaN(n) ? Number.NEGATIVE_INFINITY : n);

export function compareScrips(sort: WatchlistSort, a: SortableScrip, b: SortableScrip): number {
  let c = 0;
  switch (sort.key) {
    case "custom":
      return a.sortingOrder - b.sortingOrder;
    case "alpha":
      c = a.tradingSymbol.localeCompare(b.tradingSymbol, "en", { sensitivity: "base" });
      break;
    case "percent":
      c = num(a.pchg) - num(b.pchg) || 0;
      break;
    case "ltp":
      c = num(a.ltp) - num(b.ltp) || 0;
      break;
    case "volume":
      c = num(a.volume ?? Number.NaN) - num(b.volume ?? Number.NaN) || 0;
      break;
    case "oi":
      c = num(a.oi ?? Number.NaN) - num(b.oi ?? Number.NaN) || 0;
      break;
    case "exchange":
      c = (EXCHANGE_RANK.get(a.exchange) ?? 99) - (EXCHANGE_RANK.get(b.exchange) ?? 99) || a.tradingSymbol.localeCompare(b.tradingSymbol, "en", { sensitivity: "base" });
      break;
  }
  if (sort.descending) c = -c;
  return c !== 0 ? c : a.sortingOrder - b.sortingOrder;
}

export function sortScrips<T extends SortableScrip>(rows: readonly T[], sort: WatchlistSort): T[] {
  return [...rows].sort((a, b) => compareScrips(sort, a, b));
}

/** The sortMwScrips payload that saves the rows' current order as the custom order. */
export function customOrderPayload(mwId: number, rows: ReadonlyArray<SortableScrip & { token: number }>): { mwId: number; scripData: Array<{ exchange: Exchange; token: number; sortingOrder: number }> } {
  return { mwId, scripData: rows.map((r, i) => ({ exchange: r.exchange, token: r.token, sortingOrder: i + 1 })) };
}
