import { useSelector } from "@legendapp/state/react";
import { useEffect, useRef, type CSSProperties } from "react";
import type { DepthLevel } from "../../core/rules/depthLevel";
import { depthLevels$, setLevel } from "../../data/stores/depthLevels";
import { recordView } from "../../data/stores/recentlyViewed";
import { useFitColumns } from "../layout/fitColumns";
import { isExchange, segmentOf, type Exchange } from "../../core/types/exchange";
import { formatCount, formatPercent, formatPrice } from "../../core/format";
import { formatLastTradedTime } from "../../core/frameCodec";
import { indexTopic, mwTopic, oiTopic, piTopic } from "../../core/topics";
import { liveQuote, quoteStore } from "../../feed/session";
import { usePane, usePaneTopics } from "../layout/pane";
import { select } from "../../commands/selection";
import { useShownInstrument } from "../layout/link";
import { usePriceMark } from "../views/priceStale";
import { EmptyState } from "../views/EmptyState";
import type { ViewProps } from "../views/types";
import "./depth.css";
import { WrappingSymbol } from "../views/WrappingSymbol";
import { FoldSign } from "../layout/gridColumns";

/**
 * What the ladder gives up in a narrow pane, in this order (fitColumns.ts, `data-folds`): each side's
 * order count; then the side-by-side ladder, which stands on end as one price and one quantity column;
 * then those quantities and the totals.
 */
const FOLD = { orders: 1, stand: 2, qty: 3 } as const;
const DEPTH_FOLDS = Object.keys(FOLD).length;
const fold = (step: keyof typeof FOLD) => ({ "data-fold": FOLD[step] });

/** Everything but equity cash trades contracts, which carry open interest. */
const hasOpenInterest = (exchange: Exchange): boolean => segmentOf(exchange) !== "equity";

/**
 * Market depth of the active scrip: five levels each side with orders and quantities, total
 * buy and sell quantity, OHLC, circuits, week high/low, OI for derivatives. Every number
 * observes its own field of the quote store.
 */
/** An index has no depth and publishes on its index topic; a share or contract on mw and pi (and oi). */
function depthTopics(exchange: Exchange, token: number): string[] {
  const topics = [mwTopic(exchange, token), piTopic(exchange, token), indexTopic(exchange, token)];
  if (hasOpenInterest(exchange)) topics.push(oiTopic(exchange, token));
  return topics;
}

/**
 * A depth pane shows its colour group's instrument, or its own (set by `d` or by choosing one while
 * it has focus), so two depth panes can watch two instruments; one never given one follows the
 * default group (the active scrip): src/core/workspace/links.ts.
 * Its instrument is the pane's selection, as a chart's is, so `b` and `s` (and the other keys on
 * an instrument) act on the one instrument the pane shows, in a popped-out window too.
 */
export function DepthView(_props: ViewProps) {
  const pane = usePane();
  const shown = useShownInstrument();
  const scrip = shown && isExchange(shown.exchange) ? { exchange: shown.exchange, token: shown.token, tradingSymbol: shown.tradingSymbol } : undefined;
  const level = useSelector(() => depthLevels$[pane.id]!.get());
  // The highlighted level's price as the feed has it now: the selection follows it as the book moves.
  const price = useSelector(() => (scrip && level ? levelPrice(quoteStore.depth(scrip.exchange, scrip.token).get(), level) : undefined));
  const instrumentKey = scrip ? `${scrip.exchange}|${scrip.token}` : "";
  const shownKey = useRef(instrumentKey);
  useEffect(() => {
    // Another instrument: the level highlighted was the last one's.
    if (shownKey.current !== instrumentKey) setLevel(pane.id, undefined);
    shownKey.current = instrumentKey;
  }, [instrumentKey, pane.id]);
  useEffect(() => {
    if (!scrip) return select(undefined, pane.id);
    select({ kind: "instrument", exchange: scrip.exchange, token: scrip.token, symbol: scrip.tradingSymbol, ...(price ? { price } : {}) }, pane.id);
  }, [scrip?.exchange, scrip?.token, scrip?.tradingSymbol, price, pane.id]); // eslint-disable-line react-hooks/exhaustive-deps
  usePaneTopics("depth", scrip ? depthTopics(scrip.exchange, scrip.token) : []);
  // Opening an instrument's depth is viewing it: it joins the user's recently viewed list.
  useEffect(() => {
    if (scrip) void recordView(scrip.exchange, scrip.token);
  }, [scrip?.exchange, scrip?.token]); // eslint-disable-line react-hooks/exhaustive-deps
  if (!scrip) return <EmptyState title="No instrument chosen">Press / to search, or d on a row of the watchlist.</EmptyState>;
  return <Depth exchange={scrip.exchange} token={scrip.token} symbol={scrip.tradingSymbol} level={level} onLevel={(l) => setLevel(pane.id, l)} />;
}

