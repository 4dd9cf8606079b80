/**
 * The watchlist's columns (issue 29, "columns to choose"): Symbol and LTP always, the others as the
 * trader picks them, in the order picked. All are figures the live quote carries (the market-watch
 * frame: change, volume, open interest, the day's high and low, the 52-week high and low, and the
 * best bid and ask of its depth).
 */
/**
 * `priority` is the column's fit priority (src/panes/layout/fitColumns.ts: 2 kept longest, 4 hidden
 * first in a narrow pane): the move and the touch (%, bid, ask) before the day's figures, the
 * exchange (the symbol mostly says it) first to go, as it always was.
 */
export const WATCH_COLUMNS = {
  exchange: { label: "Exc", title: "Exchange", priority: 4 },
  chg: { label: "Chg", title: "Change", priority: 3 },
  pchg: { label: "%Chg", title: "% change", priority: 2 },
  bid: { label: "Bid", title: "Best bid", priority: 2 },
  ask: { label: "Ask", title: "Best ask", priority: 2 },
  volume: { label: "Volume", title: "Volume", priority: 3 },
  oi: { label: "OI", title: "Open interest", priority: 3 },
  high: { label: "High", title: "Day high", priority: 4 },
  low: { label: "Low", title: "Day low", priority: 4 },
  weekHigh: { label: "52W H", title: "52-week high", priority: 4 },
  weekLow: { label: "52W L", title: "52-week low", priority: 4 },
} as const;

export type WatchColumn = keyof typeof WATCH_COLUMNS;

export const WATCH_COLUMN_IDS = Object.keys(WATCH_COLUMNS) as WatchColumn[];

/** What a watchlist showed before columns could be chosen, so a pane saved before keeps its look. */
export const DEFAULT_WATCH_COLUMNS: readonly WatchColumn[] = ["exchange", "chg", "pchg"];

export const isWatchColumn = (x: unknown): x is WatchColumn => typeof x === "string" && Object.hasOwn(WATCH_COLUMNS, x);

/** Shows a hidden column (at the end, where the eye finds what was just added) or hides a shown one; to move a column, hide it and show it again. */
export function toggleColumn(shown: readonly WatchColumn[], column: WatchColumn): WatchColumn[] {
  return shown.includes(column) ? shown.filter((c) => c !== column) : [...shown, column];
}
