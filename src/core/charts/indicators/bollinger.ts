import { mean, slide, type WindowState } from "./movingAverages";
import type { IndicatorStep } from "./types";

/**
 * John Bollinger's bands, as StockCharts' ChartSchool works them: the middle band is the
 * `period` SMA of the close; the upper and lower bands are `width` standard deviations above and
 * below it, the deviation of the same `period` closes taken over the whole population (divided by
 * `period`, not `period` - 1). Lines: upper, middle, lower.
 */
export function bollinger(period: number, width: number): IndicatorStep<WindowState> {
  return {
    init: () => ({ window: [] }),
    step: (s, bar) => {
      const window = slide(s.window, bar.close, period);
      if (window.length < period) return [{ window }, [NaN, NaN, NaN]];
      const middle = mean(window);
      let squares = 0;
      for (const x of window) squares += (x - middle) ** 2;
      const sd = Math.sqrt(squares / period);
      return [{ window }, [middle + width * sd, middle, middle - width * sd]];
    },
  };
}
