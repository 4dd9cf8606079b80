import type { Watchlist, WatchlistScrip } from "../wire/watchlist";
import { scripKey } from "./view";

/**
 * A watchlist edit as the broker answered it (add, delete, sort answer the list's rows; rename its
 * name). The window that made the edit applies it, and tells it to the other windows of the
 * browser, which apply the same answer: every window shows what the broker holds, with no request
 * of its own. (The seven user lists are fixed, so no list is made or deleted.)
 */
export type WatchlistAnswer = { mwId: number; scrips: WatchlistScrip[] } | { mwId: number; mwName: string };

export interface ListsShown {
  lists: Watchlist[];
  /** Per pane and list ("pane|mwId"): the order a sort fixed, as scrip keys. */
  shown: Record<string, string[]>;
}

/**
 * The lists and fixed orders after an answer. A removed scrip leaves every pane's fixed order of
 * the list: added again later, it is a scrip added since the order was fixed, so it goes at the
 * end, not back to where it once stood. A list this window does not hold changes nothing.
 */
export function applyAnswer(state: ListsShown, a: WatchlistAnswer): ListsShown {
  if (!state.lists.some((l) => l.mwId === a.mwId)) return state;
  if ("mwName" in a) return { ...state, lists: state.lists.map((l) => (l.mwId === a.mwId ? { ...l, mwName: a.mwName } : l)) };
  const lists = state.lists.map((l) => (l.mwId === a.mwId ? { ...l, scrips: a.scrips } : l));
  const kept = new Set(a.scrips.map(scripKey));
  const suffix = `|${a.mwId}`;
  const shown = Object.fromEntries(Object.entries(state.shown).map(([k, keys]) => [k, k.endsWith(suffix) ? keys.filter((x) => kept.has(x)) : keys]));
  return { lists, shown };
}

/** A scrip of the broker's answer the saved order did not name, and its row there (from 1). */
export interface AddedElsewhere {
  scrip: string;
  row: number;
}

/** What a save says beyond "saved": the scrips added and deleted elsewhere since this window read the list. */
export interface SavedOrderNote {
  added: AddedElsewhere[];
  deleted: string[];
}

/**
 * What a saved order could not hold: the list changed in another browser since this one read it
 * (another window of this browser is told at once). sortMwScrips orders the scrips it names and
 * leaves the others where they were ("scrips not named keep theirs"), and names a deleted one in
 * vain. The window shows the broker's answer, and the save says what differs from what the trader
 * sorted, and where the broker keeps a scrip the trader never saw, rather than show an order the
 * broker does not hold.
 */
export function savedOrderNote(sent: ReadonlyArray<{ key: string; scrip: string }>, answer: readonly WatchlistScrip[]): SavedOrderNote {
  const named = new Set(sent.map((s) => s.key));
  const held = new Set(answer.map(scripKey));
  const added = [...answer]
    .sort((x, y) => x.sortingOrder - y.sortingOrder)
    .flatMap((s, i) => (named.has(scripKey(s)) ? [] : [{ scrip: s.tradingSymbol, row: i + 1 }]));
  return { added, deleted: sent.filter((s) => !held.has(s.key)).map((s) => s.scrip) };
}
