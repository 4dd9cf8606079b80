import { DEFAULT_WATCH_COLUMNS, isWatchColumn, type WatchColumn } from "./columns";
import { SORT_KEYS, type WatchlistSort } from "./sort";

/**
 * What one watchlist pane keeps, saved with the pane in the trader's layout (issue 29). Per pane,
 * not per list: what fits depends on the pane's width (a side pane and the full-screen watchlist
 * want different columns), two panes can show one list sorted two ways, and flipping through
 * lists 1 to 7 keeps the columns and the sort the trader set the pane up with, as Kite does.
 */
export interface PaneWatch {
  /** The list chosen on each tab (0: the user lists, 1: the predefined ones), by mwId. */
  lists: Record<string, number>;
  columns: WatchColumn[];
  sort: WatchlistSort;
  /** Re-sort as prices tick. Off by default: a row that jumps from under the cursor costs orders. */
  live: boolean;
}

export const DEFAULT_PANE_WATCH: PaneWatch = { lists: {}, columns: [...DEFAULT_WATCH_COLUMNS], sort: { key: "custom", descending: false }, live: false };

const SORTABLE = new Set<string>(["custom", ...SORT_KEYS]);

/** A saved pane's watch settings, trusted field by field: anything malformed (an older build, a hand edit) falls back to the default. */
export function readPaneWatch(x: unknown): PaneWatch {
  if (!x || typeof x !== "object") return DEFAULT_PANE_WATCH;
  const w = x as Partial<Record<keyof PaneWatch, unknown>>;
  const lists =
    w.lists && typeof w.lists === "object"
      ? Object.fromEntries(Object.entries(w.lists as Record<string, unknown>).filter((e): e is [string, number] => Number.isInteger(e[1])))
      : {};
  const columns = Array.isArray(w.columns) ? [...new Set(w.columns.filter(isWatchColumn))] : DEFAULT_PANE_WATCH.columns;
  const s = w.sort as Partial<WatchlistSort> | undefined;
  const sort = s && typeof s === "object" && SORTABLE.has(String(s.key)) && typeof s.descending === "boolean" ? { key: s.key!, descending: s.descending } : DEFAULT_PANE_WATCH.sort;
  return { lists, columns, sort, live: w.live === true };
}
