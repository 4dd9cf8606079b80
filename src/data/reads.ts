import { errorMessage } from "../core/errorLog";
import type { ChartInterval } from "../core/charts/intervals";
import type { Bar } from "../core/types/bar";
import type { ContractInfo } from "../core/types/contract";
import type { Exchange } from "../core/types/exchange";
import type { Order } from "../core/types/order";
import type { ClientProfile } from "../core/types/profile";
import { spanExposure, type SpanAnswer } from "./api/baskets";
import { getBars } from "./api/charts";
import { fetchFeedUrl } from "./api/feed";
import { isOk, type CallOptions, type Envelope } from "./api/http";
import { searchScrips, type SearchRow } from "./api/market";
import { fetchOrderHistory, fetchSecurityInfo } from "./api/orders";
import { fetchProfile } from "./api/profile";
import { sessionEndedSince } from "./stores/sessionReset";

/**
 * What views read once, for themselves (a profile, an order's history, a search): each as one
 * call that never throws and is judged by the success rule here, so a view imports no API
 * client (issue 30: "a grep finds no direct API call from a view"), and an answer that arrives
 * after its session ended is dropped as the stores' are.
 */
export type Read<T> = { ok: true; rows: T[] } | { ok: false; message: string };

/** A read whose session ended before it was answered: nothing to show. */
export const ENDED: Read<never> = { ok: false, message: "" };

async function read<T>(send: () => Promise<Envelope<T>>, noAnswer: string): Promise<Read<T>> {
  const ended = sessionEndedSince();
  try {
    const e = await send();
    if (ended()) return ENDED;
    return isOk(e) ? { ok: true, rows: e.result ?? [] } : { ok: false, message: e.message || noAnswer };
  } catch (err) {
    return ended() ? ENDED : { ok: false, message: `${noAnswer}${err instanceof Error && err.message ? ` (${errorMessage(err)})` : ""}` };
  }
}

export const readProfile = (): Promise<Read<ClientProfile>> => read(fetchProfile, "The profile could not be read: the broker did not answer");

export const readOrderHistory = (orderNo: string): Promise<Read<Order>> => read(() => fetchOrderHistory(orderNo), "History is not available");

export const readSearch = (text: string, exchanges: readonly Exchange[]): Promise<Read<SearchRow>> => read(() => searchScrips(text, exchanges), "Search failed");

export const readSpanMargin = (legs: Parameters<typeof spanExposure>[0]): Promise<Read<SpanAnswer>> => read(() => spanExposure(legs), "The margin is unavailable");

export const readBars = (exchange: Exchange, token: number, interval: ChartInterval): Promise<Read<Bar>> => read(() => getBars(exchange, token, interval), "The chart could not be read");

export const readContract = (exchange: Exchange, token: string, opts: CallOptions = {}): Promise<Read<ContractInfo>> => read(() => fetchSecurityInfo({ exchange, token }, opts), "The contract could not be read");

/** Where the live feed is (GET /core/feed/config); undefined while the broker cannot say. */
export const readFeedUrl = (location: { protocol: string; host: string }): Promise<{ url: string; fallbacks: string[] } | undefined> => fetchFeedUrl(location);
