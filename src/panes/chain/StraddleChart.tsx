import { useEffect, useRef } from "react";
import { createChart, createSeriesMarkers, LineSeries, TickMarkType, type IChartApi, type ISeriesApi, type ISeriesMarkersPluginApi, type Time, type UTCTimestamp } from "lightweight-charts";
import { istAxisLabel, istBarLabel } from "../../core/charts/labels";
import { groupIndian } from "../../core/format";
import type { PremiumMinute } from "../../core/strategy/straddle";

/**
 * The ATM straddle premium over the day (issue 31) with lightweight-charts, the app's one chart
 * library, loaded the first time a chain shows it (straddleLazy.tsx): one line, a point a minute,
 * its times read on the IST wall clock as the candle chart's are.
 */
export interface StraddleChartProps {
  /** One line (the straddle's premium); the replay report gives `lines` instead. */
  points?: readonly PremiumMinute[];
  theme: "dark" | "light";
  /** The time a label reads at a place on the axis (ms), when the axis is not the clock's (the replay report's time played, core/replay/playedAxis.ts). */
  clockAt?: (at: number) => number;
  /**
   * A line broken in pieces, drawn in place of `points` (the replay report's stretches, cut at each jump
   * back): one line each, so no segment joins the end of one to the start of the next.
   */
  lines?: ReadonlyArray<readonly PremiumMinute[]>;
  /** A mark with its words at the start of the piece beginning at `at` (ms): where a jump back landed. */
  breaks?: ReadonlyArray<{ at: number; text: string }>;
}

function cssVar(name: string): string {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim();
}

const colours = () => ({ bg: cssVar("--bg-pane"), fg: cssVar("--fg-muted"), grid: cssVar("--border"), accent: cssVar("--accent") });

const markOf = (type: TickMarkType): "year" | "month" | "day" | "time" =>
  type === TickMarkType.Year ? "year" : type === TickMarkType.Month ? "month" : type === TickMarkType.DayOfMonth ? "day" : "time";

export function StraddleChart({ points, theme, clockAt, lines, breaks }: StraddleChartProps) {
  // Read by the chart's formatters, made once: the latest mapping, whatever the render.
  const labelAt = useRef(clockAt);
  labelAt.current = clockAt;
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<IChartApi | null>(null);
  /** One series a piece of the line, each with its marks. */
  const pieces = useRef<Array<{ series: ISeriesApi<"Line">; marks: ISeriesMarkersPluginApi<Time> }>>([]);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const c = colours();
    const clockSeconds = (t: Time): number => (labelAt.current ? labelAt.current((t as number) * 1000) / 1000 : (t as number));
    const api = createChart(el, {
      autoSize: true,
      layout: { background: { color: c.bg }, textColor: c.fg, fontSize: 11, attributionLogo: false },
      grid: { vertLines: { color: c.grid }, horzLines: { color: c.grid } },
      rightPriceScale: { borderColor: c.grid },
      timeScale: { borderColor: c.grid, timeVisible: true, secondsVisible: false, tickMarkFormatter: (t: Time, type: TickMarkType) => istAxisLabel(clockSeconds(t), markOf(type)) },
      localization: { timeFormatter: (t: Time) => istBarLabel(clockSeconds(t), false), priceFormatter: (v: number) => groupIndian(v, 2) },
      handleScroll: false,
      handleScale: false,
    });
    chart.current = api;
    return () => {
      api.remove();
      chart.current = null;
      pieces.current = [];
    };
  }, []);

  // The theme: the same chart, recoloured a frame later, as the candle chart does: the app sets the
  // page's theme in its own effect, which runs after this child's, and the colours are the page's.
  useEffect(() => {
    const frame = requestAnimationFrame(() => {
      const c = colours();
      chart.current?.applyOptions({ layout: { background: { color: c.bg }, textColor: c.fg }, grid: { vertLines: { color: c.grid }, horzLines: { color: c.grid } }, rightPriceScale: { borderColor: c.grid }, timeScale: { borderColor: c.grid } });
      for (const p of pieces.current) p.series.applyOptions({ color: c.accent });
    });
    return () => cancelAnimationFrame(frame);
  }, [theme]);

  useEffect(() => {
    const api = chart.current;
    if (!api) return;
    const all = lines ?? (points ? [points] : []);
    const c = colours();
    while (pieces.current.length < all.length) {
      const series = api.addSeries(LineSeries, { color: c.accent, lineWidth: 2, priceLineVisible: false, lastValueVisible: false });
      pieces.current.push({ series, marks: createSeriesMarkers(series, []) });
    }
    while (pieces.current.length > all.length) api.removeSeries(pieces.current.pop()!.series);
    all.forEach((piece, i) => {
      const { series, marks } = pieces.current[i]!;
      series.setData(piece.map((p) => ({ time: (p.time / 1000) as UTCTimestamp, value: p.premium })));
      // Only the last piece shows its value on the scale: where the line ends now.
      series.applyOptions({ lastValueVisible: i === all.length - 1 });
      const first = piece[0];
      const mark = first && breaks?.find((b) => b.at === first.time);
      marks.setMarkers(mark ? [{ time: (first.time / 1000) as UTCTimestamp, position: "aboveBar", shape: "arrowDown", color: c.fg, text: mark.text }] : []);
    });
    // Room right of the line's end for a mark's words there (a jump back just before the report is asked), which the chart would cut.
    api.applyOptions({ timeScale: { rightOffsetPixels: breaks?.length ? 56 : 0 } });
    api.timeScale().fitContent();
  }, [points, lines, breaks]);

  return <div ref={box} className="straddle-chart" data-testid="straddle-chart" />;
}
