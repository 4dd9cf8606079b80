import { DEFAULT_PREDEFINED_MW_ID, DEFAULT_USER_MW_ID } from "./ecmw";

/**
 * What the watchlist screen shows (access-and-surroundings section 2): tab 0 "Watchlist" is the
 * user list (default id 302), tab 1 "Predefined List" the broker's list (default id 1); the
 * Recently Viewed list is not a tab.
 */
export const WATCHLIST_TAB = { user: 0, predefined: 1 } as const;

export interface ListLike {
  mwId: number;
  isEdit: boolean;
}

/** The list a tab shows: its default id when present, else the first list of that kind. */
export function listForTab<L extends ListLike>(lists: readonly L[], tab: number): L | undefined {
  const predefined = tab === WATCHLIST_TAB.predefined;
  const wanted = predefined ? DEFAULT_PREDEFINED_MW_ID : DEFAULT_USER_MW_ID;
  return lists.find((l) => l.mwId === wanted && l.isEdit !== predefined) ?? lists.find((l) => l.isEdit !== predefined);
}

export interface KeyedScrip {
  exchange: string;
  token: number;
  sortingOrder: number;
}

export const scripKey = (s: { exchange: string; token: number }): string => `${s.exchange}:${s.token}`;

/**
 * The rows in the order shown. A sort button fixes an order at the moment it is pressed
 * (`shown`, scrip keys): rows do not jump about as prices tick afterwards. Without one, or for
 * a scrip added since, the saved custom order (sortingOrder) applies.
 */
export function orderedScrips<S extends KeyedScrip>(scrips: readonly S[], shown: readonly string[] | undefined): S[] {
  const byCustom = [...scrips].sort((a, b) => a.sortingOrder - b.sortingOrder);
  if (!shown || shown.length === 0) return byCustom;
  const rank = new Map(shown.map((k, i) => [k, i]));
  const at = (s: S) => rank.get(scripKey(s)) ?? Number.MAX_SAFE_INTEGER;
  return byCustom.map((s, i) => ({ s, i })).sort((a, b) => at(a.s) - at(b.s) || a.i - b.i).map((x) => x.s);
}
