import { ATR_START, atrStep, type AtrState } from "./atr";
import type { IndicatorStep } from "./types";

/**
 * Olivier Seban's Supertrend, as TradingView's ta.supertrend defines it: with hl2 = (high +
 * low) / 2 and the `period` ATR (Wilder's, atr.ts), the basic bands are hl2 ± `factor` × ATR. The
 * final upper band only moves down (it takes the basic one when that is lower, or when the close
 * before broke above the band); the final lower band only moves up, alike. The trend turns up
 * when the close rises above the final upper band, and down when it falls below the final lower
 * band; Supertrend is the lower band in an uptrend and the upper band in a downtrend. Its first
 * bar (the ATR's first) counts as a downtrend, as TradingView's does.
 * Lines: the uptrend's and the downtrend's (one of them NaN at each bar), drawn in two colours.
 */
export interface SupertrendState {
  atr: AtrState;
  upper: number;
  lower: number;
  close: number;
  up: boolean;
}

export function supertrend(period: number, factor: number): IndicatorStep<SupertrendState> {
  return {
    init: () => ({ atr: ATR_START, upper: NaN, lower: NaN, close: NaN, up: true }),
    step: (s, bar) => {
      const [atr, range] = atrStep(s.atr, bar, period);
      if (Number.isNaN(range)) return [{ ...s, atr, close: bar.close }, [NaN, NaN]];
      const mid = (bar.high + bar.low) / 2;
      const basicUpper = mid + factor * range;
      const basicLower = mid - factor * range;
      const first = Number.isNaN(s.upper);
      const upper = first || basicUpper < s.upper || s.close > s.upper ? basicUpper : s.upper;
      const lower = first || basicLower > s.lower || s.close < s.lower ? basicLower : s.lower;
      const up = first ? false : s.up ? !(bar.close < lower) : bar.close > upper;
      return [{ atr, upper, lower, close: bar.close, up }, up ? [lower, NaN] : [NaN, upper]];
    },
  };
}
