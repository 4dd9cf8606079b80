import { useEffect, useRef } from "react";
import {
  CandlestickSeries,
  createChart,
  createSeriesMarkers,
  CrosshairMode,
  HistogramSeries,
  LineStyle,
  TickMarkType,
  type IChartApi,
  type IPriceLine,
  type ISeriesApi,
  type ISeriesMarkersPluginApi,
  type HistogramData,
  type SeriesMarker,
  type Time,
  type UTCTimestamp,
  type WhitespaceData,
} from "lightweight-charts";
import { addTrade } from "../../core/charts/aggregate";
import { countedInBars, tradedQuantity } from "../../core/charts/feedVolume";
import { keptCursor, rangeOfView, stepChartView, viewOfRange, type ChartKeyAction } from "../../core/charts/crosshair";
import { barReadout, type BarReadout } from "../../core/charts/readout";
import type { ChartInterval } from "../../core/charts/intervals";
import { axisPrice, istAxisLabel, istBarLabel } from "../../core/charts/labels";
import { groupIndian } from "../../core/format";
import { MARKET_HOURS } from "../../core/marketHours";
import type { Bar } from "../../core/types/bar";
import type { Exchange } from "../../core/types/exchange";
import type { ChartHost } from "./drawings/host";
import type { IndicatorSpec } from "../../core/charts/indicators/spec";
import { useChartIndicators } from "./indicators/useChartIndicators";
import type { TradeMark } from "../../core/replay/tradeMarks";
import { markLabelExtents, markLabelWidth } from "./markLabels";

/**
 * Room right of the last bar, in pixels (bars are 3 to 6 px at the opening zoom): the time axis's
 * label centred on it ("7 Dec", 34 px) whole; with trade marks, half the widest mark's label
 * (centred on its bar) and a gap: a fixed 48 px cut the replay's "Replay B 10 @ 1,138.80" (130 px)
 * at the price axis.
 */
const LAST_LABEL_ROOM = 28;
const MARK_LABEL_GAP = 6;
/**
 * The candlestick chart itself: lightweight-charts (TradingView's open-source library), loaded
 * only when a chart is first shown (a dynamic import), so the login page's JavaScript does not
 * carry it. Candles and volume come from the charts host; after that, every tick of the live
 * feed grows the last candle by the one aggregation rule the broker uses (core/charts), so the
 * chart never polls and never disagrees with the feed.
 */
export interface PriceLineSpec {
  price: number;
  title: string;
  kind: "buy" | "sell" | "average";
}

/** A tick of the feed: the last price, the day's traded quantity so far, and the trade's instant. */
export interface FeedTick {
  price: number;
  dayVolume: number;
  time: number;
}

export interface LiveChartProps {
  exchange: Exchange;
  interval: ChartInterval;
  /** Today's bars at `interval`, oldest first (from the charts host); undefined while loading. */
  bars: Bar[] | undefined;
  tickSize: number;
  decimals: number;
  theme: "dark" | "light";
  priceLines: readonly PriceLineSpec[];
  /** The instrument's price is stale (issue 11: no tick for 10 s in an open market, or the feed gone): the last price's tag is drawn muted. */
  stale?: boolean;
  /** Subscribes to the live feed's ticks of this instrument; returns the unsubscribe. */
  onTick: (fn: (t: FeedTick) => void) => () => void;
  /** The read-out of the bar under the crosshair (moved by the mouse or the keys), or of the last bar when it is off. */
  onHover: (readout: BarReadout | undefined) => void;
  /**
   * Hands over how this chart takes a key's action (crosshair, pan, zoom: core/charts/crosshair.ts)
   * once it is drawn; answers the handing back, called when the chart goes.
   */
  onKeys?: (control: (action: ChartKeyAction) => void) => () => void;
  compact?: boolean;
  /** Handed each chart drawn, its candles and element (the order lines, issue 34: orderLines/); answers the handing back, called before the chart goes. */
  onChart?: (api: IChartApi, candles: ISeriesApi<"Candlestick">, host: HTMLDivElement, crosshairAt: () => number | undefined) => () => void;
  /** Draws the chart's drawings (issue 34, drawings/layer.ts) once the chart is made; answers the detaching. */
  drawings?: (host: ChartHost) => () => void;
  /** The chart's indicators (issue 34: indicators/useChartIndicators.ts). */
  indicators?: readonly IndicatorSpec[];
  /** Replay today (issue 35): the day's trades and the replay's, as markers at their bars (useTradeMarks.ts). */
  marks?: readonly TradeMark[];
}

