import { useEffect } from "react";
import { marginPriceMoved } from "../../commands/orderWindowMargin";
import type { Exchange } from "../../core/types/exchange";
import { liveQuote } from "../../feed/session";

/**
 * A MARKET order's margin follows the window's price (core/rules/marginFollow.ts): each new last
 * price is told to the margin check, which says whether it is time to ask again. Watched, not
 * selected: a tick does not render the form. The feed topic is the window's LTP read-out's.
 */
export function useMarginFollowsPrice(exchange: Exchange | undefined, token: string | number | undefined): void {
  useEffect(() => {
    if (!exchange || !token) return;
    return liveQuote(exchange, Number(token)).LastRate.onChange(() => marginPriceMoved());
  }, [exchange, token]);
}
