import { useEffect, useRef, type RefObject } from "react";
import { HistogramSeries, LineSeries, LineStyle, type IChartApi, type IPriceLine, type ISeriesApi, type UTCTimestamp } from "lightweight-charts";
import { INDICATORS } from "../../../core/charts/indicators/catalogue";
import { readingAt } from "../../../core/charts/indicators/reading";
import { computeAll, updateSeries, type IndicatorSeries } from "../../../core/charts/indicators/series";
import { specLabel, specText, type IndicatorSpec } from "../../../core/charts/indicators/spec";
import type { BarReadout } from "../../../core/charts/readout";
import type { Bar } from "../../../core/types/bar";
import { lineColours, resolveColour } from "./colours";
import { LEVEL_COLOUR, paintIndicators } from "./paint";

/**
 * A chart's indicators (issue 34), drawn on the chart LiveChart made: overlays on the candles'
 * pane (the volume MA on the volume bars' scale), oscillators each in a pane of their own below
 * (lightweight-charts 5 panes). Their values are worked in core/charts/indicators: from nothing
 * when the history comes (or an indicator is added), then one step per tick, the forming bar's
 * value replaced and a new bar's appended (series.ts), so a tick costs the same at 50 bars or 5,000.
 *
 * LiveChart calls `redraw` when it sets the history, `tick` after a tick grew the bars, and
 * `read` to add the indicators' values to the crosshair's read-out.
 */
export interface ChartIndicators {
  redraw: () => void;
  /** The indicators' colours read again from the page: the theme changed (values and panes untouched). */
  repaint: () => void;
  tick: () => void;
  read: (readout: BarReadout | undefined, index: number) => BarReadout | undefined;
}

interface Drawn {
  spec: IndicatorSpec;
  key: string;
  series: IndicatorSeries;
  lines: ISeriesApi<"Line" | "Histogram">[];
  /** An oscillator's level lines (RSI's 30 and 70), recoloured with the theme. */
  levels: IPriceLine[];
}

const NONE: readonly IndicatorSpec[] = [];
/** Each oscillator pane's height against the candles' pane (1): a third of the chart for one, readable in a quarter-screen pane. */
const OSCILLATOR_STRETCH = 0.5;

const toTime = (ms: number) => (ms / 1000) as UTCTimestamp;
const pointOf = (time: number, v: number | undefined) => (v !== undefined && Number.isFinite(v) ? { time: toTime(time), value: v } : { time: toTime(time) });

