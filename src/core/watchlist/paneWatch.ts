import { SORT_KEYS, type WatchlistSort } from "./sort";

/**
 * What one watchlist pane keeps, saved with the pane in the trader's layout (issue 29). Per pane,
 * not per list: two panes can show one list sorted two ways, and flipping through lists 1 to 7
 * keeps the sort the trader set the pane up with, as Kite does. Its columns are the column
 * chooser's, kept with every grid's (PaneState.columns.watchlist); a pane saved when they were
 * kept here (`columns`) is brought over on load (src/core/workspace/savedLayout.ts).
 */
export interface PaneWatch {
  /** The list chosen on each tab (0: the user lists, 1: the predefined ones), by mwId. */
  lists: Record<string, number>;
  sort: WatchlistSort;
  /** Re-sort as prices tick. Off by default: a row that jumps from under the cursor costs orders. */
  live: boolean;
}

export const DEFAULT_PANE_WATCH: PaneWatch = { lists: {}, sort: { key: "custom", descending: false }, live: false };

const SORTABLE = new Set<string>(["custom", ...SORT_KEYS]);

/** A saved pane's watch settings, trusted field by field: anything malformed (an older build, a hand edit) falls back to the default. */
export function readPaneWatch(x: unknown): PaneWatch {
  if (!x || typeof x !== "object") return DEFAULT_PANE_WATCH;
  const w = x as Partial<Record<keyof PaneWatch, unknown>>;
  const lists =
    w.lists && typeof w.lists === "object"
      ? Object.fromEntries(Object.entries(w.lists as Record<string, unknown>).filter((e): e is [string, number] => Number.isInteger(e[1])))
      : {};
  const s = w.sort as Partial<WatchlistSort> | undefined;
  const sort = s && typeof s === "object" && SORTABLE.has(String(s.key)) && typeof s.descending === "boolean" ? { key: s.key!, descending: s.descending } : DEFAULT_PANE_WATCH.sort;
  return { lists, sort, live: w.live === true };
}
