import { useSelector } from "@legendapp/state/react";
import { Suspense, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { CHART_INTERVALS, INTERVAL_LABEL, type ChartInterval } from "../../core/charts/intervals";
import type { ChartKeyAction } from "../../core/charts/crosshair";
import { priceDecimals } from "../../core/format";
import { istDateKey, istInstant } from "../../core/time";
import { indexTopic, mwTopic } from "../../core/topics";
import type { Bar } from "../../core/types/bar";
import type { Exchange } from "../../core/types/exchange";
import type { IndicatorSpec } from "../../core/charts/indicators/spec";
import { readBars, readContract } from "../../data/reads";
import { brokerClock$, brokerNow } from "../../data/stores/brokerClock";
import { replayJumps$ } from "../../data/stores/replay";
import { orders$, refreshOrders } from "../../data/stores/orders";
import { positions$, refreshPositions } from "../../data/stores/portfolio";
import { theme$ } from "../../data/stores/settings";
import { lastSequence, liveQuote, quoteStore } from "../../feed/session";
import { atReferencePrice } from "../../core/rules/totalStale";
import { usePaneTopics } from "../layout/pane";
import { lazyChunk } from "../views/lazyChunk";
import { HoverReadout, useReadoutStore } from "./HoverReadout";
import { usePriceMark } from "../views/priceStale";
import type { FeedTick, PriceLineSpec } from "./LiveChart";
import { chartLines } from "../../core/charts/orderLines/lines";
import { gtt$, refreshGtt } from "../../data/stores/gtt";
import { useOrderLines } from "./orderLines/useOrderLines";
import { sendLineMove } from "../../commands/orderLineMove";
import { useTradeMarks } from "./useTradeMarks";
import { TradeMarkList } from "./TradeMarkList";

/** The order lines draw themselves (orderLines/): LiveChart's read-only price lines are left empty here. */
const NO_PRICE_LINES: PriceLineSpec[] = [];
import type { ChartHost } from "./drawings/host";
import type { DrawingChart } from "./drawings/layer";
import "./chart.css";

// The library comes in its own chunk, fetched with the first chart drawn.
const LiveChart = lazyChunk(() => import("./LiveChart"));

export interface InstrumentChartProps {
  exchange: Exchange;
  token: number;
  symbol: string;
  interval: ChartInterval;
  onInterval: (i: ChartInterval) => void;
  /** The full-screen watchlist's mini chart: no toolbar of intervals, no scrolling. */
  compact?: boolean;
  /** Takes the chart's key control when drawn (a chart pane registers it for its commands); answers the handing back. */
  onKeys?: (control: (action: ChartKeyAction) => void) => () => void;
  /** The chart pane whose keys reach the order lines (issue 34); none in a pop-out window. */
  paneId?: string;
  /** No pane (the pop-out window): the window whose keys move the order lines, each modify sent on this window's session. */
  lineKeys?: Window;
  /** A chart pane's drawings (issue 34): the layer that draws them on this chart once it is made. */
  drawings?: (host: ChartHost, chart: Omit<DrawingChart, "paneId">) => () => void;
  /** The chart's indicators (issue 34). */
  indicators?: readonly IndicatorSpec[];
}

/** The IST instant of a trade at `seconds` past midnight (the feed's LastTradedTime) on the broker's day. */
function tradeInstant(around: number, seconds: number): number {
  return istInstant(istDateKey(new Date(around)), seconds / 60).getTime();
}

/**
 * A chart of one instrument: the interval switch, the OHLC and volume read-out under the
 * crosshair (India time), and the chart, which grows its last candle from this pane's own feed
 * topics. Open orders and the position's average price are drawn as price lines.
 */
export function InstrumentChart({ exchange, token, symbol, interval, onInterval, compact = false, onKeys, paneId, lineKeys, drawings, indicators }: InstrumentChartProps) {
  const theme = useSelector(() => theme$.get());
  const [tickSize, setTickSize] = useState<number | undefined>(undefined);
  const [bars, setBars] = useState<Bar[] | undefined>(undefined);
  const [failed, setFailed] = useState(false);
  // The crosshair's read-out: its own store and component, so a crosshair move re-renders only it.
  const hovered = useReadoutStore();
  const decimals = priceDecimals(exchange);
  usePaneTopics("chart", [mwTopic(exchange, token), indexTopic(exchange, token)]);

  useEffect(() => {
    let live = true;
    setTickSize(undefined);
    void readContract(exchange, String(token), { failureAction: "router" }).then((r) => live && setTickSize((r.ok ? r.rows[0]?.tickSize : undefined) || 10 ** -decimals));
    return () => {
      live = false;
    };
  }, [exchange, token, decimals]);

  useEffect(() => {
    let live = true;
    setBars(undefined);
    setFailed(false);
    void readBars(exchange, token, interval).then((r) => {
      if (!live) return;
      if (r.ok) setBars(r.rows);
      else setFailed(true);
    });
    return () => {
      live = false;
    };
  }, [exchange, token, interval]);
  // A replay's jump (issue 35): the feed skipped the span, the broker's bars hold it. The chart stays as drawn until they come.
  const jumps = useSelector(() => replayJumps$.get());
  const jumpsLoaded = useRef(jumps);
  useEffect(() => {
    if (jumps === jumpsLoaded.current) return;
    jumpsLoaded.current = jumps;
    let live = true;
    void readBars(exchange, token, interval).then((r) => live && r.ok && setBars(r.rows));
    // A new instrument or interval drops an answer on its way (the effect above loads theirs).
    return () => {
      live = false;
    };
  }, [jumps, exchange, token, interval]);

  // No bars in the answer: a replay's instrument its tape has not reached (the broker draws no
  // history from a stand-in price, server/charts/bars.ts). Asked again at its first tick, which
  // brings the day's bars and the days before as the live broker drew them.
  const empty = bars !== undefined && bars.length === 0;
  // A replay's quote at the reference price (sequence 0: no tick of it on the tape) is not a trade:
  // it neither makes a bar nor counts as the first tick (it may come after the chart mounts, as the
  // subscription's snapshot; the clean-clone CI of 579e191 drew TATAMOTORS one flat bar from it).
  const atReference = useCallback(() => atReferencePrice(brokerClock$.mode.peek() === "replay", lastSequence(exchange, token)), [exchange, token]);
  const replaying = useSelector(() => brokerClock$.mode.get() === "replay");
  useEffect(() => {
    if (!empty) return;
    let live = true;
    const stop = liveQuote(exchange, token).LastRate.onChange(({ value }) => {
      if (!(value > 0) || atReference()) return;
      stop();
      void readBars(exchange, token, interval).then((r) => live && r.ok && r.rows.length > 0 && setBars(r.rows));
    });
    return () => {
      live = false;
      stop();
    };
  }, [empty, exchange, token, interval, atReference]);

  // The price lines need the order book and positions: loaded once if no other pane has.
  useEffect(() => {
    if (compact) return;
    if (!orders$.loaded.peek()) void refreshOrders();
    if (!positions$.loaded.peek()) void refreshPositions();
    if (!gtt$.loaded.peek()) void refreshGtt();
  }, [compact]);
  const orders = useSelector(() => orders$.orders.get());
  const positions = useSelector(() => positions$.rows.get());
  const gtts = useSelector(() => gtt$.entries.get());
  // Orders, GTT triggers, the position's average, stop and target (issue 34: core/charts/orderLines/lines.ts).
  const lines = useMemo(() => (compact ? [] : chartLines({ exchange, token, orders, gtts, positions })), [orders, gtts, positions, exchange, token, compact]);
  const step = tickSize ?? 10 ** -decimals;
  const mover = useMemo(() => (lineKeys && !paneId ? { keys: lineKeys, send: (move: Parameters<typeof sendLineMove>[1]) => sendLineMove({ tradingSymbol: symbol, tickSize: step }, move) } : undefined), [lineKeys, paneId, symbol, step]);
  const orderLines = useOrderLines({ exchange, token, tradingSymbol: symbol, tickSize: step, lines, paneId, mover });
  const marks = useTradeMarks(exchange, token, interval, compact);

  const onTick = useCallback(
    (fn: (t: FeedTick) => void) => {
      const q = liveQuote(exchange, token);
      const depth = quoteStore.depth(exchange, token);
      return q.LastRate.onChange(({ value }) => {
        if (!(value > 0) || atReference()) return;
        const now = brokerNow() ?? Date.now();
        const ltt = depth.lastTradedTime.peek();
        fn({ price: value, dayVolume: q.volume.peek(), time: ltt > 0 ? tradeInstant(now, ltt) : now });
      });
    },
    [exchange, token, atReference],
  );

  // Every price on screen is live or marked (issue 11), by the watchlist's rule (priceStale.ts markNow): the last price's tag and
  // the read-out are muted when it is stale or, in a replay, at its reference price (the chart is empty then, and its note says why).
  const stale = usePriceMark(exchange, token, symbol).stale === "true";

  const drawingLayer = useCallback(
    (host: ChartHost) => (drawings && tickSize !== undefined ? drawings(host, { exchange, token, symbol, tickSize, decimals, lastPrice: () => liveQuote(exchange, token).LastRate.peek() || undefined }) : () => {}),
    [drawings, exchange, token, symbol, tickSize, decimals],
  );

  return (
    <div className={`chart${compact ? " compact" : ""}`} data-testid="chart" data-interval={interval} data-exchange={exchange} data-symbol={symbol}>
      <div className="chart-bar">
        <span className="sym">{symbol}</span>
        <span className="muted">{exchange}</span>
        {!compact && (
          <span className="chart-intervals" role="group" aria-label="Interval">
            {CHART_INTERVALS.map((i, n) => (
              <button key={i} type="button" className={i === interval ? "on" : ""} aria-pressed={i === interval} title={`${INTERVAL_LABEL[i]} (key ${n + 1})`} onClick={() => onInterval(i)}>
                {i}
              </button>
            ))}
          </span>
        )}
        <HoverReadout store={hovered} exchange={exchange} stale={stale} />
      </div>
      {empty && replaying && !failed && (
        <div className="chart-note muted" role="status" data-testid="chart-not-reached">
          Nothing of {symbol} on the replay's tape yet: its bars, and the days before, come with its first tick.
        </div>
      )}
      {failed ? (
        <div className="chart-note muted">No chart data for {symbol} just now.</div>
      ) : tickSize === undefined ? (
        <div className="chart-note muted">Loading chart…</div>
      ) : (
        <Suspense fallback={<div className="chart-note muted">Loading chart…</div>}>
          <LiveChart
            exchange={exchange}
            interval={interval}
            bars={bars}
            tickSize={tickSize}
            decimals={decimals}
            theme={theme}
            priceLines={NO_PRICE_LINES}
            stale={stale}
            onTick={onTick}
            onHover={hovered.set}
            {...(onKeys ? { onKeys } : {})}
            {...(drawings ? { drawings: drawingLayer } : {})}
            compact={compact}
            onChart={orderLines.attach}
            {...(indicators ? { indicators } : {})}
            marks={marks}
          />
        </Suspense>
      )}
      <TradeMarkList marks={marks} />
      {orderLines.bar}
    </div>
  );
}
