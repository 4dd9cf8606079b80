import { INDIA_UTC_OFFSET_MS } from "../../time";
import type { IndicatorStep } from "./types";

/**
 * Volume-weighted average price for the session, as StockCharts' ChartSchool defines it: the
 * running sum of typical price ((high + low + close) / 3) times volume, over the running sum of
 * volume, from the session's first bar. It starts again with each IST trading day, as an Indian
 * trader's intraday VWAP does. With no volume yet (an index has none) there is no VWAP.
 */
export interface VwapState {
  day: number;
  pv: number;
  volume: number;
}

const DAY_MS = 86_400_000;

/** The IST calendar day of a bar's start, as a day count: the session a bar belongs to. */
export function istDay(time: number): number {
  return Math.floor((time + INDIA_UTC_OFFSET_MS) / DAY_MS);
}

export function vwap(): IndicatorStep<VwapState> {
  return {
    init: () => ({ day: NaN, pv: 0, volume: 0 }),
    step: (s, bar) => {
      const day = istDay(bar.time);
      const fresh = day !== s.day;
      const typical = (bar.high + bar.low + bar.close) / 3;
      const pv = (fresh ? 0 : s.pv) + typical * bar.volume;
      const volume = (fresh ? 0 : s.volume) + bar.volume;
      return [{ day, pv, volume }, [volume > 0 ? pv / volume : NaN]];
    },
  };
}
