import { useEffect, useRef } from "react";
import { createChart, LineSeries, TickMarkType, type IChartApi, type ISeriesApi, type Time, type UTCTimestamp } from "lightweight-charts";
import { istAxisLabel, istBarLabel } from "../../core/charts/labels";
import { groupIndian } from "../../core/format";
import type { PremiumMinute } from "../../core/strategy/straddle";

/**
 * The ATM straddle premium over the day (issue 31) with lightweight-charts, the app's one chart
 * library, loaded the first time a chain shows it (straddleLazy.tsx): one line, a point a minute,
 * its times read on the IST wall clock as the candle chart's are.
 */
export interface StraddleChartProps {
  points: readonly PremiumMinute[];
  theme: "dark" | "light";
  /** The time a label reads at a place on the axis (ms), when the axis is not the clock's (the replay report's time played, core/replay/playedAxis.ts). */
  clockAt?: (at: number) => number;
}

function cssVar(name: string): string {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim();
}

const colours = () => ({ bg: cssVar("--bg-pane"), fg: cssVar("--fg-muted"), grid: cssVar("--border"), accent: cssVar("--accent") });

const markOf = (type: TickMarkType): "year" | "month" | "day" | "time" =>
  type === TickMarkType.Year ? "year" : type === TickMarkType.Month ? "month" : type === TickMarkType.DayOfMonth ? "day" : "time";

export function StraddleChart({ points, theme, clockAt }: StraddleChartProps) {
  // Read by the chart's formatters, made once: the latest mapping, whatever the render.
  const labelAt = useRef(clockAt);
  labelAt.current = clockAt;
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<IChartApi | null>(null);
  const line = useRef<ISeriesApi<"Line"> | null>(null);

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
    line.current = api.addSeries(LineSeries, { color: c.accent, lineWidth: 2, priceLineVisible: false });
    chart.current = api;
    return () => {
      api.remove();
      chart.current = null;
      line.current = null;
    };
  }, []);

  // The theme: the same chart, recoloured a frame later, as the candle chart does: the app sets the
  // page's theme in its own effect, which runs after this child's, and the colours are the page's.
  useEffect(() => {
    const frame = requestAnimationFrame(() => {
      const c = colours();
      chart.current?.applyOptions({ layout: { background: { color: c.bg }, textColor: c.fg }, grid: { vertLines: { color: c.grid }, horzLines: { color: c.grid } }, rightPriceScale: { borderColor: c.grid }, timeScale: { borderColor: c.grid } });
      line.current?.applyOptions({ color: c.accent });
    });
    return () => cancelAnimationFrame(frame);
  }, [theme]);

  useEffect(() => {
    line.current?.setData(points.map((p) => ({ time: (p.time / 1000) as UTCTimestamp, value: p.premium })));
    chart.current?.timeScale().fitContent();
  }, [points]);

  return <div ref={box} className="straddle-chart" data-testid="straddle-chart" />;
}
