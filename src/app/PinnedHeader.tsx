import { useSelector } from "@legendapp/state/react";
import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from "react";
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
  const strip = useRef<HTMLDivElement>(null);
  const folded = useFoldedPins(strip, items);
  return (
    <div className="pinned" aria-label="Pinned instruments">
      <div className="pinned-strip" ref={strip}>
        {items.map((i) => (
          <Pinned key={`${i.exchange}:${i.token}`} item={i} />
        ))}
      </div>
      {/* The pins the header has no room for, said rather than cut: a fifth pin at 1680 px pushed the user menu off the screen. */}
      {folded.length > 0 && (
        <span className="pinned-more" data-testid="pinned-more" title={`No room in the header for ${folded.join(", ")}`}>
          +{folded.length}
        </span>
      )}
    </div>
  );
}

/**
 * The pins that wrapped past the strip's one line (styles.css: .pinned-strip wraps and shows its first
 * line only, so a pin is shown whole or not at all), by name; looked at again when the strip's size
 * or the pins change.
 */
function useFoldedPins(strip: RefObject<HTMLDivElement | null>, items: readonly PinnedItem[]): string[] {
  const [folded, setFolded] = useState<string[]>([]);
  useLayoutEffect(() => {
    const el = strip.current;
    if (!el) return;
    const look = () => {
      const pins = [...el.children] as HTMLElement[];
      const line = pins[0]?.offsetTop ?? 0;
      const out = pins.filter((p) => p.offsetTop > line).map((p) => p.dataset.symbol ?? "");
      setFolded((was) => (was.length === out.length && was.every((n, i) => n === out[i]) ? was : out));
    };
    look();
    const watch = new ResizeObserver(look);
    watch.observe(el);
    return () => watch.disconnect();
  }, [strip, items]);
  return folded;
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
