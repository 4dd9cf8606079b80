import { EMA_START, emaStep, type EmaState } from "./movingAverages";
import type { IndicatorStep } from "./types";

/**
 * Gerald Appel's MACD, as StockCharts' ChartSchool defines it: the MACD line is the `fast` EMA of
 * the close less the `slow` EMA (each seeded by its SMA, movingAverages.ts); the signal line is the
 * `signal` EMA of the MACD line, counted from the MACD line's first value; the histogram is MACD
 * less signal. Lines: MACD, signal, histogram.
 */
export interface MacdState {
  fast: EmaState;
  slow: EmaState;
  signal: EmaState;
}

export function macd(fast: number, slow: number, signal: number): IndicatorStep<MacdState> {
  return {
    init: () => ({ fast: EMA_START, slow: EMA_START, signal: EMA_START }),
    step: (s, bar) => {
      const f = emaStep(s.fast, bar.close, fast);
      const sl = emaStep(s.slow, bar.close, slow);
      const line = f.ema - sl.ema;
      if (Number.isNaN(line)) return [{ fast: f, slow: sl, signal: s.signal }, [NaN, NaN, NaN]];
      const sig = emaStep(s.signal, line, signal);
      return [{ fast: f, slow: sl, signal: sig }, [line, sig.ema, line - sig.ema]];
    },
  };
}
