import type { Bar } from "../../types/bar";

/**
 * An indicator as a pure step over bars (issue 34): `step` takes the state left by the bars
 * before and one bar, and answers the state after it and the indicator's values at that bar. A
 * state is never changed in place, so the state before the forming bar can be kept and the bar
 * stepped again when a tick revises it (series.ts): a tick costs one step, not a recompute.
 */
export interface IndicatorStep<S> {
  // Methods, not function properties: a step of any state is held as a step of unknown (catalogue.ts).
  init(): S;
  step(state: S, bar: Bar): readonly [S, Values];
}

/** The values of an indicator's lines at one bar, in its lines' order; NaN where a line has none yet (warming up). */
export type Values = readonly number[];

/** Where an indicator is drawn: on the candles, on the volume bars' scale, or in a pane of its own. */
export type IndicatorPlace = "price" | "volume" | "pane";

export interface IndicatorLine {
  /** As the read-out and the legend name it ("Upper", "Signal"): empty for an indicator's only line. */
  label: string;
  style: "line" | "histogram";
  /** A theme colour (a CSS variable of styles.css), so a line follows the theme. */
  colour: string;
}
