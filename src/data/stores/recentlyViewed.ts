import { observable } from "@legendapp/state";
import type { Exchange } from "../../core/types/exchange";
import { isOk } from "../api/http";
import { fetchSecurityInfo } from "../api/orders";
import { logError } from "./errorLog";
import { recentlyViewed, type WatchlistScrip } from "../api/watchlist";
import { clientState, sessionEndedSince } from "./sessionReset";
import { errorMessage } from "../../core/errorLog";

/**
 * The instruments the user opened (depth, order window, option chain), newest first, from
 * GET scrip/recentlyViewed. The spec has no call that records a view: the paper broker records
 * one on every contract-info lookup, so opening a surface looks its contract up.
 */
export const recent$ = observable<{ loaded: boolean; scrips: WatchlistScrip[] }>({ loaded: false, scrips: [] });

export async function loadRecentlyViewed(): Promise<void> {
  const ended = sessionEndedSince();
  try {
    const env = await recentlyViewed();
    if (!ended()) recent$.set({ loaded: true, scrips: isOk(env) ? env.result : [] });
  } catch (err) {
    logError("network", `Recently viewed could not be fetched: ${errorMessage(err)}`);
    if (!ended()) recent$.set({ loaded: true, scrips: [] });
  }
}

/** Records that the user opened an instrument (a contract-info lookup); search and the palette reload the list when opened. */
export async function recordView(exchange: Exchange, token: number): Promise<void> {
  // Not being able to record a view must not disturb the surface being opened.
  await fetchSecurityInfo({ exchange, token: String(token) }).catch(() => undefined);
}

clientState({ name: "recentlyViewed", holds: () => recent$.peek(), reset: () => recent$.set({ loaded: false, scrips: [] }) });