/** A level's price, undefined when the book has none there (the feed's missing levels are priced 0). */
function levelPrice(depth: { bids: ReadonlyArray<{ price: number } | undefined>; asks: ReadonlyArray<{ price: number } | undefined> }, level: DepthLevel): number | undefined {
  const p = (level.side === "bid" ? depth.bids : depth.asks)[level.index]?.price;
  return p && p > 0 ? p : undefined;
}

interface DepthProps {
  exchange: Exchange;
  token: number;
  symbol: string;
  /** The level ↑/↓ (or a click) highlighted: `b` / `s` open a LIMIT at its price. */
  level: DepthLevel | undefined;
  onLevel: (level: DepthLevel) => void;
}

function Depth({ exchange, token, symbol, level, onLevel }: DepthProps) {
  const fit = useFitColumns<HTMLTableElement>();
  const q = liveQuote(exchange, token);
  const ltp = useSelector(() => q.LastRate.get());
  const chg = useSelector(() => q.chg.get());
  const pchg = useSelector(() => q.pchg.get());
  const depth = useSelector(() => quoteStore.depth(exchange, token).get());
  const fmt = (v: number) => (v ? formatPrice(v, exchange) : "--");
  const dir = chg > 0 ? "up" : chg < 0 ? "down" : "";
  const rows = Array.from({ length: 5 }, (_, i) => ({ bid: depth.bids[i], ask: depth.asks[i] }));
  const derivative = hasOpenInterest(exchange);
  // No level on either side and nothing queued (an index, or a contract nobody quotes): no empty book of blanks.
  const empty = !depth.totalbuyqty && !depth.totalsellqty && ![...depth.bids, ...depth.asks].some((level) => level && level.price > 0);
  // Marked as every price on screen is (priceStale.ts markNow): dimmed when stale or, in a replay, at its reference price, and titled why.
  const { stale, title } = usePriceMark(exchange, token, symbol);
  return (
    <div className="depth" data-testid="depth">
      <div className="depth-head">
        <WrappingSymbol symbol={symbol} />
        <span className="muted">{exchange}</span>
        <span className="spacer" />
        <span className={`num ltp ${dir}`} data-field="ltp" data-stale={stale} title={title}>{fmt(ltp)}</span>
        {/* The change is the price's: dimmed with it when stale (a red or green change read as live). */}
        <span className={`num ${dir}`} data-field="chg" data-stale={stale} title={title}>
          {chg > 0 ? "+" : ""}
          {/* Signed as the header's indices are: "+19.10 (+1.43%)" (it read "(1.43%)"). */}
          {formatPrice(chg, exchange)} ({pchg > 0 ? "+" : ""}
          {formatPercent(pchg)}%)
        </span>
      </div>
      {empty ? (
        <div className="depth-empty muted">No bids or offers</div>
      ) : (
        // One way to fit, the order book's (fitColumns.ts, `data-folds`): the order counts fold first, then the ladder
        // stands on end (the offers over the bids, a price and a quantity column), then its quantities fold; the caption's
        // sign counts what is folded and its title names it. A cut price is never shown: below ~190 px the side-by-side
        // ladder cut its offer column, and at ~80 px even two prices side by side do not fit.
        <table className="grid depth-grid fit" ref={fit} data-stale={stale} data-folds={DEPTH_FOLDS} data-no-chooser="">
          <FoldSign as="caption" />
          <thead>
            <tr {...fold("stand")}>
              <th className="num" {...fold("orders")} data-label="Bid orders">Orders</th>
              <th className="num">Qty</th>
              <th className="num">Bid</th>
              <th className="num">Offer</th>
              <th className="num">Qty</th>
              <th className="num" {...fold("orders")} data-label="Offer orders">Orders</th>
            </tr>
            <tr className="depth-standing">
              <th className="num">Price</th>
              <th className="num" {...fold("qty")} data-label="Qty">Qty</th>
            </tr>
          </thead>
          <tbody {...fold("stand")}>
            {rows.map((r, i) => (
              <tr key={i}>
                <td className="num muted" {...fold("orders")}>{r.bid?.orders || ""}</td>
                <td className="num up">{r.bid?.qty || ""}</td>
                <PriceCell side="bid" index={i} price={r.bid?.price} level={level} onLevel={onLevel} fmt={fmt} field />
                <PriceCell side="ask" index={i} price={r.ask?.price} level={level} onLevel={onLevel} fmt={fmt} field />
                <td className="num down">{r.ask?.qty || ""}</td>
                <td className="num muted" {...fold("orders")}>{r.ask?.orders || ""}</td>
              </tr>
            ))}
            {/* Each side's total spans its quantity and price columns (left on the bid side, right on the offer
                side, at the ladder's outer edges): a total of six figures in the quantity column alone widened
                it past a narrow pane's room, and the offer quantity was cut. */}
            <tr className="depth-total">
              <td className="muted" {...fold("orders")}>Total</td>
              <td className="up" colSpan={2} data-field="totalbuyqty">{depth.totalbuyqty.toLocaleString("en-IN")}</td>
              <td className="num down" colSpan={2} data-field="totalsellqty">{depth.totalsellqty.toLocaleString("en-IN")}</td>
              <td {...fold("orders")} />
            </tr>
          </tbody>
          {/* The ladder on end: the offers, highest first, over the bids, as a narrow DOM reads; each side's total
              beside "Total" at its outer end, folding with the quantities. */}
          <tbody className="depth-standing">
            <tr className="depth-total-top" {...fold("qty")}>
              <td className="muted">Total</td>
              <td className="num down" title="Total sell quantity">{depth.totalsellqty.toLocaleString("en-IN")}</td>
            </tr>
            {[...rows.keys()].reverse().map((i) => (
              <tr key={`ask${i}`}>
                <PriceCell side="ask" index={i} price={rows[i]!.ask?.price} level={level} onLevel={onLevel} fmt={fmt} />
                <td className="num down" {...fold("qty")}>{rows[i]!.ask?.qty || ""}</td>
              </tr>
            ))}
            {rows.map((r, i) => (
              <tr key={`bid${i}`}>
                <PriceCell side="bid" index={i} price={r.bid?.price} level={level} onLevel={onLevel} fmt={fmt} />
                <td className="num up" {...fold("qty")}>{r.bid?.qty || ""}</td>
              </tr>
            ))}
            <tr className="depth-total" {...fold("qty")}>
              <td className="muted">Total</td>
              <td className="num up" title="Total buy quantity">{depth.totalbuyqty.toLocaleString("en-IN")}</td>
            </tr>
          </tbody>
        </table>
      )}
      <Stats exchange={exchange} token={token} derivative={derivative} fmt={fmt} lastTradedTime={depth.lastTradedTime} avgPrice={depth.avgPrice} lastQty={depth.lastQty} />
    </div>
  );
}

