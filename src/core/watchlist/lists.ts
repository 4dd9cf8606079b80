import { DEFAULT_USER_MW_ID } from "./ecmw";
import { listForTab, WATCHLIST_TAB, type ListLike } from "./view";

/**
 * Several user lists, as Kite has them (issue 29): the broker keeps seven per user, ids 302 to
 * 308, switched by the number keys 1 to 7. The spec names only the default user list (302) and
 * no call that creates one, so the broker makes all seven the first time the user's lists are
 * read; each can be renamed (renameMW) and holds up to 50 scrips.
 */
export const USER_WATCHLIST_COUNT = 7;

export const USER_WATCHLIST_IDS: readonly number[] = Array.from({ length: USER_WATCHLIST_COUNT }, (_, i) => DEFAULT_USER_MW_ID + i);

/** A fresh user list's name: the default list keeps "Watchlist" (the name it always had), the others are numbered as their key. */
export function defaultUserListName(mwId: number): string {
  const n = mwId - DEFAULT_USER_MW_ID + 1;
  return n === 1 ? "Watchlist" : `Watchlist ${n}`;
}

/** The lists a tab holds, in the broker's order: the user lists on tab 0, the predefined ones on tab 1. */
export function listsOfTab<L extends ListLike>(lists: readonly L[], tab: number): L[] {
  const predefined = tab === WATCHLIST_TAB.predefined;
  return lists.filter((l) => l.isEdit !== predefined);
}

/** The list a pane shows on a tab: the one it chose there, while it is still a list of that tab; else the tab's default. */
export function shownListOf<L extends ListLike>(lists: readonly L[], tab: number, chosen: number | undefined): L | undefined {
  return listsOfTab(lists, tab).find((l) => l.mwId === chosen) ?? listForTab(lists, tab);
}
