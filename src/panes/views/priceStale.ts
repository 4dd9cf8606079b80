import { useSelector } from "@legendapp/state/react";
import type { Exchange } from "../../core/types/exchange";
import { priceStale } from "../../feed/session";

/**
 * Whether a price cell shows a stale price (issue 11: its last tick is older than 10 s while its
 * market is open). One mechanism for every price on screen: the quote store keeps each
 * instrument's last tick time and one shared timer flips this boolean, so a cell re-renders only
 * when it turns stale and on the tick that clears it.
 */
export function usePriceStale(exchange: Exchange | undefined, token: number | string): boolean {
  return useSelector(() => (exchange ? priceStale(exchange, Number(token)).get() : false));
}

/** The cell's `data-stale` attribute (dimmed by the stylesheet). */
export const staleAttr = (stale: boolean): "true" | undefined => (stale ? "true" : undefined);
