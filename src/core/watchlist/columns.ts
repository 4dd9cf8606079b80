import type { ColumnChoice, ColumnSpec } from "../workspace/columns";

/**
 * The watchlist's columns (issue 29, "columns to choose") as a grid of the column chooser (Alt+C,
 * src/core/workspace/columns.ts), saved with the pane like every grid's. Symbol and LTP are always
 * shown, as they always were; Exc, Chg and %Chg are shown until the trader says otherwise (what a
 * watchlist showed before columns could be chosen); the rest when he asks. All are figures the
 * live quote carries (the market-watch frame: change, volume, open interest, the day's high and
 * low, the 52-week high and low, and the best bid and ask of its depth).
 *
 * Every column but Symbol and LTP may fold in a narrow pane, in the order the old fit's priorities
 * had them: the exchange first (the symbol mostly says it), the year's and the day's extremes,
 * then open interest, volume and the change, the touch (ask, bid) and %Chg last.
 */
export const WATCHLIST_COLUMNS = [
  { id: "symbol", label: "Symbol", fixed: true },
  { id: "ltp", label: "LTP", fixed: true },
  { id: "exchange", label: "Exc", title: "Exchange", foldByDefault: 1 },
  { id: "chg", label: "Chg", title: "Change", foldByDefault: 8 },
  { id: "pchg", label: "%Chg", title: "% change", foldByDefault: 11 },
  { id: "bid", label: "Bid", title: "Best bid", hiddenByDefault: true, foldByDefault: 10 },
  { id: "ask", label: "Ask", title: "Best ask", hiddenByDefault: true, foldByDefault: 9 },
  { id: "volume", label: "Volume", title: "Volume", hiddenByDefault: true, foldByDefault: 7 },
  { id: "oi", label: "OI", title: "Open interest", hiddenByDefault: true, foldByDefault: 6 },
  { id: "high", label: "High", title: "Day high", hiddenByDefault: true, foldByDefault: 5 },
  { id: "low", label: "Low", title: "Day low", hiddenByDefault: true, foldByDefault: 4 },
  { id: "weekHigh", label: "52W H", title: "52-week high", hiddenByDefault: true, foldByDefault: 3 },
  { id: "weekLow", label: "52W L", title: "52-week low", hiddenByDefault: true, foldByDefault: 2 },
] as const satisfies readonly ColumnSpec[];

type WatchSpec = (typeof WATCHLIST_COLUMNS)[number];
/** A column the trader chooses (not Symbol nor LTP, always shown). */
export type WatchColumn = Exclude<WatchSpec["id"], "symbol" | "ltp">;
type ChosenSpec = Extract<WatchSpec, { id: WatchColumn }>;

const CHOSEN = WATCHLIST_COLUMNS.filter((s): s is ChosenSpec => !("fixed" in s));
export const WATCH_COLUMN_IDS: WatchColumn[] = CHOSEN.map((s) => s.id);
export const isWatchColumn = (x: unknown): x is WatchColumn => (WATCH_COLUMN_IDS as unknown[]).includes(x);
/** A chosen column's label and its name in words (the header's tooltip, the palette's title). */
export const watchColumn = (id: WatchColumn): ChosenSpec => CHOSEN.find((s) => s.id === id)!;

/**
 * A watchlist pane saved before the chooser kept its columns as a list of the shown ones, in the
 * order picked (the old PaneWatch.columns). As a choice: Symbol and LTP first as they were drawn,
 * the picked columns in their order, the rest hidden after them; what folds is the grid's
 * default. Not a list (no columns saved): undefined, the grid's own columns.
 */
export function choiceFromWatchColumns(saved: unknown): ColumnChoice | undefined {
  if (!Array.isArray(saved)) return undefined;
  const picked = [...new Set(saved.filter(isWatchColumn))];
  const rest = WATCH_COLUMN_IDS.filter((c) => !picked.includes(c));
  const optional = [...CHOSEN].sort((a, b) => a.foldByDefault - b.foldByDefault).map((s) => s.id);
  return { order: ["symbol", "ltp", ...picked, ...rest], hidden: rest, optional };
}
