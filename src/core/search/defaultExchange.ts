import type { Exchange } from "../types/exchange";

/**
 * Settings › Markets' default exchange for search: NSE or BSE. Most instruments a retail client
 * trades are listed on both; the default decides which of the pair comes first, and which one a
 * typed equity symbol means when no exchange is named ("buy INFY 10").
 */
export const DEFAULT_EXCHANGES = ["NSE", "BSE"] as const;
export type DefaultExchange = (typeof DEFAULT_EXCHANGES)[number];

const familyOf = (e: Exchange): string => (e.startsWith("NSE") ? "NSE" : e.startsWith("BSE") ? "BSE" : e);

/**
 * Search results with, for every symbol, its rows on the default exchange ahead of its rows on
 * other exchanges, each symbol staying where its first row was (the index's relevance order
 * between symbols is kept).
 */
export function preferExchange<T extends { exchange: Exchange; symbol: string }>(rows: readonly T[], preferred: DefaultExchange): T[] {
  const firstAt = new Map<string, number>();
  rows.forEach((r, i) => firstAt.has(r.symbol) || firstAt.set(r.symbol, i));
  return rows
    .map((r, i) => ({ r, i }))
    .sort((a, b) => {
      const group = firstAt.get(a.r.symbol)! - firstAt.get(b.r.symbol)!;
      if (group !== 0) return group;
      const pa = familyOf(a.r.exchange) === preferred ? 0 : 1;
      const pb = familyOf(b.r.exchange) === preferred ? 0 : 1;
      return pa - pb || a.i - b.i;
    })
    .map((x) => x.r);
}

/** The exchange a symbol typed without one means: its equity on the default exchange, or the F&O one the symbol names. */
export function exchangeForTyped(inferred: Exchange, preferred: DefaultExchange): Exchange {
  if (inferred === "NSEEQ" || inferred === "BSEEQ") return preferred === "BSE" ? "BSEEQ" : "NSEEQ";
  return inferred;
}
