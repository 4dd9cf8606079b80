import { useSelector } from "@legendapp/state/react";
import type { Exchange } from "../../core/types/exchange";
import { atReferencePrice } from "../../core/rules/totalStale";
import { brokerClock$ } from "../../data/stores/brokerClock";
import { lastSequence, liveQuote, priceStale } from "../../feed/session";

/**
 * Whether a price cell shows a stale price (issue 11: its last tick is older than 10 s while its
 * market is open). One mechanism for every price on screen: the quote store keeps each
 * instrument's last tick time and one shared timer flips this boolean, so a cell re-renders only
 * when it turns stale and on the tick that clears it.
 */
export function usePriceStale(exchange: Exchange | undefined, token: number | string): boolean {
  return useSelector(() => (exchange ? priceStale(exchange, Number(token)).get() : false));
}

/**
 * Whether, in a replay, the instrument's price is its reference price for want of ticks on the tape
 * (core/rules/totalStale.ts atReferencePrice). Re-run on each of its prices, so a first row played later clears it.
 */
export function usePriceAtReference(exchange: Exchange | undefined, token: number | string): boolean {
  return useSelector(() => {
    if (!exchange) return false;
    liveQuote(exchange, Number(token)).LastRate.get();
    return atReferencePrice(brokerClock$.mode.get() === "replay", lastSequence(exchange, Number(token)));
  });
}

/** The title of a price cell standing at its reference price in a replay: why it is marked and never ticks. */
export const atReferenceTitle = (symbol: string): string => `No ticks of ${symbol} on the replay's tape: at its reference price`;

/**
 * How a price cell is marked, the one rule for every price on screen ("stale is an error"): dimmed when its
 * price is stale, or when in a replay it stands at its reference price for want of ticks on the tape, then
 * titled with why. Such a price is never live, paused or playing: the stale timer alone dimmed it only after
 * 10 s of play, and never while the replay was paused at once (a paused replay counts no price late).
 */
export function usePriceMark(exchange: Exchange | undefined, token: number | string, symbol: string): { stale: "true" | undefined; title: string | undefined } {
  const stale = usePriceStale(exchange, token);
  const atReference = usePriceAtReference(exchange, token);
  return { stale: staleAttr(stale || atReference), title: atReference ? atReferenceTitle(symbol) : undefined };
}

/** The cell's `data-stale` attribute (dimmed by the stylesheet). */
export const staleAttr = (stale: boolean): "true" | undefined => (stale ? "true" : undefined);