const on = (level: DepthLevel | undefined, side: DepthLevel["side"], index: number): boolean => level?.side === side && level.index === index;

/**
 * A level's price, the one cell ↑/↓ or a click highlights. `field`: the side-by-side ladder's, named by
 * `data-field` (bid0, ask0) and marked `data-selected` when highlighted; the standing ladder's repeats it as
 * `data-level`, highlighted by its class alone, so a field and the selected level each name one cell.
 */
function PriceCell(props: { side: DepthLevel["side"]; index: number; price: number | undefined; level: DepthLevel | undefined; onLevel: (l: DepthLevel) => void; fmt: (v: number) => string; field?: boolean }) {
  const { side, index, price, level } = props;
  const name = `${side}${index}`;
  const chosen = on(level, side, index);
  return (
    <td
      className={`num ${side === "bid" ? "up" : "down"}${chosen ? " depth-level" : ""}`}
      {...(props.field ? { "data-field": name, "data-selected": chosen || undefined } : { "data-level": name })}
      onClick={() => price && props.onLevel({ side, index })}
    >
      {price ? props.fmt(price) : ""}
    </td>
  );
}

function Stats(props: { exchange: Exchange; token: number; derivative: boolean; fmt: (v: number) => string; lastTradedTime: number; avgPrice: number; lastQty: number }) {
  const q = liveQuote(props.exchange, props.token);
  const s = useSelector(() => {
    const v = q.get();
    return { o: v.o, h: v.h, l: v.l, c: v.c, uc: v.uc, lc: v.lc, weekHigh: v.weekHigh, weekLow: v.weekLow, volume: v.volume, oi: v.openinterest };
  });
  const { fmt } = props;
  const cells: Array<[string, string]> = [
    ["Open", fmt(s.o)],
    ["High", fmt(s.h)],
    ["Low", fmt(s.l)],
    ["Prev close", fmt(s.c)],
    ["Volume", s.volume ? formatCount(s.volume) : "--"],
    ["Avg price", fmt(props.avgPrice)],
    ["LTQ", props.lastQty ? String(props.lastQty) : "--"],
    ["LTT", props.lastTradedTime ? formatLastTradedTime(props.lastTradedTime) : "--"],
    ["Upper circuit", fmt(s.uc)],
    ["Lower circuit", fmt(s.lc)],
    ["52w high", fmt(s.weekHigh)],
    ["52w low", fmt(s.weekLow)],
  ];
  if (props.derivative) cells.push(["Open interest", s.oi ? formatCount(s.oi) : "--"]);
  // A figure the instrument does not have (an index's volume or circuits) is left out, not shown as "--".
  const shown = cells.filter(([, v]) => v !== "--");
  // Label and value pairs flow into as many columns as the pane has room for, each column as wide as
  // the longest pair (in characters of the monospace font): a fixed 170 px let "Upper circuit
  // 1,54,900.00" run over "Lower circuit" and cut its value off the pane.
  const widest = { "--stat-ch": shown.reduce((n, [k, v]) => Math.max(n, k.length + v.length), 0) } as CSSProperties;
  return (
    <dl className="depth-stats" style={widest}>
      {shown.map(([k, v]) => (
          <div key={k} className="depth-stat">
            <dt>{k}</dt>
            <dd className="num" data-field={k}>{v}</dd>
          </div>
        ))}
    </dl>
  );
}
