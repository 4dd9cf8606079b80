import { istBarLabel } from "./labels";
import type { Bar } from "../types/bar";
import type { IndicatorReading } from "./indicators/reading";

/**
 * What the chart's read-out says of one bar, whether the mouse or the keys put the crosshair on
 * it: its start in India time, O H L C, volume, and the change from the bar before (close to
 * close, as a trader reads a candle against the one it follows; none for the first bar).
 */
export interface BarReadout {
  bar: Bar;
  /** "DD/MM/YYYY HH:MM" (IST) for an intraday bar, "DD/MM/YYYY" for a day bar. */
  label: string;
  change?: { points: number; percent: number };
  /** The chart's indicators at this bar (issue 34), in the order they were added. */
  indicators?: readonly IndicatorReading[];
}

export function barReadout(bars: readonly Bar[], index: number, daily: boolean): BarReadout | undefined {
  const bar = bars[index];
  if (!bar) return undefined;
  const label = istBarLabel(bar.time / 1000, daily);
  const before = bars[index - 1];
  if (!before || !(before.close > 0)) return { bar, label };
  const points = bar.close - before.close;
  return { bar, label, change: { points, percent: (points / before.close) * 100 } };
}
