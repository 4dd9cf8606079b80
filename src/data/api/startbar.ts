import type { Exchange } from "../../core/types/exchange";
import { call, type Envelope } from "./http";
import { coreApi } from "./services";

/** A pinned header item (access-and-surroundings section 3) as the broker answers it. */
export interface PinnedItem {
  segment: string;
  exchange: Exchange;
  token: number;
  symbol: string;
  name: string;
  isIndex: boolean;
  pdc: number;
  ltp: number;
  chg: number;
  pchg: number;
}

export function fetchStartbar(): Promise<Envelope<PinnedItem>> {
  return call<PinnedItem>(coreApi, "v2/client-util/startbar/get", { failureAction: "router" });
}

export function pinToStartbar(exchange: Exchange, token: number, opts: { remove?: boolean } = {}): Promise<Envelope<unknown>> {
  return call<unknown>(coreApi, "startbar/add", { method: "post", json: { exchange, token, ...(opts.remove ? { remove: true } : {}) } });
}
