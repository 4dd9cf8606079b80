import type { Watchlist, WatchlistScrip } from "../../../src/data/api/watchlist";

/**
 * The synthetic list of the watchlist bench. The broker caps a list at 50 scrips, so the bench
 * answers the app's watchlist call with this list instead (tests/bench/watchlistFps.ts), and the
 * page feeds these tokens (feeder.ts).
 */
export const BENCH_TOKEN_BASE = 1_900_000_000;

export function benchRows(n: number): WatchlistScrip[] {
  return Array.from({ length: n }, (_, i) => ({
    exchange: "NSEEQ", token: BENCH_TOKEN_BASE + i, tradingSymbol: `BENCH${String(i).padStart(4, "0")}-EQ`, symbol: `BENCH${i}`, formattedInsName: `BENCH${i}`,
    companyName: "Synthetic bench row", insType: "EQ", expiry: "", strikePrice: 0, optionType: "", lotSize: 1, tickSize: 0.05, isIndex: false,
    pdc: 1000, ltp: 1000, chg: 0, pchg: 0, sortingOrder: i + 1,
  }));
}

export function benchList(n: number): Watchlist {
  return { mwId: 302, mwName: `Bench ${n} rows`, isDefault: true, isEdit: true, scrips: benchRows(n) };
}
