import { useSelector } from "@legendapp/state/react";
import { useEffect } from "react";
import { formatPrice } from "../../core/format";
import { mwTopic } from "../../core/topics";
import type { Exchange } from "../../core/types/exchange";
import { liveQuote, setFeedTopics } from "../../feed/session";
import { usePriceMark } from "./priceStale";

/**
 * A form's last price, ticking (issue 11 item 3: the order window's and the GTT form's). The form
 * is one at a time, not a pane: it owns its instrument's topic under its own name (`owner`) while
 * it shows, and the contract's price stands in until the first frame. Marked as every price on screen is
 * (priceStale.ts markNow): dimmed when stale or, in a replay, at its reference price, then titled why.
 */
export function LiveLtp({ owner, exchange, token, symbol, fallback, className }: { owner: string; exchange: Exchange; token: string | number; symbol: string; fallback: number; className?: string }) {
  useEffect(() => {
    setFeedTopics(owner, [mwTopic(exchange, token)]);
    return () => setFeedTopics(owner, []);
  }, [owner, exchange, token]);
  const ltp = useSelector(() => liveQuote(exchange, Number(token)).LastRate.get()) || fallback;
  const mark = usePriceMark(exchange, token, symbol);
  return (
    <span className={className} data-field="ltp" data-stale={mark.stale} title={mark.title}>
      {formatPrice(ltp, exchange)}
    </span>
  );
}
