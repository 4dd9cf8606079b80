import type { IndicatorStep } from "./types";

/**
 * Wilder's Relative Strength Index (New Concepts in Technical Trading Systems, 1978, as
 * StockCharts' ChartSchool works it): the first average gain and loss are the simple means of the
 * first `period` changes of the close; after that each is smoothed, avg = (avg * (period - 1) +
 * this change) / period. RSI = 100 - 100 / (1 + avgGain / avgLoss); 100 when nothing was lost.
 */
export interface RsiState {
  prev: number;
  changes: number;
  gain: number;
  loss: number;
}

export function rsi(period: number): IndicatorStep<RsiState> {
  return {
    init: () => ({ prev: NaN, changes: 0, gain: 0, loss: 0 }),
    step: (s, bar) => {
      if (Number.isNaN(s.prev)) return [{ ...s, prev: bar.close }, [NaN]];
      const change = bar.close - s.prev;
      const up = change > 0 ? change : 0;
      const down = change < 0 ? -change : 0;
      const changes = s.changes + 1;
      let gain: number;
      let loss: number;
      if (changes < period) {
        gain = s.gain + up;
        loss = s.loss + down;
      } else if (changes === period) {
        gain = (s.gain + up) / period;
        loss = (s.loss + down) / period;
      } else {
        gain = (s.gain * (period - 1) + up) / period;
        loss = (s.loss * (period - 1) + down) / period;
      }
      const next = { prev: bar.close, changes, gain, loss };
      if (changes < period) return [next, [NaN]];
      return [next, [loss === 0 ? (gain === 0 ? 50 : 100) : 100 - 100 / (1 + gain / loss)]];
    },
  };
}
