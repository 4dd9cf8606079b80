import { expiryWord, type ExpiryWord } from "../../core/rules/contractWords";
import { presetByWords, PRESETS, type Preset, type StrikeSlot } from "../../core/strategy/presets";
import { slotLabel } from "../../core/strategy/resolve";
import type { Exchange } from "../../core/types/exchange";
import { exchangeWord, positiveNumber, tokenize, wholeNumber } from "./words";

/**
 * The options desk's line (issue 31), pure:
 *
 *   strategy [EXCH:]UNDERLYING PRESET WORDS [EXPIRY] [ATM[±n] ...] [width POINTS] [lots N]
 *
 * as in `strategy NIFTY iron condor 24NOV width 200 lots 1`, `strategy BANKNIFTY straddle ATM`,
 * `strategy NIFTY bull call spread ATM ATM+2`. The expiry and ATM words are the command line's
 * contract words (src/core/rules/contractWords.ts); the strikes typed replace the preset's, in
 * its ascending order; a width (points) places the preset's winged strikes instead. Everything
 * after the preset's name may come in any order. The error names the first wrong word.
 */
export interface StrategyLine {
  underlying: string;
  exchange?: Exchange;
  preset: Preset;
  expiryWord?: ExpiryWord;
  width?: number;
  lots?: number;
  slots?: StrikeSlot[];
}

export type StrategyLineOutcome = StrategyLine | { error: string; word: string };

/** True when the line is meant as a strategy: it starts with the word strategy and something after it. */
export function isStrategyLine(text: string): boolean {
  return /^\s*strategy\s+\S/i.test(text);
}

const ATM_WORD = /^ATM(?:([+-])(\d+))?$/i;
const SOME_PRESETS = "iron condor, straddle, strangle, bull call spread";
/** The first word of every preset name and alias: a line that starts its underlying with one forgot the underlying. */
const PRESET_FIRST_WORDS = new Set(PRESETS.flatMap((p) => [p.name, ...p.aliases].map((n) => n.split(/\s+/)[0]!.toLowerCase())));

/**
 * Reads a strategy line. `isUnderlying`, when given, says whether a symbol has options (the
 * palette's list); without it any symbol-shaped word is taken and the chain call refuses later.
 */
export function parseStrategyLine(text: string, isUnderlying?: (symbol: string) => boolean): StrategyLineOutcome {
  const words = tokenize(text);
  const fail = (word: string, error: string): StrategyLineOutcome => ({ error, word });
  if (words[0]?.toLowerCase() !== "strategy") return fail(words[0] ?? "", "Start the line with strategy");
  const symbolWord = words[1];
  if (symbolWord === undefined) return fail("", `Type the underlying after strategy: strategy NIFTY ${SOME_PRESETS.split(",")[0]}`);

  let exchange: Exchange | undefined;
  let symbol = symbolWord;
  const colon = symbolWord.indexOf(":");
  if (colon > 0) {
    exchange = exchangeWord(symbolWord.slice(0, colon));
    if (!exchange) return fail(symbolWord, `"${symbolWord}": "${symbolWord.slice(0, colon)}" is not an exchange`);
    symbol = symbolWord.slice(colon + 1);
  }
  if (PRESET_FIRST_WORDS.has(symbol.toLowerCase()) || expiryWord(symbol) || ATM_WORD.test(symbol)) {
    return fail(symbolWord, `"${symbolWord}" is not an underlying: type it first, as strategy NIFTY ${SOME_PRESETS.split(",")[0]}`);
  }
  if (!/^[A-Za-z][A-Za-z0-9&_-]*$/.test(symbol)) return fail(symbolWord, `"${symbolWord}" is not an underlying's symbol`);
  const underlying = symbol.toUpperCase();
  if (isUnderlying && !isUnderlying(underlying)) return fail(symbolWord, `${underlying} has no options`);

  const presetWords: string[] = [];
  let presetEnded = false;
  const out: Omit<StrategyLine, "preset"> = { underlying };
  if (exchange) out.exchange = exchange;
  const slots: StrikeSlot[] = [];
  let widthWord = "";

  for (let i = 2; i < words.length; i++) {
    const raw = words[i]!;
    const w = raw.toLowerCase();
    const atm = ATM_WORD.exec(raw);
    const exp = expiryWord(raw);
    if (exp || atm || w === "width" || w === "lots" || w === "lot") presetEnded = presetWords.length > 0;
    if (exp) {
      if (out.expiryWord) return fail(raw, `"${raw}": the expiry is already ${out.expiryWord.text}`);
      out.expiryWord = exp;
    } else if (atm) {
      slots.push({ steps: atm[1] ? (atm[1] === "-" ? -1 : 1) * Number(atm[2]) : 0 });
    } else if (w === "width") {
      const n = positiveNumber(words[i + 1]);
      if (n === undefined) return fail(words[i + 1] ?? raw, words[i + 1] === undefined ? "Type the width in points after width" : `"${words[i + 1]}" is not a width in points`);
      if (out.width !== undefined) return fail(raw, `"${raw}": the width is already ${out.width}`);
      out.width = n;
      widthWord = raw;
      i++;
    } else if (w === "lots" || w === "lot") {
      const n = wholeNumber(words[i + 1]);
      if (n === undefined || n === 0) return fail(words[i + 1] ?? raw, words[i + 1] === undefined ? "Type the lots after lots" : `"${words[i + 1]}" is not a number of lots (a whole number above 0)`);
      if (out.lots !== undefined) return fail(raw, `"${raw}": the lots are already ${out.lots}`);
      out.lots = n;
      i++;
    } else if (/^[a-z][a-z-]*$/i.test(raw) && !presetEnded) {
      presetWords.push(raw);
    } else {
      return fail(raw, `"${raw}" is not understood here`);
    }
  }

  if (presetWords.length === 0) return fail("", `Name the strategy after ${underlying}: ${SOME_PRESETS}, ...`);
  const preset = presetByWords(presetWords);
  if (!preset) return fail(presetWords.join(" "), `"${presetWords.join(" ")}" is not a strategy: try ${SOME_PRESETS}`);

  if (slots.length > 0) {
    if (slots.length !== preset.slots.length) {
      return fail(slotLabel(slots[0]!), `${preset.name} takes ${preset.slots.length} strike${preset.slots.length === 1 ? "" : "s"} (as ${preset.slots.map(slotLabel).join(" ")}), not ${slots.length}`);
    }
    for (let k = 1; k < slots.length; k++) {
      if (slots[k]!.steps <= slots[k - 1]!.steps) return fail(slotLabel(slots[k]!), `The strikes of ${preset.name} rise in order: ${slotLabel(slots[k - 1]!)} then one above it`);
    }
    if (out.width !== undefined) return fail(widthWord, "Give the strikes or a width, not both");
    out.slots = slots;
  }
  if (out.width !== undefined && !preset.slots.some((s) => s.widths !== undefined)) return fail(widthWord, `${preset.name} takes no width`);
  return { ...out, preset };
}
