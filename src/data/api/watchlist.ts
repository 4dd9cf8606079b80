import type { Exchange } from "../../core/types/exchange";
import { call, type Envelope } from "./http";
import type { SearchRow } from "./market";
import { coreApi } from "./services";

/**
 * The watchlist calls (access-and-surroundings section 7) against /core of the paper broker.
 * Success answers carry the ECMW message code in result[0].code (src/core/watchlist/ecmw.ts).
 */
export interface WatchlistScrip extends Omit<SearchRow, "totalCount"> {
  isIndex: boolean;
  pdc: number;
  ltp: number;
  chg: number;
  pchg: number;
  sortingOrder: number;
}

export interface Watchlist {
  mwId: number;
  mwName: string;
  isDefault: boolean;
  isEdit: boolean;
  scrips: WatchlistScrip[];
}

export interface ScripRef {
  exchange: Exchange;
  token: number;
}

export interface WatchlistChange {
  code: string;
  mwId: number;
  mwName?: string;
  scrips?: WatchlistScrip[];
}

export const getAllWatchlists = (): Promise<Envelope<Watchlist>> => call<Watchlist>(coreApi, "marketWatch/getAllMwScripsDetails", { method: "get" });

export const addScrips = (mwId: number, scrips: readonly ScripRef[]): Promise<Envelope<WatchlistChange>> =>
  call<WatchlistChange>(coreApi, "addscrip", { method: "post", json: { mwId, scrips } });

export const deleteScrips = (mwId: number, scrips: readonly ScripRef[]): Promise<Envelope<WatchlistChange>> =>
  call<WatchlistChange>(coreApi, "deletescrip", { method: "post", json: { mwId, scrips } });

export const sortWatchlist = (mwId: number, scripData: ReadonlyArray<ScripRef & { sortingOrder: number }>): Promise<Envelope<WatchlistChange>> =>
  call<WatchlistChange>(coreApi, "sortMwScrips", { method: "post", json: { mwId, scripData } });

export const renameWatchlist = (mwId: number, mwName: string): Promise<Envelope<WatchlistChange>> =>
  call<WatchlistChange>(coreApi, "renameMW", { method: "post", json: { mwId, mwName } });

export const recentlyViewed = (): Promise<Envelope<WatchlistScrip>> => call<WatchlistScrip>(coreApi, "scrip/recentlyViewed", { method: "get" });
