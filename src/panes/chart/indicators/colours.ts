import { INDICATORS } from "../../../core/charts/indicators/catalogue";
import type { IndicatorSpec } from "../../../core/charts/indicators/spec";

/**
 * The colour of each line of a chart's indicators: an indicator of several lines has its own
 * (Bollinger's bands, MACD's signal); one-line indicators take the next of a cycle in the order
 * added, so `ema 20 50` draws two colours. Theme colours are CSS variables (styles.css); the
 * others read on both themes' backgrounds.
 */
const CYCLE = ["--blue", "--accent", "#a66cff", "#12a4b8", "#e0457b", "#7c8a17"] as const;

/** CSS variable names or plain colours, one per line of `specs[index]`. */
export function lineColours(specs: readonly IndicatorSpec[], index: number): string[] {
  const spec = specs[index]!;
  const def = INDICATORS[spec.kind];
  if (def.lines.length > 1) return def.lines.map((l) => l.colour);
  const n = specs.slice(0, index).filter((s) => INDICATORS[s.kind].lines.length === 1).length;
  return [CYCLE[n % CYCLE.length]!];
}

/** A CSS variable's value on the page now (the theme's), or the colour as given. */
export function resolveColour(c: string): string {
  return c.startsWith("--") ? getComputedStyle(document.documentElement).getPropertyValue(c).trim() : c;
}
