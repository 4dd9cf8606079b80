import type { IChartApi, ISeriesApi } from "lightweight-charts";
import type { Bar } from "../../../core/types/bar";

/**
 * What the chart widget (LiveChart.tsx) hands its drawing layer once the chart is made: the
 * library's chart and candle series, its bars, and its keyboard crosshair.
 */
export interface ChartHost {
  chart: IChartApi;
  series: ISeriesApi<"Candlestick">;
  bars(): readonly Bar[];
  /** The keyboard crosshair's bar; null when off. */
  cursor(): number | null;
  /** The keys hold the crosshair (they placed it last); false: the mouse does, or it is off. */
  keysHold(): boolean;
  /** Puts the keyboard crosshair on bar `index` (and the read-out with it). */
  putCursor(index: number): void;
  /** The price the keyboard crosshair is drawn at instead of its bar's close (the draw mode's stepped price); null: the close. */
  setCrosshairPrice(price: (() => number | null) | null): void;
}
