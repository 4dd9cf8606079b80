import type { Bar } from "../../types/bar";
import type { IndicatorStep } from "./types";

/**
 * Simple and exponential moving averages as StockCharts' ChartSchool defines them ("Moving
 * Averages - Simple and Exponential"): the SMA is the mean of the last `period` values; the EMA
 * starts as the SMA of the first `period` values and then moves by k = 2 / (period + 1) of the
 * distance to each new value. Both have no value before `period` values.
 */

export interface WindowState {
  /** The last `period` values at most, oldest first (a copy per step: a state is never changed). */
  window: readonly number[];
}

/** The window after `x`: a new array, so the state before stays as it was. */
export function slide(window: readonly number[], x: number, period: number): number[] {
  const next = window.length < period ? window.slice() : window.slice(1);
  next.push(x);
  return next;
}

export function mean(xs: readonly number[]): number {
  let sum = 0;
  for (const x of xs) sum += x;
  return sum / xs.length;
}

export function smaOf(pick: (b: Bar) => number, period: number): IndicatorStep<WindowState> {
  return {
    init: () => ({ window: [] }),
    step: (s, bar) => {
      const window = slide(s.window, pick(bar), period);
      return [{ window }, [window.length === period ? mean(window) : NaN]];
    },
  };
}

export interface EmaState {
  count: number;
  /** The sum of the first values, until `period` of them seed the average. */
  seed: number;
  ema: number;
}

export const EMA_START: EmaState = { count: 0, seed: 0, ema: NaN };

/** One EMA step over a plain value (MACD's lines are EMAs of EMAs, so this is shared). */
export function emaStep(s: EmaState, x: number, period: number): EmaState {
  const count = s.count + 1;
  if (count < period) return { count, seed: s.seed + x, ema: NaN };
  if (count === period) return { count, seed: 0, ema: (s.seed + x) / period };
  return { count, seed: 0, ema: s.ema + (2 / (period + 1)) * (x - s.ema) };
}

export function emaOf(pick: (b: Bar) => number, period: number): IndicatorStep<EmaState> {
  return {
    init: () => EMA_START,
    step: (s, bar) => {
      const next = emaStep(s, pick(bar), period);
      return [next, [next.ema]];
    },
  };
}
