import { useEffect, useRef, useState } from "react";
import { createChartEx, createSeriesMarkers, LineSeries, LineStyle, type IChartApiBase, type IPriceLine, type ISeriesApi, type ISeriesMarkersPluginApi, type SeriesMarker } from "lightweight-charts";
import { groupIndian } from "../../core/format";
import { SpotScale } from "./spotScale";
import { labelledMarks } from "./payoffLabels";

/**
 * The payoff chart (issue 31) with lightweight-charts, the app's one chart library, loaded with
 * the strategy pane's first chart (a dynamic import, lazy.tsx). Its horizontal axis is the spot
 * itself: the library's chart on a price-based horizontal scale (createChartEx with SpotScale, the
 * options chart's behaviour in the Indian grouping), not a time axis dressed up. Two lines, the
 * P&L at expiry and at the what-if moment (T+0 when it is now); the zero line; the spot the
 * figures are read at and the breakevens marked.
 */
export interface PayoffChartProps {
  spots: readonly number[];
  expiry: readonly number[];
  today: readonly number[];
  spot: number;
  breakevens: readonly number[];
  theme: "dark" | "light";
  /** "T+0", "T+3": what the second line is. */
  todayLabel: string;
}

function cssVar(name: string): string {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim();
}

const colours = () => ({ bg: cssVar("--bg-pane"), fg: cssVar("--fg-muted"), grid: cssVar("--border"), accent: cssVar("--accent"), blue: cssVar("--blue"), up: cssVar("--up"), down: cssVar("--down") });

/** A mark's label on screen, px: "BE 24,523" in the chart's font, with room either side. */
export const LABEL_PX = 72;
/** How far (px) the spot's mark stands from the zero line for its label (above an arrow) to clear the breakevens' there: three label heights. */
const SPOT_CLEAR_PX = 48;

/** The index of the grid point nearest `x` (a marker sits on a point of its series). */
function nearestAt(spots: readonly number[], x: number): number {
  let best = 0;
  for (let i = 1; i < spots.length; i++) if (Math.abs(spots[i]! - x) < Math.abs(spots[best]! - x)) best = i;
  return best;
}