/** `changed` runs after indicators were added or removed, so the read-out shows the new set at once. */
export function useChartIndicators(chart: RefObject<IChartApi | null>, bars: RefObject<Bar[]>, specs: readonly IndicatorSpec[] | undefined, decimals: number, changed: () => void): ChartIndicators {
  const drawn = useRef<Drawn[]>([]);
  const owner = useRef<IChartApi | null>(null);
  const wanted = useRef(specs ?? NONE);
  wanted.current = specs ?? NONE;
  const onChange = useRef(changed);
  onChange.current = changed;

  const setAll = (d: Drawn) => {
    const all = bars.current;
    d.lines.forEach((api, line) => api.setData(all.map((b, i) => pointOf(b.time, d.series.values[i]?.[line]))));
  };

  const add = (api: IChartApi, spec: IndicatorSpec): Drawn => {
    const def = INDICATORS[spec.kind];
    const series = computeAll(def.make(spec.params), bars.current);
    let pane = 0;
    if (def.place === "pane") pane = api.panes().length;
    const lines = def.lines.map((l, i) => {
      const options = {
        lineWidth: 2 as const,
        priceLineVisible: false,
        // An oscillator's first line labels its pane's scale with its name and last value; the others would crowd it.
        lastValueVisible: def.place === "pane" && i === 0,
        crosshairMarkerVisible: false,
        ...(def.place === "pane" && i === 0 ? { title: specLabel(spec) } : {}),
        ...(def.range ? { autoscaleInfoProvider: () => ({ priceRange: { minValue: def.range![0], maxValue: def.range![1] } }) } : {}),
        ...(def.place === "volume" ? { priceScaleId: "volume", priceFormat: { type: "volume" as const } } : { priceFormat: { type: "price" as const, precision: def.reads === "plain" ? 2 : decimals, minMove: def.reads === "plain" ? 0.01 : 10 ** -decimals } }),
      };
      return l.style === "histogram" ? api.addSeries(HistogramSeries, options, pane) : api.addSeries(LineSeries, { ...options, lineWidth: def.lines.length > 1 ? 1 : 2 }, pane);
    });
    // An oscillator's pane has a scale of its own, which would otherwise take the candles' margins (28 % kept below for the volume): RSI's 0–100 then read down to -40.
    if (def.place === "pane") lines[0]!.priceScale().applyOptions({ scaleMargins: { top: 0.1, bottom: 0.1 } });
    // A bounded oscillator's scale (RSI's 0–100) reads its levels (30, 70), labelled on the axis, and no
    // numbers of the library's own: those are drawn under the last value's tag, which sat over one of
    // them (the 50 of a cell's short pane), where the library keeps its labels clear of each other.
    const levelled = def.place === "pane" && def.range !== undefined && (def.levels ?? []).length > 0;
    if (levelled) lines[0]!.priceScale().applyOptions({ textColor: "transparent" });
    const levels = def.place === "pane" ? (def.levels ?? []).map((level) => lines[0]!.createPriceLine({ price: level, color: resolveColour(LEVEL_COLOUR), lineWidth: 1, lineStyle: LineStyle.Dashed, axisLabelVisible: levelled, title: "" })) : [];
    const d = { spec, key: specText(spec), series, lines, levels };
    setAll(d);
    return d;
  };

  /** The chart's indicators made to match the wanted ones (a chart remade starts with none); `history`: all values worked again. */
  const sync = (history: boolean) => {
    const api = chart.current;
    if (api !== owner.current) {
      drawn.current = [];
      owner.current = api;
    }
    if (!api) return;
    const want = wanted.current;
    const keys = want.map(specText);
    for (const d of drawn.current) if (!keys.includes(d.key)) for (const l of d.lines) api.removeSeries(l);
    const kept = drawn.current.filter((d) => keys.includes(d.key));
    if (history) {
      for (const d of kept) {
        Object.assign(d.series, computeAll(d.series.step, bars.current));
        setAll(d);
      }
    }
    drawn.current = want.map((spec, i) => kept.find((d) => d.key === keys[i]) ?? add(api, spec));
    paint(api);
    // The candles' pane 1, each oscillator's OSCILLATOR_STRETCH, set again after every change (a pane added takes the library's default).
    api.panes().forEach((pane, n) => {
      const stretch = n === 0 ? 1 : OSCILLATOR_STRETCH;
      if (pane.getStretchFactor() !== stretch) pane.setStretchFactor(stretch);
    });
    api.chartElement().dataset.indicators = keys.join("|");
  };

  /** Colours by order (one-line indicators take turns in a cycle), levels and the panes' separator, by the theme now. */
  const paint = (api: IChartApi) => {
    paintIndicators(drawn.current, wanted.current);
    // The line between panes in the theme's border colour (the library's default is a light grey); set only when it changes (it redraws the chart).
    const separator = resolveColour("--border");
    if (api.options().layout.panes.separatorColor !== separator) api.applyOptions({ layout: { panes: { separatorColor: separator, separatorHoverColor: resolveColour("--bg-hover") } } });
  };

  const key = (specs ?? NONE).map(specText).join("|");
  useEffect(() => {
    sync(false);
    if (chart.current) onChange.current();
  }, [key]); // eslint-disable-line react-hooks/exhaustive-deps -- the specs are read through a ref; their text is what changes

  return {
    redraw: () => sync(true),
    repaint: () => {
      if (chart.current && chart.current === owner.current) paint(chart.current);
    },
    tick: () => {
      const all = bars.current;
      const last = all[all.length - 1];
      if (!last) return;
      for (const d of drawn.current) {
        if (updateSeries(d.series, all) === "recomputed") setAll(d);
        else {
          const v = d.series.values[all.length - 1];
          d.lines.forEach((l, line) => l.update(pointOf(last.time, v?.[line])));
        }
      }
    },
    read: (readout, index) => (readout && drawn.current.length > 0 ? { ...readout, indicators: drawn.current.map((d, i) => ({ ...readingAt(d.spec, d.series.values, index), colour: lineColours(wanted.current, i)[0] })) } : readout),
  };
}
