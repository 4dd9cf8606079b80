import { INDICATORS, indicatorKindOf, type IndicatorKind } from "./catalogue";
import { INDICATOR_WORDS, specLabel, specsOf, usage, type IndicatorSpec } from "./spec";

/**
 * The chart's indicator command line (issue 34): `chart add rsi 14`, `chart add ema 20 50` (two
 * EMAs), `chart add bb 20 2`, several at once (`chart add rsi 14 ema 20`); `chart remove rsi`
 * (every RSI), `chart remove ema 20` (that one), `chart remove all`. A word that is not an
 * indicator or a number out of its range is named back.
 */
export type IndicatorLine = { action: "add"; specs: IndicatorSpec[] } | { action: "remove"; kinds: { kind: IndicatorKind; specs?: IndicatorSpec[] }[] } | { action: "remove-all" };

export type IndicatorLineParse = { ok: true; line: IndicatorLine } | { ok: false; word: string; message: string };

const HEAD = /^chart\s+(add|remove|rm)(\s|$)/i;

export function isIndicatorLine(input: string): boolean {
  return HEAD.test(input.trim());
}

/** Words into groups, each an indicator's word and the numbers after it. */
function groups(words: readonly string[]): { ok: true; groups: { kind: IndicatorKind; word: string; numbers: string[] }[] } | { ok: false; word: string; message: string } {
  const out: { kind: IndicatorKind; word: string; numbers: string[] }[] = [];
  for (const w of words) {
    const kind = indicatorKindOf(w);
    if (kind) out.push({ kind, word: w, numbers: [] });
    else if (out.length > 0 && /^[\d.]+$/.test(w)) out[out.length - 1]!.numbers.push(w);
    else return { ok: false, word: w, message: `${w} is not an indicator: ${INDICATOR_WORDS}` };
  }
  return { ok: true, groups: out };
}

export function parseIndicatorLine(input: string): IndicatorLineParse {
  const [, verb = ""] = input.trim().match(HEAD) ?? [];
  const rest = input.trim().split(/\s+/).slice(2);
  const remove = verb.toLowerCase() !== "add";
  if (rest.length === 0) return { ok: false, word: verb, message: remove ? "Name the indicator to remove: chart remove rsi (or chart remove all)" : `Name an indicator: chart add rsi 14 (${INDICATOR_WORDS})` };
  if (remove && rest.length === 1 && rest[0]!.toLowerCase() === "all") return { ok: true, line: { action: "remove-all" } };
  const g = groups(rest);
  if (!g.ok) return g;
  if (!remove) {
    const specs: IndicatorSpec[] = [];
    for (const x of g.groups) {
      const r = specsOf(x.kind, x.numbers);
      if (!r.ok) return r;
      specs.push(...r.specs);
    }
    return { ok: true, line: { action: "add", specs } };
  }
  const kinds: { kind: IndicatorKind; specs?: IndicatorSpec[] }[] = [];
  for (const x of g.groups) {
    if (x.numbers.length === 0) {
      kinds.push({ kind: x.kind });
      continue;
    }
    const r = specsOf(x.kind, x.numbers);
    if (!r.ok) return r;
    kinds.push({ kind: x.kind, specs: r.specs });
  }
  return { ok: true, line: { action: "remove", kinds } };
}

export function describeIndicatorLine(l: IndicatorLine): string {
  if (l.action === "add") return `Add to the chart: ${l.specs.map(specLabel).join(", ")}`;
  if (l.action === "remove-all") return "Remove every indicator from the chart";
  return `Remove from the chart: ${l.kinds.map((k) => (k.specs ? k.specs.map(specLabel).join(", ") : `every ${INDICATORS[k.kind].short}`)).join(", ")}`;
}

export { usage };
