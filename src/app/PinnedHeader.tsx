import { useSelector } from "@legendapp/state/react";
import { useEffect } from "react";
import type { PinnedItem } from "../data/api/startbar";
import { formatPercent, formatPrice } from "../core/format";
import { loadPinned, pinned$ } from "../data/stores/pinned";
import { instrumentTopics } from "../core/topics";
import { liveQuote, setFeedTopics } from "../feed/session";
import { usePriceMark } from "../panes/views/priceStale";

/**
 * The pinned header: index values ticking in the header. Its topics are the feed's
 * "pinned header" source; each number observes its own field, so a tick re-renders one cell.
 */
export function PinnedHeader() {
  const items = useSelector(() => pinned$.items.get());
  useEffect(() => {
    void loadPinned();
  }, []);
  useEffect(() => {
    // The header is no pane: it owns its topics under the source's own name.
    setFeedTopics("pinnedHeader", items.flatMap((i) => instrumentTopics(i.exchange, i.token, { isIndex: i.isIndex, isDerivative: false })));
    return () => setFeedTopics("pinnedHeader", []);
  }, [items]);
  return (
    <div className="pinned" aria-label="Pinned instruments">
      {items.map((i) => (
        <Pinned key={`${i.exchange}:${i.token}`} item={i} />
      ))}
    </div>
  );
}

function Pinned({ item }: { item: PinnedItem }) {
  const q = liveQuote(item.exchange, item.token);
  const ltp = useSelector(() => q.LastRate.get()) || item.ltp;
  const chg = useSelector(() => (q.LastRate.get() ? q.chg.get() : item.chg));
  const pchg = useSelector(() => (q.LastRate.get() ? q.pchg.get() : item.pchg));
  const dir = chg > 0 ? "up" : chg < 0 ? "down" : "";
  // In a replay, a pinned instrument the tape has no ticks of stands at its reference price: marked as its rows are, titled why.
  const { stale, title } = usePriceMark(item.exchange, item.token, item.symbol);
  return (
    <span className="pinned-item" data-symbol={item.symbol} title={title}>
      <span className="pinned-name">{item.name}</span>
      <span className="num" data-field="ltp" data-stale={stale}>{formatPrice(ltp, item.exchange)}</span>
      {/* The change is the price's: dimmed with it when stale. */}
      <span className={`num ${dir}`} data-field="chg" data-stale={stale}>
        {/* The points change gives way first on a narrow screen (styles.css, .hdr-wide): the percent says the day. */}
        <span className="hdr-wide">
          {chg > 0 ? "+" : ""}
          {formatPrice(chg, item.exchange)}{" "}
        </span>
        ({chg > 0 ? "+" : ""}{formatPercent(pchg)}%)
      </span>
    </span>
  );
}
