import type { Bar } from "../../types/bar";
import type { IndicatorStep } from "./types";

/**
 * Wilder's Average True Range, as StockCharts' ChartSchool works it: a bar's true range is the
 * greatest of high - low, |high - previous close| and |low - previous close| (the first bar's is
 * its high - low); the first ATR is the mean of the first `period` true ranges, and after that
 * ATR = (previous ATR * (period - 1) + this true range) / period.
 */
export interface AtrState {
  prevClose: number;
  count: number;
  /** The sum of the first true ranges while seeding, then the ATR. */
  atr: number;
}

export const ATR_START: AtrState = { prevClose: NaN, count: 0, atr: 0 };

export function trueRange(bar: Bar, prevClose: number): number {
  if (Number.isNaN(prevClose)) return bar.high - bar.low;
  return Math.max(bar.high - bar.low, Math.abs(bar.high - prevClose), Math.abs(bar.low - prevClose));
}

/** One ATR step; the value is NaN until `period` bars (Supertrend builds on it too). */
export function atrStep(s: AtrState, bar: Bar, period: number): readonly [AtrState, number] {
  const tr = trueRange(bar, s.prevClose);
  const count = s.count + 1;
  const atr = count < period ? s.atr + tr : count === period ? (s.atr + tr) / period : (s.atr * (period - 1) + tr) / period;
  return [{ prevClose: bar.close, count, atr }, count < period ? NaN : atr];
}

export function atr(period: number): IndicatorStep<AtrState> {
  return {
    init: () => ATR_START,
    step: (s, bar) => {
      const [next, value] = atrStep(s, bar, period);
      return [next, [value]];
    },
  };
}
