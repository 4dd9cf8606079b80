import { useSelector } from "@legendapp/state/react";
import { Suspense, useCallback, useEffect, useMemo, useState } from "react";
import { CHART_INTERVALS, INTERVAL_LABEL, type ChartInterval } from "../../core/charts/intervals";
import type { ChartKeyAction } from "../../core/charts/crosshair";
import type { BarReadout } from "../../core/charts/readout";
import { priceDecimals } from "../../core/format";
import { openOrders } from "../../core/rules/orderStatus";
import { istDateKey, istInstant } from "../../core/time";
import { indexTopic, mwTopic } from "../../core/topics";
import type { Bar } from "../../core/types/bar";
import type { Exchange } from "../../core/types/exchange";
import type { IndicatorSpec } from "../../core/charts/indicators/spec";
import { readBars, readContract } from "../../data/reads";
import { brokerNow } from "../../data/stores/brokerClock";
import { orders$, refreshOrders } from "../../data/stores/orders";
import { positions$, refreshPositions } from "../../data/stores/portfolio";
import { theme$ } from "../../data/stores/settings";
import { liveQuote, quoteStore } from "../../feed/session";
import { usePaneTopics } from "../layout/pane";
import { lazyChunk } from "../views/lazyChunk";
import { ChartReadout } from "./ChartReadout";
import type { FeedTick, PriceLineSpec } from "./LiveChart";
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
export function InstrumentChart({ exchange, token, symbol, interval, onInterval, compact = false, onKeys, indicators }: InstrumentChartProps) {
  const theme = useSelector(() => theme$.get());
  const [tickSize, setTickSize] = useState<number | undefined>(undefined);
  const [bars, setBars] = useState<Bar[] | undefined>(undefined);
  const [failed, setFailed] = useState(false);
  const [hovered, setHovered] = useState<BarReadout | undefined>(undefined);
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

  // The price lines need the order book and positions: loaded once if no other pane has.
  useEffect(() => {
    if (compact) return;
    if (!orders$.loaded.peek()) void refreshOrders();
    if (!positions$.loaded.peek()) void refreshPositions();
  }, [compact]);
  const orders = useSelector(() => orders$.orders.get());
  const positions = useSelector(() => positions$.rows.get());
  const priceLines = useMemo<PriceLineSpec[]>(() => {
    if (compact) return [];
    const mine = (e: string, id: string) => e === exchange && Number(id) === token;
    const lines: PriceLineSpec[] = openOrders(orders)
      .filter((o) => mine(o.exchange, o.instrumentId) && o.price > 0)
      .map((o) => ({ price: o.price, title: `${o.transactionType === "BUY" ? "Buy" : "Sell"} ${o.pendingQuantity}`, kind: o.transactionType === "BUY" ? "buy" : "sell" }));
    for (const p of positions.filter((r) => mine(r.exchange, r.instrumentId) && r.netQuantity !== 0)) {
      const avg = p.netQuantity > 0 ? p.buyPrice : p.sellPrice;
      if (avg > 0) lines.push({ price: avg, title: `Avg ${p.netQuantity > 0 ? "long" : "short"} ${Math.abs(p.netQuantity)}`, kind: "average" });
    }
    return lines;
  }, [orders, positions, exchange, token, compact]);

  const onTick = useCallback(
    (fn: (t: FeedTick) => void) => {
      const q = liveQuote(exchange, token);
      const depth = quoteStore.depth(exchange, token);
      return q.LastRate.onChange(({ value }) => {
        if (!(value > 0)) return;
        const now = brokerNow() ?? Date.now();
        const ltt = depth.lastTradedTime.peek();
        fn({ price: value, dayVolume: q.volume.peek(), time: ltt > 0 ? tradeInstant(now, ltt) : now });
      });
    },
    [exchange, token],
  );

  return (
    <div className={`chart${compact ? " compact" : ""}`} data-testid="chart" data-interval={interval} data-symbol={symbol}>
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
        {hovered && <ChartReadout readout={hovered} exchange={exchange} />}
      </div>
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
            priceLines={priceLines}
            onTick={onTick}
            onHover={setHovered}
            {...(onKeys ? { onKeys } : {})}
            compact={compact}
            {...(indicators ? { indicators } : {})}
          />
        </Suspense>
      )}
    </div>
  );
}
