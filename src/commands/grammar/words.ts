import { isExchange, type Exchange } from "../../core/types/exchange";

/**
 * The words both command-line grammars (order.ts and gtt.ts) read the same way: the venue,
 * the instrument, the quantity and numbers. One reading, so "buy BSE:INFY 10" and
 * "gtt buy BSE:INFY 10 ..." can never disagree.
 */

/** Short venue words a trader types, with the spec's codes accepted as they are. */
const EXCHANGE_WORDS: Record<string, Exchange> = {
  nse: "NSEEQ",
  bse: "BSEEQ",
  nfo: "NSEFO",
  bfo: "BSEFO",
  cds: "NSECURR",
  bcd: "BSECURR",
  mcx: "MCXCOMM",
  ncdex: "NCDEXCOMM",
};

export function exchangeWord(word: string): Exchange | undefined {
  const upper = word.toUpperCase();
  if (isExchange(upper)) return upper;
  return EXCHANGE_WORDS[word.toLowerCase()];
}

/** Splits "@1500" and "@" alike, so "@ 1500" and "@1500" read the same. */
export function tokenize(input: string): string[] {
  return input.trim().replace(/@/g, " @ ").split(/\s+/).filter(Boolean);
}

/**
 * A price or amount as typed: at most 6 digits after the dot, as the window's fields allow
 * ("restrict-after-dot allows at most 6 digits after the decimal point"), so a line can never
 * carry a price the window would show one way and round to the tick another.
 */
export function positiveNumber(word: string | undefined): number | undefined {
  if (word === undefined || !/^\d+(\.\d{1,6})?$/.test(word)) return undefined;
  const n = Number(word);
  return n > 0 ? n : undefined;
}

export function wholeNumber(word: string | undefined): number | undefined {
  if (word === undefined || !/^\d+$/.test(word)) return undefined;
  return Number(word);
}

export type WordError = { ok: false; word: string; message: string };

/**
 * Reads "[EXCH:]SYMBOL QTY" from words[i]: the instrument word after the verb, then a whole
 * quantity above 0. The error names the word that is wrong.
 */
export function readScripAndQuantity(
  words: readonly string[],
  i: number,
  verb: string,
): { ok: true; exchange: Exchange | undefined; symbol: string; quantity: number; next: number } | WordError {
  const fail = (word: string, message: string): WordError => ({ ok: false, word, message });
  const symbolWord = words[i];
  if (symbolWord === undefined) return fail("", `Type the instrument's symbol after ${verb}`);
  let exchange: Exchange | undefined;
  let symbol = symbolWord;
  const colon = symbolWord.indexOf(":");
  if (colon > 0) {
    exchange = exchangeWord(symbolWord.slice(0, colon));
    if (!exchange) return fail(symbolWord, `"${symbolWord}": "${symbolWord.slice(0, colon)}" is not an exchange`);
    symbol = symbolWord.slice(colon + 1);
  }
  if (!/^[A-Za-z0-9&_.-]+$/.test(symbol)) return fail(symbolWord, `"${symbolWord}" is not a symbol`);
  const qtyWord = words[i + 1];
  if (qtyWord === undefined) return fail("", `Type the quantity after ${symbolWord}`);
  const quantity = wholeNumber(qtyWord);
  if (quantity === undefined || quantity === 0) return fail(qtyWord, `"${qtyWord}" is not a quantity (a whole number above 0)`);
  return { ok: true, exchange, symbol, quantity, next: i + 2 };
}
