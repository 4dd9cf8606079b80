import type { Exchange } from "../../core/types/exchange";
import { startbar, updatePinDetails } from "../../core/wire/market";
import { send } from "./send";
import { wrapperBody } from "./wrapperHead";

/** A pinned header item (access-and-surroundings section 3) as the broker answers it. */
export type { PinnedItem } from "../../core/wire/market";

export function fetchStartbar() {
  return send(startbar, {}, { failureAction: "router" });
}

/** Pin details update: the wrapper's { head, body } call (access-and-surroundings section 7). */
export function pinToStartbar(exchange: Exchange, token: number, opts: { remove?: boolean } = {}) {
  return send(updatePinDetails, { body: wrapperBody("UpdatePinDetails", { exchange, token, ...(opts.remove ? { remove: true } : {}) }) });
}
