import type { Exchange } from "../../core/types/exchange";
import * as wire from "../../core/wire/watchlist";
import { send } from "./send";

/**
 * The watchlist calls (access-and-surroundings section 7) against /core of the paper broker.
 * Success answers carry the ECMW message code in result[0].code (src/core/watchlist/ecmw.ts).
 */
export type { Watchlist, WatchlistChange, WatchlistScrip } from "../../core/wire/watchlist";

export interface ScripRef {
  exchange: Exchange;
  token: number;
}

export const getAllWatchlists = () => send(wire.watchlists, {});

export const addScrips = (mwId: number, scrips: readonly ScripRef[]) => send(wire.addScrips, { body: { mwId, scrips: [...scrips] } });

export const deleteScrips = (mwId: number, scrips: readonly ScripRef[]) => send(wire.deleteScrips, { body: { mwId, scrips: [...scrips] } });

export const sortWatchlist = (mwId: number, scripData: ReadonlyArray<ScripRef & { sortingOrder: number }>) => send(wire.sortScrips, { body: { mwId, scripData: [...scripData] } });

export const renameWatchlist = (mwId: number, mwName: string) => send(wire.renameWatchlist, { body: { mwId, mwName } });

/**
 * Quiet: a helper list of the search and the palette, opened often; when the broker cannot answer,
 * the list is empty, the failure is logged, and the broker-down banner says the rest. Its toast
 * ("Failed to fetch", on every palette opened) said nothing of what failed.
 */
export const recentlyViewed = () => send(wire.recentlyViewed, {}, { failureAction: "router" });
