import type { Bar } from "../../types/bar";
import { atr } from "./atr";
import { bollinger } from "./bollinger";
import { macd } from "./macd";
import { emaOf, smaOf } from "./movingAverages";
import { rsi } from "./rsi";
import { supertrend } from "./supertrend";
import type { IndicatorLine, IndicatorPlace, IndicatorStep } from "./types";
import { vwap } from "./vwap";

/**
 * The indicators a chart can carry (issue 34), by the word a trader types (`chart add rsi 14`).
 * An indicator of one number (a period) takes several at once, each its own line: `ema 20 50`
 * is two EMAs. One of several numbers takes them as its settings, in the order named here:
 * `macd 12 26 9`, `bb 20 2`, `supertrend 10 3`. Left out, the settings are the usual ones.
 */
export const INDICATOR_KINDS = ["sma", "ema", "vwap", "bb", "rsi", "macd", "supertrend", "atr", "vma"] as const;
export type IndicatorKind = (typeof INDICATOR_KINDS)[number];

export interface IndicatorParam {
  name: string;
  default: number;
  min: number;
  max: number;
  /** A period is a whole number of bars; a band's width or a factor need not be. */
  whole: boolean;
}

export interface IndicatorDef {
  kind: IndicatorKind;
  /** Its name in the palette and the legend. */
  name: string;
  short: string;
  place: IndicatorPlace;
  params: readonly IndicatorParam[];
  lines: readonly IndicatorLine[];
  /** How the read-out writes its values: as prices (the instrument's decimals), as a plain figure (RSI), or as a volume. */
  reads: "price" | "plain" | "volume";
  /** Fixed levels drawn across an oscillator's pane (RSI's 30 and 70). */
  levels?: readonly number[];
  /** A bounded oscillator's whole scale (RSI's 0 to 100), so its levels sit where a trader expects them. */
  range?: readonly [number, number];
  make: (params: readonly number[]) => IndicatorStep<unknown>;
}

const period = (d: number): IndicatorParam => ({ name: "period", default: d, min: 1, max: 500, whole: true });
const line = (label: string, colour: string): IndicatorLine => ({ label, style: "line", colour });
const close = (b: Bar) => b.close;
const volume = (b: Bar) => b.volume;
const p = (ps: readonly number[], i: number) => ps[i]!;

export const INDICATORS: Readonly<Record<IndicatorKind, IndicatorDef>> = {
  sma: { kind: "sma", reads: "price", name: "Simple moving average", short: "SMA", place: "price", params: [period(20)], lines: [line("", "--accent")], make: (ps) => smaOf(close, p(ps, 0)) },
  ema: { kind: "ema", reads: "price", name: "Exponential moving average", short: "EMA", place: "price", params: [period(20)], lines: [line("", "--blue")], make: (ps) => emaOf(close, p(ps, 0)) },
  vwap: { kind: "vwap", reads: "price", name: "Volume-weighted average price (the day's)", short: "VWAP", place: "price", params: [], lines: [line("", "--fg")], make: () => vwap() },
  bb: {
    kind: "bb",
    reads: "price",
    name: "Bollinger Bands",
    short: "BB",
    place: "price",
    params: [period(20), { name: "width", default: 2, min: 0.1, max: 10, whole: false }],
    lines: [line("Upper", "--fg-muted"), line("Middle", "--accent"), line("Lower", "--fg-muted")],
    make: (ps) => bollinger(p(ps, 0), p(ps, 1)),
  },
  rsi: { kind: "rsi", reads: "plain", name: "Relative strength index", short: "RSI", place: "pane", params: [period(14)], lines: [line("", "--accent")], levels: [30, 70], range: [0, 100], make: (ps) => rsi(p(ps, 0)) },
  macd: {
    kind: "macd",
    reads: "price",
    name: "MACD",
    short: "MACD",
    place: "pane",
    params: [period(12), period(26), { ...period(9), name: "signal" }],
    lines: [line("MACD", "#a66cff"), line("Signal", "--accent"), { label: "Histogram", style: "histogram", colour: "--fg-muted" }],
    levels: [0],
    make: (ps) => macd(p(ps, 0), p(ps, 1), p(ps, 2)),
  },
  supertrend: {
    kind: "supertrend",
    reads: "price",
    name: "Supertrend",
    short: "Supertrend",
    place: "price",
    params: [period(10), { name: "factor", default: 3, min: 0.1, max: 20, whole: false }],
    lines: [line("Up", "--up"), line("Down", "--down")],
    make: (ps) => supertrend(p(ps, 0), p(ps, 1)),
  },
  atr: { kind: "atr", reads: "price", name: "Average true range", short: "ATR", place: "pane", params: [period(14)], lines: [line("", "--fg")], make: (ps) => atr(p(ps, 0)) },
  vma: { kind: "vma", reads: "volume", name: "Volume moving average", short: "Vol MA", place: "volume", params: [period(20)], lines: [line("", "--fg-muted")], make: (ps) => smaOf(volume, p(ps, 0)) },
};

/** Words a trader may type for an indicator besides its own. */
const ALIASES: Readonly<Record<string, IndicatorKind>> = { bollinger: "bb", bbands: "bb", st: "supertrend", volma: "vma", "vol-ma": "vma", volumema: "vma" };

export function indicatorKindOf(word: string): IndicatorKind | undefined {
  const w = word.toLowerCase();
  return (INDICATOR_KINDS as readonly string[]).includes(w) ? (w as IndicatorKind) : ALIASES[w];
}
