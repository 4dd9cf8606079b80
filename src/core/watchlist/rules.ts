import { DEFAULT_PREDEFINED_MW_ID, WATCHLIST_MAX_SCRIPS, WATCHLIST_NAME_MAX, type EcmwKey } from "./ecmw";

/** Predefined watchlists are fixed lists the broker publishes; ids below the first user list id. */
export const FIRST_USER_MW_ID = 302;

/** "Predefined lists (isEdit false) cannot be edited; user lists can." */
export function isEditableWatchlist(mwId: number): boolean {
  return mwId >= FIRST_USER_MW_ID;
}

export function isPredefinedWatchlist(mwId: number): boolean {
  return mwId >= DEFAULT_PREDEFINED_MW_ID && mwId < FIRST_USER_MW_ID;
}

/**
 * "market watch name at most 40 characters"; the name must not already exist; an empty name
 * is refused. Returns the ECMW message to answer, or null when the name is acceptable.
 */
export function watchlistNameProblem(name: string, otherNames: readonly string[]): EcmwKey | null {
  const trimmed = name.trim();
  if (trimmed === "") return "nameEmpty";
  if (trimmed.length > WATCHLIST_NAME_MAX) return "nameTooLong";
  if (otherNames.some((n) => n.trim().toLowerCase() === trimmed.toLowerCase())) return "nameExists";
  return null;
}

/** "Watchlist maximum is 50 scrips": whether `adding` more fit into a list holding `current`. */
export function fitsInWatchlist(current: number, adding: number): boolean {
  return current + adding <= WATCHLIST_MAX_SCRIPS;
}