const toTime = (ms: number) => (ms / 1000) as UTCTimestamp;

function cssVar(name: string): string {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim();
}

function colours() {
  return { bg: cssVar("--bg-pane"), fg: cssVar("--fg-muted"), grid: cssVar("--border"), up: cssVar("--up"), down: cssVar("--down"), blue: cssVar("--blue"), accent: cssVar("--accent") };
}

function candleOf(b: Bar) {
  return { time: toTime(b.time), open: b.open, high: b.high, low: b.low, close: b.close };
}

/** The index of the bar that starts at `time`, by binary search (bars are in time order; a crosshair asks on every move); -1 for none. */
function barIndexAt(bars: readonly Bar[], time: number): number {
  let lo = 0;
  let hi = bars.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const t = bars[mid]!.time;
    if (t === time) return mid;
    if (t < time) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

function markOf(type: TickMarkType): "year" | "month" | "day" | "time" {
  if (type === TickMarkType.Year) return "year";
  if (type === TickMarkType.Month) return "month";
  if (type === TickMarkType.DayOfMonth) return "day";
  return "time";
}

export default function LiveChart(p: LiveChartProps) {
  const host = useRef<HTMLDivElement>(null);
  const chart = useRef<IChartApi | null>(null);
  const candles = useRef<ISeriesApi<"Candlestick"> | null>(null);
  const volume = useRef<ISeriesApi<"Histogram"> | null>(null);
  const bars = useRef<Bar[]>([]);
  /** The lowest price the chart has shown (axisPrice: no mark below zero unless a price went there). */
  const lowest = useRef(0);
  const lines = useRef<IPriceLine[]>([]);
  const markers = useRef<ISeriesMarkersPluginApi<Time> | null>(null);
  // The theme's colours, read from the CSS once per theme: reading styles on every tick would force a style recalculation.
  const palette = useRef<ReturnType<typeof colours> | null>(null);
  const hover = useRef(p.onHover);
  hover.current = p.onHover;
  const daily = p.interval === "1d";
  // The crosshair's bar (null: off), where the mouse or the keys last put it, and the width in
  // bars the chart opened with (what the reset key goes back to).
  const cursor = useRef<number | null>(null);
  const openingWidth = useRef<number | null>(null);
  // The price the keys' crosshair is drawn at instead of its bar's close (a drawing being placed, by ticks).
  const crosshairPrice = useRef<(() => number | null) | null>(null);
  /** Whether the keys hold the crosshair (not the mouse): a tick that rescales the prices puts it back on its price. */
  const keysHold = useRef(false);
  /**
   * The range a key set, until the library draws it at its next frame: until then it still answers
   * the range drawn, and a second press read that one (presses faster than frames, a held key's
   * repeat on a busy machine, were lost: six moved the view by two).
   */
  const keyRange = useRef<{ from: number; to: number } | null>(null);
  /** The mouse's own price (where it points), while the mouse holds the crosshair. */
  const mousePrice = useRef<number | null>(null);
  /** Where on the screen the mouse last was (a move's source event), to tell the trader's move from the browser's repeat. */
  const mouseAt = useRef<{ x: number; y: number } | null>(null);
  /** The last price's tag on the price axis, wherever the chart is scrolled to (showLast). */
  const lastTag = useRef<IPriceLine | null>(null);
  const staleNow = useRef(p.stale === true);
  staleNow.current = p.stale === true;
  /** The one read-out, whoever moved the crosshair: bar `index`, or the last bar. */
  const indicators = useChartIndicators(chart, bars, p.compact ? undefined : p.indicators, p.decimals, () => showBar(cursor.current ?? -1));
  const showBar = (index: number) => {
    const all = bars.current;
    const at = index >= 0 && index < all.length ? index : all.length - 1;
    hover.current(indicators.read(barReadout(all, at, daily), at));
  };

  // The chart: made once per instrument and interval, sized by its pane (autoSize).
  useEffect(() => {
    const el = host.current;
    if (!el) return;
    const c = (palette.current = colours());
    const api = createChart(el, {
      autoSize: true,
      layout: { background: { color: c.bg }, textColor: c.fg, fontSize: 11, attributionLogo: false },
      grid: { vertLines: { color: c.grid }, horzLines: { color: c.grid } },
      // The crosshair's line is the price b and s order at (crosshairAt): the mouse's own price, the keys'
      // bar's close. The library's magnet (its default) snapped the line to the nearest series, an
      // indicator's too: with Bollinger on, the line sat on the band at 1,145.50 while b ordered at the
      // mouse's 1,149.10.
      crosshair: { mode: CrosshairMode.Normal },
      rightPriceScale: { borderColor: c.grid },
      timeScale: { borderColor: c.grid, rightOffsetPixels: p.compact ? 0 : LAST_LABEL_ROOM, timeVisible: !daily, secondsVisible: false, tickMarkFormatter: (t: Time, type: TickMarkType) => istAxisLabel(t as number, markOf(type)) },
      localization: { timeFormatter: (t: Time) => istBarLabel(t as number, daily), priceFormatter: (v: number) => axisPrice(v, lowest.current, (x) => groupIndian(x, p.decimals)) },
      handleScroll: !p.compact,
      handleScale: !p.compact,
    });
    const cs = api.addSeries(CandlestickSeries, {
      upColor: c.up,
      downColor: c.down,
      borderUpColor: c.up,
      borderDownColor: c.down,
      wickUpColor: c.up,
      wickDownColor: c.down,
      priceFormat: { type: "price", precision: p.decimals, minMove: p.tickSize },
      // The library's own tag is the last *visible* close: scrolled back (or a grid cell whose synced range
      // lags), it showed a close of hours ago in the live price's place. The tag is the last price (showLast).
      lastValueVisible: false,
    });
    cs.priceScale().applyOptions({ scaleMargins: { top: 0.08, bottom: 0.28 } });
    const vs = api.addSeries(HistogramSeries, { priceFormat: { type: "volume" }, priceScaleId: "volume", lastValueVisible: false, priceLineVisible: false });
    api.priceScale("volume").applyOptions({ scaleMargins: { top: 0.78, bottom: 0 } });
    // The keys' crosshair back on its bar's close after the library's next frame, once a frame
    // however many asked (each tick may ask).
    let frame = 0;
    const placeAfterFrame = () => {
      if (!keysHold.current || frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        if (chart.current === api && keysHold.current) placeCrosshair();
      });
    };
    // The mouse lands here, and the library's own redraws of the crosshair after a tick (no source
    // event; a crosshair set by code is not told): the mouse's bar becomes the keys' starting point,
    // leaving the chart turns it off.
    // The library's redraw reports the crosshair again at the pixel it kept (a point, no event) on
    // every data update and resize; the pointer leaving reports no point. While the keys hold the
    // crosshair, that pixel may name another bar or none (the chart narrowed under it, the room right
    // of the last bar): the keys' bar stays, and the crosshair goes back on it. Taken as the pointer
    // leaving, a tick turned the keys' crosshair off and the read-out jumped to the last bar (the
    // clean-clone CI of 10fcaf1e, screen-chart-keys; chartKeysRedraw.spec).
    // A move at the very place the mouse last was, while the keys hold the crosshair, is the browser
    // repeating a mousemove under a still mouse (the page beneath it changed: a hint shown, a pane
    // resized), not the trader's: the keys keep the crosshair, and it is put back where they had it.
    // Taken as a move, a drawing started by h began, or was set, at a mouse left there long before
    // (the clean-clone CI of 228f438, chartDrawOverOrder.spec).
    api.subscribeCrosshairMove((param) => {
      const e = param.sourceEvent;
      const repeat = e !== undefined && keysHold.current && mouseAt.current?.x === e.screenX && mouseAt.current.y === e.screenY;
      if (e) mouseAt.current = { x: e.screenX, y: e.screenY };
      const moved = e !== undefined && !repeat;
      const keysRedraw = e === undefined && param.point !== undefined && keysHold.current;
      const t = param.time as number | undefined;
      const index = t === undefined ? -1 : barIndexAt(bars.current, t * 1000);
      if (moved || (t === undefined && !keysRedraw)) cursor.current = index >= 0 ? index : null;
      if (moved) {
        keysHold.current = false;
        mousePrice.current = param.point ? cs.coordinateToPrice(param.point.y) : null;
      }
      if (repeat || keysRedraw) placeAfterFrame();
      // The library's own redraw of a crosshair the keys hold names the bar now under its pixel: after a
      // reload scrolled to the live edge that was another bar (11:25 for the keys' 10:50). The keys' bar it stays.
      showBar(!moved && keysHold.current && cursor.current !== null ? cursor.current : index);
    });
    // The bars in view, on the element for the e2e (read from the library's own range); the first
    // view drawn with bars is the one the reset key goes back to.
    api.timeScale().subscribeVisibleLogicalRangeChange((range) => {
      const el = host.current;
      if (!range || !el) return;
      const v = viewOfRange(range, cursor.current);
      el.dataset.viewFrom = String(v.from);
      el.dataset.viewTo = String(v.to);
      if (openingWidth.current === null && bars.current.length > 0 && el.clientWidth > 0) openingWidth.current = v.to - v.from + 1;
      publishMarks();
    });
    // A resize moves the bars under the pixel the library kept: the keys' crosshair goes back on its bar.
    const onSize = () => {
      publishMarks();
      placeAfterFrame();
    };
    api.timeScale().subscribeSizeChange(onSize);
    chart.current = api;
    candles.current = cs;
    volume.current = vs;
    markers.current = createSeriesMarkers(cs, []);
    cursor.current = openingWidth.current = null;
    keysHold.current = false;
    // The library keeps a crosshair set by code at its pixel: when a tick rescales the prices, that
    // pixel names another price than the one b would order at. The keys' crosshair goes back on its
    // price after the frame that redrew the scale (the mouse's follows the mouse).
    cs.subscribeDataChanged(placeAfterFrame);
    const detach = p.onChart?.(api, cs, el, crosshairAt);
    return () => {
      api.timeScale().unsubscribeSizeChange(onSize);
      cancelAnimationFrame(frame);
      cs.unsubscribeDataChanged(placeAfterFrame);
      detach?.();
      chart.current = candles.current = volume.current = null;
      markers.current = null;
      lastTag.current = null;
      lines.current = [];
      api.remove();
    };
    // showBar reads the latest bars and read-out callback through refs.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [p.exchange, p.interval, p.tickSize, p.decimals, daily, p.compact]);

  // The keys (issue 34): each action is worked out on the bars in view now (the mouse may have
  // scrolled since), then drawn: the view by its logical range, the crosshair on the bar's close.
  const onKeys = p.onKeys;
  useEffect(() => {
    if (!onKeys || p.compact) return;
    keyRange.current = null;
    return onKeys((action) => {
      const api = chart.current;
      const cs = candles.current;
      const range = keyRange.current ?? api?.timeScale().getVisibleLogicalRange();
      if (!api || !cs || !range) return;
      const now = viewOfRange(range, cursor.current);
      const next = stepChartView(now, action, bars.current.length, openingWidth.current ?? now.to - now.from + 1);
      cursor.current = next.cursor;
      showBar(next.cursor ?? -1);
      // The crosshair goes on the bar by its time, on the scale as drawn: a new range is applied at
      // the library's next frame, so the crosshair is taken off until then and put back after it
      // (left on, it would stay at its pixel and land on another bar).
      const place = () => chart.current === api && placeCrosshair();
      if (next.from === now.from && next.to === now.to) return place();
      api.clearCrosshairPosition();
      const drawn = rangeOfView(next);
      api.timeScale().setVisibleLogicalRange(drawn);
      keyRange.current = drawn;
      requestAnimationFrame(() => {
        if (keyRange.current === drawn) keyRange.current = null;
        place();
      });
    });
    // The chart is remade with these; the control reads everything else through refs.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [onKeys, p.compact, p.exchange, p.interval, p.tickSize, p.decimals]);

  /**
   * The price the crosshair is drawn at, what b and s order at: the keys' bar's close (or the draw
   * mode's price), the mouse's own price; none with no crosshair. The library tells no listener of a
   * crosshair set by code (setCrosshairPosition), so the order lines read it here: they kept the price
   * of the chart's last tick, and in a quiet market b opened at 12,970 under a crosshair on 12,974.
   */
  function crosshairAt(): number | undefined {
    const bar = cursor.current === null ? undefined : bars.current[cursor.current];
    if (!bar) return undefined;
    if (keysHold.current) return crosshairPrice.current?.() ?? bar.close;
    return mousePrice.current ?? bar.close;
  }

  /** The keys' crosshair on its bar's close (or the draw mode's price), or off. */
  function placeCrosshair(): void {
    const api = chart.current;
    const cs = candles.current;
    const bar = cursor.current === null ? undefined : bars.current[cursor.current];
    if (!api || !cs) return;
    keysHold.current = bar !== undefined;
    if (bar) api.setCrosshairPosition(crosshairPrice.current?.() ?? bar.close, toTime(bar.time), cs);
    else api.clearCrosshairPosition();
  }

  // The drawings (issue 34): their layer is given the chart, its bars and the keys' crosshair.
  const drawings = p.drawings;
  useEffect(() => {
    const api = chart.current;
    const cs = candles.current;
    if (!drawings || !api || !cs || p.compact) return;
    const put = (index: number) => {
      cursor.current = index;
      showBar(index);
      placeCrosshair();
    };
    return drawings({ chart: api, series: cs, bars: () => bars.current, cursor: () => cursor.current, keysHold: () => keysHold.current, putCursor: put, setCrosshairPrice: (f) => (crosshairPrice.current = f) });
    // The chart is remade with these; the layer reads everything else through the host.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [drawings, p.compact, p.exchange, p.interval, p.tickSize, p.decimals]);

  // The theme: the same chart, recoloured, in the colours the page has now (the app sets the page's
  // theme in a layout effect, before this one runs).
  useEffect(() => {
    const c = (palette.current = colours());
    chart.current?.applyOptions({ layout: { background: { color: c.bg }, textColor: c.fg }, grid: { vertLines: { color: c.grid }, horzLines: { color: c.grid } }, rightPriceScale: { borderColor: c.grid }, timeScale: { borderColor: c.grid } });
    candles.current?.applyOptions({ upColor: c.up, downColor: c.down, borderUpColor: c.up, borderDownColor: c.down, wickUpColor: c.up, wickDownColor: c.down });
    // The volume bars carry their colours in their data; the candles and the indicators' values
    // are the same in any theme (not set again: 5,000 bars and every indicator worked over).
    setVolume();
    showLast();
    indicators.repaint();
    drawPriceLines();
    drawMarks();
    // Only a theme change repaints: setVolume and drawPriceLines read the latest bars through refs.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [p.theme]);

  const volumeColour = (b: Bar) => {
    const c = (palette.current ??= colours());
    return `${b.close >= b.open ? c.up : c.down}66`;
  };

  const publish = () => {
    const last = bars.current[bars.current.length - 1];
    const el = host.current;
    if (!el) return;
    // The last bar on the element (and the count): what the e2e reads to see the candle move.
    el.dataset.lastBar = last ? `${last.time}|${last.open}|${last.high}|${last.low}|${last.close}|${last.volume}` : "";
    el.dataset.bars = String(bars.current.length);
  };

  /**
   * The last bar at the right, with the room kept for the last price's label (rightOffsetPixels).
   * The library's scrollToRealTime scrolls to `rightOffset` in bars (0) and ignores the pixels: after
   * an interval change the live candle stood under the price axis and the last day's label was cut.
   */
  function toLiveEdge(): void {
    const ts = chart.current?.timeScale();
    if (!ts || bars.current.length === 0) return;
    const range = ts.getVisibleLogicalRange();
    // The spacing as drawn; before the first draw (no range yet), the option's.
    const spacing = range && range.to > range.from && ts.width() > 0 ? ts.width() / (range.to - range.from) : ts.options().barSpacing;
    ts.scrollToPosition((ts.options().rightOffsetPixels ?? 0) / spacing, false);
  }

  function setData(): void {
    if (!candles.current || !volume.current) return;
    candles.current.setData(bars.current.map(candleOf));
    showLast();
    setVolume();
    indicators.redraw();
    publish();
  }

  /** The last price's tag on the axis, in the last candle's colour: the live price, never a scrolled-to close. */
  function showLast(): void {
    const cs = candles.current;
    const last = bars.current[bars.current.length - 1];
    if (!cs) return;
    if (!last) {
      if (lastTag.current) cs.removePriceLine(lastTag.current);
      lastTag.current = null;
      return;
    }
    const c = (palette.current ??= colours());
    // Stale, the tag and the series' line across the chart take the muted colour every stale price is drawn in.
    const stale = staleNow.current;
    const color = stale ? c.fg : last.close >= last.open ? c.up : c.down;
    cs.applyOptions({ priceLineColor: stale ? c.fg : "" });
    if (lastTag.current) lastTag.current.applyOptions({ price: last.close, color });
    // The series' own dotted line already marks the last price across the chart: the tag alone here.
    else lastTag.current = cs.createPriceLine({ price: last.close, color, lineVisible: false, axisLabelVisible: true, title: "" });
    // The tag's price as the library holds it, on the element for the e2e (the tag is pixels on a canvas).
    if (host.current) {
      host.current.dataset.lastTag = String(lastTag.current.options().price);
      host.current.dataset.lastTagColour = lastTag.current.options().color;
      if (stale) host.current.dataset.lastTagStale = "true";
      else delete host.current.dataset.lastTagStale;
    }
  }

  /**
   * A bar's volume column; none for a bar with no volume. An index trades none: its zero columns
   * drew a dotted red and green line across the foot of the chart, read as a price level.
   */
  function volumeOf(b: Bar): HistogramData<Time> | WhitespaceData<Time> {
    return b.volume > 0 ? { time: toTime(b.time), value: b.volume, color: volumeColour(b) } : { time: toTime(b.time) };
  }

  function setVolume(): void {
    volume.current?.setData(bars.current.map(volumeOf));
  }

  // The bars: the history as answered, then the feed grows the last one.
  useEffect(() => {
    // The crosshair's bar by its time (rule 8 of core/charts/crosshair.ts): a reload keeps it there.
    // A new instrument or interval empties the bars first (undefined while loading), so it starts off.
    const cursorTime = cursor.current === null ? null : (bars.current[cursor.current]?.time ?? null);
    bars.current = p.bars ? p.bars.map((b) => ({ ...b })) : [];
    lowest.current = bars.current.reduce((low, b) => Math.min(low, b.low), 0);
    setData();
    if (!p.compact) toLiveEdge();
    if (p.bars === undefined) return;
    cursor.current = keptCursor(bars.current, cursorTime);
    showBar(cursor.current ?? -1);
    // The keys' crosshair back on its bar once the new data is drawn (set now, it would stay at its old pixel).
    const api = chart.current;
    const redraw = keysHold.current && api ? requestAnimationFrame(() => chart.current === api && placeCrosshair()) : 0;
    // The feed's volume is the day's total: the trade's quantity is what it grew by since the volume the bars hold (feedVolume.ts).
    let counted = countedInBars(bars.current);
    const open = MARKET_HOURS[p.exchange].open;
    const unsubscribe = p.onTick((t) => {
      const traded = tradedQuantity(counted, t);
      counted = traded.counted;
      const quantity = traded.quantity;
      if (t.price < lowest.current) lowest.current = t.price;
      const before = bars.current.length;
      addTrade(bars.current, { time: t.time, price: t.price, quantity }, p.interval, open);
      const last = bars.current[bars.current.length - 1];
      if (!last || !candles.current || !volume.current) return;
      if (bars.current.length === before && last.time > t.time) return;
      candles.current.update(candleOf(last));
      showLast();
      volume.current.update(volumeOf(last));
      indicators.tick();
      publish();
      // A read-out of the last bar follows it as it grows.
      if (cursor.current === null || cursor.current === bars.current.length - 1) showBar(bars.current.length - 1);
    });
    return () => {
      cancelAnimationFrame(redraw);
      unsubscribe();
    };
    // The subscription is remade when its inputs change, not on every render's new props object.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [p.bars, p.interval, p.exchange, p.onTick]);

  // Open orders and the position's average price, as price lines.
  function drawPriceLines(): void {
    const cs = candles.current;
    if (!cs) return;
    for (const l of lines.current) cs.removePriceLine(l);
    const c = (palette.current ??= colours());
    lines.current = priceLines.current.map((l) =>
      cs.createPriceLine({ price: l.price, title: l.title, color: l.kind === "buy" ? c.blue : l.kind === "sell" ? c.down : c.accent, lineStyle: l.kind === "average" ? LineStyle.Solid : LineStyle.Dashed, lineWidth: 1, axisLabelVisible: true }),
    );
  }
  // Replay today's marks: the day's trades as arrows (buys below in blue, sells above in the
  // down colour), the replay's own as circles in the accent colour, each labelled.
  const marks = useRef(p.marks);
  marks.current = p.marks;
  function drawMarks(): void {
    const m = markers.current;
    if (!m) return;
    const c = (palette.current ??= colours());
    const list: Array<SeriesMarker<Time>> = (marks.current ?? []).map((k) => ({
      time: toTime(k.barTime),
      position: k.position,
      shape: k.shape,
      color: k.run === "replay" ? c.accent : k.side === "BUY" ? c.blue : c.down,
      text: k.text,
    }));
    m.setMarkers(list);
    // Room right of the last bar for the labels centred on it: a mark's, and the time axis's (a day's
    // first bar at the right edge read "7 De", its label cut by the price scale).
    const api = chart.current;
    const widest = api ? Math.max(0, ...list.map((k) => markLabelWidth(api, k.text ?? ""))) : 0;
    if (!p.compact) api?.timeScale().applyOptions({ rightOffsetPixels: Math.max(LAST_LABEL_ROOM, Math.ceil(widest / 2) + MARK_LABEL_GAP) });
    // The labels drawn, on the element for the e2e (the markers are pixels on a canvas).
    if (host.current) host.current.dataset.marks = list.map((k) => k.text).join(" | ");
    publishMarks();
  }
  /** Where each mark's label is drawn in the candles' pane, on the element for the e2e: it moves with every scroll and zoom. */
  function publishMarks(): void {
    const api = chart.current;
    if (api && host.current) host.current.dataset.markLabels = markLabelExtents(api, markers.current?.markers() ?? []);
  }
  useEffect(drawMarks, [p.marks, p.exchange, p.interval, p.tickSize, p.decimals, p.compact]);

  const priceLines = useRef(p.priceLines);
  priceLines.current = p.priceLines;
  useEffect(drawPriceLines, [p.priceLines, p.exchange, p.interval, p.tickSize]);
  // The tag turns muted when the price goes stale and back on the tick that clears it.
  useEffect(showLast, [p.stale]);

  return <div className="chart-canvas" ref={host} data-testid="chart-canvas" />;
}

