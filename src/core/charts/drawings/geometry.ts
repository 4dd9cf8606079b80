import { groupIndian } from "../../format";
import type { DrawingPoint } from "./types";

/**
 * The numbers a drawing shows, pure (issue 34): the Fibonacci retracement's levels and the
 * measure's price, percentage and bar count.
 */

/** The retracement ratios drawn, as traders' charts draw them. */
export const FIB_RATIOS = [0, 0.236, 0.382, 0.5, 0.618, 0.786, 1] as const;

/**
 * The retracement's levels between the move's start and end: 0 % at the end (where the move got
 * to), 100 % back at its start, each level `end - (end - start) × ratio` — how far the price has
 * given back of the move (TradingView's and most terminals' convention).
 */
export function fibLevels(start: number, end: number): Array<{ ratio: number; price: number }> {
  return FIB_RATIOS.map((ratio) => ({ ratio, price: end - (end - start) * ratio }));
}

/** "23.6 %", "50 %": a ratio as its label says it. */
export function fibRatioLabel(ratio: number): string {
  return `${Number((ratio * 100).toFixed(1))}%`;
}

export interface Measure {
  /** End price less start price. */
  change: number;
  /** The change as a percentage of the start price. */
  percent: number;
  /** Bars from the start to the end (negative when the end is earlier). */
  bars: number;
}

/** The measure from `a` to `b`, `bars` apart (the caller counts them on its bars). */
export function measure(a: DrawingPoint, b: DrawingPoint, bars: number): Measure {
  const change = b.price - a.price;
  return { change, percent: a.price === 0 ? 0 : (change / a.price) * 100, bars };
}

/** The measure's label: "+12.50 (+1.25%) · 8 bars", the change at the instrument's decimals. */
export function measureLabel(m: Measure, decimals: number): string {
  const sign = (v: number) => (v > 0 ? "+" : v < 0 ? "\u2212" : "");
  const n = Math.abs(m.bars);
  return `${sign(m.change)}${groupIndian(Math.abs(m.change), decimals)} (${sign(m.percent)}${Math.abs(m.percent).toFixed(2)}%) \u00b7 ${n} bar${n === 1 ? "" : "s"}`;
}

/**
 * The bar that holds `time` among bars in time order: the last bar starting at or before it (a
 * 1-minute point on a 5-minute chart is inside the 5-minute bar); -1 before the first bar.
 */
export function barIndexHolding(bars: readonly { time: number }[], time: number): number {
  let lo = 0;
  let hi = bars.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (bars[mid]!.time <= time) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}
