import { useSelector } from "@legendapp/state/react";
import { useEffect } from "react";
import { formatPrice } from "../../core/format";
import { mwTopic } from "../../core/topics";
import type { Exchange } from "../../core/types/exchange";
import { liveQuote, setFeedTopics } from "../../feed/session";
import { staleAttr, usePriceStale } from "./priceStale";

/**
 * A form's last price, ticking (issue 11 item 3: the order window's and the GTT form's). The form
 * is one at a time, not a pane: it owns its instrument's topic under its own name (`owner`) while
 * it shows, and the contract's price stands in until the first frame.
 */
export function LiveLtp({ owner, exchange, token, fallback, className }: { owner: string; exchange: Exchange; token: string | number; fallback: number; className?: string }) {
  useEffect(() => {
    setFeedTopics(owner, [mwTopic(exchange, token)]);
    return () => setFeedTopics(owner, []);
  }, [owner, exchange, token]);
  const ltp = useSelector(() => liveQuote(exchange, Number(token)).LastRate.get()) || fallback;
  const stale = usePriceStale(exchange, token);
  return (
    <span className={className} data-field="ltp" data-stale={staleAttr(stale)}>
      {formatPrice(ltp, exchange)}
    </span>
  );
}
