import { useSelector } from "@legendapp/state/react";
import { useEffect } from "react";
import { formatPrice } from "../../core/format";
import { piTopic } from "../../core/topics";
import type { Exchange } from "../../core/types/exchange";
import { quoteStore, setFeedTopics } from "../../feed/session";
import { usePriceMark } from "../views/priceStale";

/**
 * The best bid and ask beside the window's LTP (issue 29): the top of the book from the price-info
 * frames, which carry the depth. The window owns that topic under its own name while it shows
 * (LiveLtp owns the snapshot's), and the figures dim as every stale price does.
 */
export function BestBidAsk({ exchange, token, symbol }: { exchange: Exchange; token: string | number; symbol: string }) {
  useEffect(() => {
    setFeedTopics("orderWindow.depth", [piTopic(exchange, Number(token))]);
    return () => setFeedTopics("orderWindow.depth", []);
  }, [exchange, token]);
  const bid = useSelector(() => quoteStore.depth(exchange, Number(token)).bids[0]?.price.get() ?? 0);
  const ask = useSelector(() => quoteStore.depth(exchange, Number(token)).asks[0]?.price.get() ?? 0);
  const mark = usePriceMark(exchange, token, symbol);
  // An empty side of the book (or no frame yet) is a dash, never a zero price.
  const shown = (v: number) => (v > 0 ? formatPrice(v, exchange) : "--");
  return (
    <span className="ow-touch" data-stale={mark.stale} title={mark.title}>
      <span className="ow-touch-bid">
        Bid <b data-testid="ow-bid">{shown(bid)}</b>
      </span>
      <span className="ow-touch-ask">
        Ask <b data-testid="ow-ask">{shown(ask)}</b>
      </span>
    </span>
  );
}
