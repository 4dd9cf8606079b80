import type { Exchange } from "../../core/types/exchange";
import { call, type Envelope } from "./http";
import { coreApi, wrapperApi } from "./services";
import { wrapperBody } from "./wrapperHead";

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

/** Pin details update: the wrapper's { head, body } call (access-and-surroundings section 7). */
export function pinToStartbar(exchange: Exchange, token: number, opts: { remove?: boolean } = {}): Promise<Envelope<unknown>> {
  return call<unknown>(wrapperApi, "formtoken/updatePinDetails", { method: "post", json: wrapperBody("UpdatePinDetails", { exchange, token, ...(opts.remove ? { remove: true } : {}) }) });
}
