import { INDICATORS } from "./catalogue";
import { specLabel, type IndicatorSpec } from "./spec";
import type { Values } from "./types";

/**
 * What the crosshair read-out says of one indicator at the crosshair's bar (issue 34: "read out
 * OHLC and indicator values"): its name with its settings and each line that has a value there
 * (none while it warms up; Supertrend has one of its two lines at each bar).
 */
export interface IndicatorReading {
  key: string;
  label: string;
  reads: "price" | "plain" | "volume";
  values: { label: string; value: number }[];
  /** Its first line's colour on the chart (a CSS variable's name or a colour), for the read-out's swatch. */
  colour?: string;
}

export function readingAt(spec: IndicatorSpec, values: readonly Values[], index: number): IndicatorReading {
  const def = INDICATORS[spec.kind];
  const at = values[index];
  const lines = at ? def.lines.map((l, i) => ({ label: l.label, value: at[i]! })).filter((v) => Number.isFinite(v.value)) : [];
  return { key: specLabel(spec), label: specLabel(spec), reads: def.reads, values: lines };
}
