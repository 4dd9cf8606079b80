import type { Bar } from "../../types/bar";
import type { IndicatorStep, Values } from "./types";

/**
 * An indicator's values over a chart's bars, kept up to date tick by tick (issue 34): the state
 * before the last bar is kept, so a tick that revises the forming bar steps that one bar again
 * from it (replacing its values), and a tick that opens a new bar steps once on (appending).
 * Either costs one step. Anything else (the history answered again, a bar dropped) is a recompute.
 */
export interface IndicatorSeries {
  step: IndicatorStep<unknown>;
  /** One entry per bar, in the bars' order. */
  values: Values[];
  /** The state after every bar but the last, and after the last. */
  before: unknown;
  after: unknown;
  /** The start of the last bar stepped: a tick with the same start revises it. */
  lastTime: number;
}

/** The values over `bars` from nothing: the reference the incremental update must equal. */
export function computeAll(step: IndicatorStep<unknown>, bars: readonly Bar[]): IndicatorSeries {
  let state = step.init();
  let before = state;
  const values: Values[] = new Array<Values>(bars.length);
  for (let i = 0; i < bars.length; i++) {
    before = state;
    const [next, v] = step.step(state, bars[i]!);
    state = next;
    values[i] = v;
  }
  return { step, values, before, after: state, lastTime: bars.length > 0 ? bars[bars.length - 1]!.time : NaN };
}

export type SeriesChange = "revised" | "appended" | "recomputed";

/**
 * Brings `s` up to `bars` after a tick, in place, and says how: the last bar revised (same count,
 * same start), one bar appended, or (anything else) recomputed from the start.
 */
export function updateSeries(s: IndicatorSeries, bars: readonly Bar[]): SeriesChange {
  const n = bars.length;
  const last = bars[n - 1];
  const had = s.values.length;
  if (last && had > 0 && n === had && last.time === s.lastTime) {
    const [next, v] = s.step.step(s.before, last);
    s.after = next;
    s.values[n - 1] = v;
    return "revised";
  }
  if (last && had > 0 && n === had + 1 && bars[n - 2]!.time === s.lastTime && last.time > s.lastTime) {
    const [next, v] = s.step.step(s.after, last);
    s.before = s.after;
    s.after = next;
    s.values.push(v);
    s.lastTime = last.time;
    return "appended";
  }
  Object.assign(s, computeAll(s.step, bars));
  return "recomputed";
}