export function PayoffChart(props: PayoffChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<IChartApiBase<number> | null>(null);
  const expiryLine = useRef<ISeriesApi<"Line", number> | null>(null);
  const todayLine = useRef<ISeriesApi<"Line", number> | null>(null);
  const markers = useRef<ISeriesMarkersPluginApi<number> | null>(null);
  const zero = useRef<IPriceLine | null>(null);
  // The chart's width: the spots are fitted to it and the labels spaced on it again whenever the pane is resized
  // (Alt+M maximised it, and the curves kept to the right fifth, the two breakevens' labels over one another).
  const [width, setWidth] = useState(0);
  const [fitted, setFitted] = useState(0);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const c = colours();
    const api = createChartEx<number, SpotScale>(el, new SpotScale(), {
      autoSize: true,
      layout: { background: { color: c.bg }, textColor: c.fg, fontSize: 11, attributionLogo: false },
      grid: { vertLines: { color: c.grid }, horzLines: { color: c.grid } },
      // entireTextOnly: a P&L mark at the plot's top edge was drawn half cut ("40,000" as its lower half); it is left out instead.
      rightPriceScale: { borderColor: c.grid, entireTextOnly: true },
      // Every spot of the curves fits however narrow the pane: the library's least spacing (0.5 px a point) left a
      // ~100 px plot showing the right half of a straddle's V.
      timeScale: { borderColor: c.grid, minBarSpacing: 0.01 },
      localization: { priceFormatter: (v: number) => groupIndian(v, 0) },
      handleScroll: false,
      handleScale: false,
    });
    const fmt = { type: "custom" as const, formatter: (v: number) => groupIndian(v, 0), minMove: 1 };
    expiryLine.current = api.addSeries(LineSeries, { color: c.accent, lineWidth: 2, priceFormat: fmt, title: "Expiry", lastValueVisible: false, priceLineVisible: false });
    todayLine.current = api.addSeries(LineSeries, { color: c.blue, lineWidth: 2, lineStyle: LineStyle.Solid, priceFormat: fmt, lastValueVisible: false, priceLineVisible: false });
    zero.current = expiryLine.current.createPriceLine({ price: 0, color: c.fg, lineStyle: LineStyle.Dashed, lineWidth: 1, axisLabelVisible: false, title: "" });
    markers.current = createSeriesMarkers(expiryLine.current, []);
    chart.current = api;
    // The chart's own word that its plot changed width (its autoSize has applied the pane's new size): a DOM
    // observer of the box ran before the chart had resized, and fitted and spaced the labels on the old width.
    const sized = (w: number) => setWidth(w);
    api.timeScale().subscribeSizeChange(sized);
    // The fit is applied on the chart's next frame: the labels are spaced again once the spots are where it drew them.
    const moved = () => setFitted((n) => n + 1);
    api.timeScale().subscribeVisibleLogicalRangeChange(moved);
    return () => {
      api.timeScale().unsubscribeVisibleLogicalRangeChange(moved);
      api.timeScale().unsubscribeSizeChange(sized);
      api.remove();
      chart.current = null;
    };
  }, []);

  // The theme's colours, as the candle chart follows them.
  useEffect(() => {
    const c = colours();
    chart.current?.applyOptions({ layout: { background: { color: c.bg }, textColor: c.fg }, grid: { vertLines: { color: c.grid }, horzLines: { color: c.grid } }, rightPriceScale: { borderColor: c.grid }, timeScale: { borderColor: c.grid } });
    expiryLine.current?.applyOptions({ color: c.accent });
    todayLine.current?.applyOptions({ color: c.blue });
    zero.current?.applyOptions({ color: c.fg });
  }, [props.theme]);

  const rangeKey = `${props.spots[0]}|${props.spots.at(-1)}|${props.spots.length}`;
  useEffect(() => {
    expiryLine.current?.setData(props.spots.map((s, i) => ({ time: s, value: props.expiry[i]! })));
  }, [props.spots, props.expiry]);
  useEffect(() => {
    todayLine.current?.applyOptions({ title: props.todayLabel });
    todayLine.current?.setData(props.spots.map((s, i) => ({ time: s, value: props.today[i]! })));
  }, [props.spots, props.today, props.todayLabel]);
  useEffect(() => {
    chart.current?.timeScale().fitContent();
  }, [rangeKey, width]);
  useEffect(() => {
    const c = colours();
    const lo = props.spots[0] ?? 0;
    const hi = props.spots.at(-1) ?? 0;
    const breakevens = props.breakevens.filter((b) => b >= lo && b <= hi);
    // Where each mark stands on screen, px, as the chart places it (fitted above); before the chart
    // has a size, in proportion to the box's width (the spots fitted to it).
    const scale = chart.current?.timeScale();
    const px = (x: number) => scale?.timeToCoordinate(props.spots[nearestAt(props.spots, x)] ?? x) ?? ((x - lo) * Math.max(1, width)) / Math.max(1, hi - lo);
    // The spot's label stands above the P&L at expiry there: clear of the breakevens' (on the zero line) unless that
    // P&L stands within SPOT_CLEAR_PX of the zero line on screen (a tenth of the chart's height was too near in a short plot).
    const at = nearestAt(props.spots, props.spot);
    const line = expiryLine.current;
    const [atY, zeroY] = [line?.priceToCoordinate(props.expiry[at] ?? 0), line?.priceToCoordinate(0)];
    const height = Math.max(...props.expiry, ...props.today) - Math.min(...props.expiry, ...props.today);
    const spotLane = (atY != null && zeroY != null ? Math.abs(atY - zeroY) > SPOT_CLEAR_PX : Math.abs(props.expiry[at] ?? 0) > height / 10) ? 1 : 0;
    // A label is about 11 characters of the chart's 11 px font: marks nearer than that on screen keep their mark, not their words.
    const marks = [{ x: px(props.spot), rank: 0, lane: spotLane }, ...breakevens.map((b) => ({ x: px(b), rank: 1, lane: 0 }))];
    const words = labelledMarks(marks, LABEL_PX);
    const texts = [`Spot ${groupIndian(props.spot, 0)}`, ...breakevens.map((b) => `BE ${groupIndian(b, 0)}`)];
    const list: Array<SeriesMarker<number>> = [
      { time: props.spots[at] ?? props.spot, position: "aboveBar" as const, shape: "arrowDown" as const, color: c.up, text: words[0] ? texts[0]! : "" },
      ...breakevens.map((b, i) => ({ time: props.spots[nearestAt(props.spots, b)] ?? b, position: "inBar" as const, shape: "circle" as const, color: c.down, text: words[i + 1] ? texts[i + 1]! : "" })),
    ].sort((a, b) => a.time - b.time);
    markers.current?.setMarkers(list);
    // The labels drawn and where they stand (px), said on the element: what the fit specs read.
    if (box.current) box.current.dataset.labels = JSON.stringify(marks.flatMap((m, i) => (words[i] ? [{ text: texts[i], x: Math.round(m.x), lane: m.lane }] : [])));
  }, [props.spots, props.spot, props.breakevens, props.expiry, props.today, width, fitted]);

  return <div className="chart-canvas payoff-canvas" ref={box} data-testid="payoff-chart" />;
}
