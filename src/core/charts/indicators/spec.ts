import { INDICATORS, indicatorKindOf, type IndicatorKind } from "./catalogue";

/**
 * One indicator on a chart: its kind and its settings, all of them (the defaults filled in), so
 * two specs that draw the same lines are equal. Kept with a chart pane and in the user's template
 * as its text, "ema 20" or "macd 12 26 9", and read back through readSpecs, which trusts nothing
 * saved.
 */
export interface IndicatorSpec {
  kind: IndicatorKind;
  params: readonly number[];
}

/** The most indicators one chart carries: each is a series drawn and stepped on every tick. */
export const MAX_INDICATORS = 8;

export function specText(s: IndicatorSpec): string {
  return [s.kind, ...s.params].join(" ");
}

/** "EMA 20", "MACD 12 26 9", "VWAP": the legend's and the read-out's name. */
export function specLabel(s: IndicatorSpec): string {
  return [INDICATORS[s.kind].short, ...s.params].join(" ");
}

export function sameSpec(a: IndicatorSpec, b: IndicatorSpec): boolean {
  return specText(a) === specText(b);
}

export type ParamsRead = { ok: true; specs: IndicatorSpec[] } | { ok: false; word: string; message: string };

/**
 * The specs a kind and its numbers stand for (`ema 20 50` is two; `macd 12 26 9` is one): a
 * one-setting indicator takes each number as another; a many-setting one takes them in order, the
 * rest at their defaults. Each number is checked against its setting's range.
 */
export function specsOf(kind: IndicatorKind, words: readonly string[]): ParamsRead {
  const def = INDICATORS[kind];
  const numbers: number[] = [];
  for (const w of words) {
    const n = Number(w);
    if (w.trim() === "" || !Number.isFinite(n)) return { ok: false, word: w, message: `${w} is not a number: ${usage(kind)}` };
    numbers.push(n);
  }
  const check = (n: number, i: number, word: string): string | undefined => {
    const p = def.params[i]!;
    if (p.whole && !Number.isInteger(n)) return `${def.short}'s ${p.name} is a whole number of bars: ${word}`;
    if (n < p.min || n > p.max) return `${def.short}'s ${p.name} must be ${p.min} to ${p.max}: ${word}`;
    return undefined;
  };
  if (def.params.length === 0) {
    if (numbers.length > 0) return { ok: false, word: words[0]!, message: `${def.short} takes no settings: chart add ${kind}` };
    return { ok: true, specs: [{ kind, params: [] }] };
  }
  if (def.params.length === 1) {
    if (numbers.length === 0) return { ok: true, specs: [{ kind, params: [def.params[0]!.default] }] };
    const specs: IndicatorSpec[] = [];
    for (const [i, n] of numbers.entries()) {
      const problem = check(n, 0, words[i]!);
      if (problem) return { ok: false, word: words[i]!, message: problem };
      if (!specs.some((s) => s.params[0] === n)) specs.push({ kind, params: [n] });
    }
    return { ok: true, specs };
  }
  if (numbers.length > def.params.length) return { ok: false, word: words[def.params.length]!, message: `Too many settings: ${usage(kind)}` };
  const params = def.params.map((p, i) => numbers[i] ?? p.default);
  for (const [i, n] of numbers.entries()) {
    const problem = check(n, i, words[i]!);
    if (problem) return { ok: false, word: words[i]!, message: problem };
  }
  if (kind === "macd" && params[0]! >= params[1]!) return { ok: false, word: words[1] ?? words[0] ?? kind, message: "MACD's fast period must be shorter than its slow one: chart add macd 12 26 9" };
  return { ok: true, specs: [{ kind, params }] };
}

export function usage(kind: IndicatorKind): string {
  const def = INDICATORS[kind];
  if (def.params.length === 0) return `chart add ${kind}`;
  if (def.params.length === 1) return `chart add ${kind} ${def.params[0]!.default} (several periods add several lines)`;
  return `chart add ${kind} ${def.params.map((p) => p.default).join(" ")} (${def.params.map((p) => p.name).join(", ")})`;
}

/** Specs read back from storage or the broker: text in the form specText writes, anything else dropped. */
export function readSpecs(saved: unknown): IndicatorSpec[] {
  if (!Array.isArray(saved)) return [];
  const out: IndicatorSpec[] = [];
  for (const item of saved) {
    if (typeof item !== "string") continue;
    const [word, ...rest] = item.trim().split(/\s+/);
    const kind = word ? indicatorKindOf(word) : undefined;
    if (!kind) continue;
    const r = specsOf(kind, rest);
    if (!r.ok || r.specs.length !== 1) continue;
    const spec = r.specs[0]!;
    if (spec.params.length === INDICATORS[kind].params.length && !out.some((s) => sameSpec(s, spec)) && out.length < MAX_INDICATORS) out.push(spec);
  }
  return out;
}

/** A chart's indicators after adding `specs`: each once, in the order added, no more than MAX_INDICATORS. */
export function addSpecs(current: readonly IndicatorSpec[], specs: readonly IndicatorSpec[]): { next: IndicatorSpec[]; added: IndicatorSpec[]; full: boolean } {
  const next = [...current];
  const added: IndicatorSpec[] = [];
  let full = false;
  for (const s of specs) {
    if (next.some((c) => sameSpec(c, s))) continue;
    if (next.length >= MAX_INDICATORS) {
      full = true;
      continue;
    }
    next.push(s);
    added.push(s);
  }
  return { next, added, full };
}

/**
 * A chart's indicators after removing: every one of `kind` when no settings are named
 * (`chart remove rsi`), else those whose settings match (`chart remove ema 20`); all for "all".
 */
export function removeSpecs(current: readonly IndicatorSpec[], kind: IndicatorKind | "all", specs?: readonly IndicatorSpec[]): IndicatorSpec[] {
  if (kind === "all") return [];
  return current.filter((c) => c.kind !== kind || (specs !== undefined && !specs.some((s) => sameSpec(s, c))));
}

export type SpecTextRead = { ok: true; spec: IndicatorSpec } | { ok: false; code: "EC740" | "EC741"; message: string };

/** One indicator as saved ("ema 20"), read strictly: the broker refuses a template that is not all of these (EC740, EC741). */
export function readSpecText(text: string): SpecTextRead {
  const [word = "", ...rest] = text.trim().split(/\s+/);
  const kind = indicatorKindOf(word);
  if (!kind) return { ok: false, code: "EC740", message: `${word || "(nothing)"} is not an indicator: ${INDICATOR_WORDS}` };
  const r = specsOf(kind, rest);
  if (!r.ok) return { ok: false, code: "EC741", message: r.message };
  if (r.specs.length !== 1) return { ok: false, code: "EC741", message: `one indicator per entry: ${text}` };
  return { ok: true, spec: r.specs[0]! };
}

/** The words `chart add` takes, for messages and the palette's list. */
export const INDICATOR_WORDS = "sma, ema, vwap, bb, rsi, macd, supertrend, atr, vma";
