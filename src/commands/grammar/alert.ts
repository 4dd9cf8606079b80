import type { AlertCondition, AlertDraft } from "../../core/rules/alerts";
import { exchangeWord, positiveNumber, tokenize, wholeNumber } from "./words";
import { isOrderCommand, parseOrderCommand } from "./order";

/**
 * The command line's alert grammar, pure:
 *
 *   alert [EXCH:]SYMBOL above|below PRICE
 *   alert [EXCH:]SYMBOL change PCT[%]                 (either way)
 *   alert [EXCH:]SYMBOL change above|below [-]PCT[%]  (signed: "change below -2%" is down 2 % or more)
 *   alert [EXCH:]SYMBOL day high | day low            (crosses the day's high or low as it stands now)
 *   alert [EXCH:]SYMBOL volume above QTY
 *   alert [EXCH:]SYMBOL oi above QTY                  (a future or an option)
 *   ... then basket NAME     (alert triggers orders, issue 33: the basket is placed once when it fires)
 *   ... then ORDER LINE      ("then buy INFY 10 @ 1551": that order is placed once when it fires)
 *
 * "above" may be written ">" and "below" "<"; "change" may be "move" or "%". The first word that
 * does not fit is named in the error.
 */
export type AlertParseOutcome = { ok: true; draft: AlertDraft } | { ok: false; word: string; message: string };

const PRICE_WORDS: Record<string, AlertCondition> = { above: "ABOVE", ">": "ABOVE", below: "BELOW", "<": "BELOW" };
const CHANGE_WORDS = new Set(["change", "move", "%"]);
const CONDITION_HINT = "Type above, below, change, day high, day low, volume above or oi above";

export function isAlertCommand(input: string): boolean {
  return /^\s*alert\s+\S/i.test(input);
}

type Condition = { ok: true; condition: AlertCondition; value: number; next: number } | { ok: false; word: string; message: string };

/** The condition and its value from words[2] on; `next` is the first word after them. */
function readCondition(words: readonly string[]): Condition {
  const w = (i: number) => words[i]?.toLowerCase() ?? "";
  const first = w(2);
  const fail = (word: string, message: string): Condition => ({ ok: false, word, message });
  if (!first) return fail("", CONDITION_HINT);
  if (first === "day") {
    if (w(3) === "high") return { ok: true, condition: "DAY_HIGH", value: 0, next: 4 };
    if (w(3) === "low") return { ok: true, condition: "DAY_LOW", value: 0, next: 4 };
    return fail(words[3] ?? "", "Type high or low after day");
  }
  if (first === "volume" || first === "oi") {
    if (w(3) !== "above" && w(3) !== ">") return fail(words[3] ?? "", `Type above after ${first}`);
    const value = wholeNumber(words[4]);
    if (!value) return fail(words[4] ?? "", "Type the quantity, a whole number");
    return { ok: true, condition: first === "oi" ? "OI_ABOVE" : "VOLUME_ABOVE", value, next: 5 };
  }
  if (CHANGE_WORDS.has(first)) {
    const way = PRICE_WORDS[w(3)];
    if (way) {
      const m = /^(-?)(\d+(?:\.\d{1,6})?)%?$/.exec(words[4] ?? "");
      if (!m) return fail(words[4] ?? "", "Type the percentage, as 2% or -1.5%");
      return { ok: true, condition: way === "ABOVE" ? "CHANGE_ABOVE" : "CHANGE_BELOW", value: Number(`${m[1]}${m[2]}`), next: 5 };
    }
    const value = positiveNumber(words[3]?.replace(/%$/, ""));
    if (value === undefined) return fail(words[3] ?? "", "Type the percentage");
    return { ok: true, condition: "CHANGE", value, next: 4 };
  }
  const condition = PRICE_WORDS[first];
  if (!condition) return fail(words[2]!, CONDITION_HINT);
  const value = positiveNumber(words[3]);
  if (value === undefined) return fail(words[3] ?? "", "Type the price");
  return { ok: true, condition, value, next: 4 };
}

export function parseAlertCommand(input: string): AlertParseOutcome {
  // "then" splits the line: the alert before it, the basket or order line after (kept as typed).
  const split = /\s+then(\s+|$)/i.exec(input);
  const head = split ? input.slice(0, split.index) : input;
  const tail = split ? input.slice(split.index + split[0].length).trim() : undefined;
  const words = tokenize(head);
  if (words[0]?.toLowerCase() !== "alert") return { ok: false, word: words[0] ?? "", message: 'An alert line starts with "alert"' };
  const symbolWord = words[1];
  if (!symbolWord) return { ok: false, word: "", message: "Type the instrument's symbol after alert" };
  let symbol = symbolWord.toUpperCase();
  let exchange;
  const colon = symbolWord.indexOf(":");
  if (colon > 0) {
    exchange = exchangeWord(symbolWord.slice(0, colon));
    if (!exchange) return { ok: false, word: symbolWord, message: `Unknown exchange ${symbolWord.slice(0, colon)}` };
    symbol = symbolWord.slice(colon + 1).toUpperCase();
  }
  const c = readCondition(words);
  if (!c.ok) return c;
  if (words.length > c.next) return { ok: false, word: words[c.next]!, message: 'Nothing goes after the condition but "then basket NAME" or "then" an order line' };
  const draft: AlertDraft = { symbol, ...(exchange ? { exchange } : {}), condition: c.condition, value: c.value };
  if (tail === undefined) return { ok: true, draft };
  const tailWords = tokenize(tail);
  if (tailWords[0]?.toLowerCase() === "basket") {
    const thenBasket = tailWords.slice(1).join(" ");
    if (!thenBasket) return { ok: false, word: "", message: "Type the basket's name" };
    return { ok: true, draft: { ...draft, thenBasket } };
  }
  if (!isOrderCommand(tail)) return { ok: false, word: tailWords[0] ?? "", message: 'Type "basket NAME" or an order line (buy INFY 10 @ 1551) after then' };
  const order = parseOrderCommand(tail);
  if (!order.ok) return order;
  return { ok: true, draft: { ...draft, thenOrder: tail } };
}
