import type { AlertCondition, AlertDraft } from "../../core/rules/alerts";
import { exchangeWord, positiveNumber, tokenize } from "./words";

/**
 * The command line's alert grammar, pure:
 *
 *   alert [EXCH:]SYMBOL above|below PRICE
 *   alert [EXCH:]SYMBOL change PCT[%]
 *   ... then basket NAME     (alert triggers orders, issue 33: the basket is placed once when it fires)
 *
 * "above" may be written ">" and "below" "<"; "change" may be "move" or "%". The first word that
 * does not fit is named in the error.
 */
export type AlertParseOutcome = { ok: true; draft: AlertDraft } | { ok: false; word: string; message: string };

const CONDITION_WORDS: Record<string, AlertCondition> = { above: "ABOVE", ">": "ABOVE", below: "BELOW", "<": "BELOW", change: "CHANGE", move: "CHANGE", "%": "CHANGE" };

export function isAlertCommand(input: string): boolean {
  return /^\s*alert\s+\S/i.test(input);
}

export function parseAlertCommand(input: string): AlertParseOutcome {
  const words = tokenize(input);
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
  const conditionWord = words[2];
  if (!conditionWord) return { ok: false, word: "", message: "Type above, below or change" };
  const condition = CONDITION_WORDS[conditionWord.toLowerCase()];
  if (!condition) return { ok: false, word: conditionWord, message: "Type above, below or change" };
  const valueWord = words[3];
  const value = positiveNumber(valueWord?.replace(/%$/, ""));
  if (value === undefined) return { ok: false, word: valueWord ?? "", message: condition === "CHANGE" ? "Type the percentage" : "Type the price" };
  let thenBasket: string | undefined;
  if (words.length > 4) {
    if (words[4]!.toLowerCase() !== "then") return { ok: false, word: words[4]!, message: 'Nothing goes after the value but "then basket NAME"' };
    if (words[5]?.toLowerCase() !== "basket") return { ok: false, word: words[5] ?? "", message: 'Type "basket" and its name after then' };
    thenBasket = words.slice(6).join(" ");
    if (!thenBasket) return { ok: false, word: "", message: "Type the basket's name" };
  }
  return { ok: true, draft: { symbol, ...(exchange ? { exchange } : {}), condition, value, ...(thenBasket ? { thenBasket } : {}) } };
}
