import type { Exchange } from "../../core/types/exchange";
import type { Product, TransactionType } from "../../core/types/order";
import { inferExchange } from "./order";
import { exchangeWord, positiveNumber, tokenize, wholeNumber, type WordError } from "./words";

/**
 * The command line's basket grammar (issue 13), pure:
 *
 *   basket new NAME
 *   basket add NAME [EXCH:]SYMBOL QTY buy|sell [@ PRICE] [delivery|cnc|intraday|mis|nrml|normal]
 *   basket add NAME SYMBOL EXPIRY STRIKE CE|PE QTY buy|sell [@ PRICE] [product]
 *   basket run NAME          basket delete NAME
 *
 * NAME is one word after add (its legs follow it) and the rest of the line elsewhere; names are
 * matched without case. An option named by its parts (NIFTY 24NOV 24500 CE) is looked up by that
 * description on NSEFO, as the `/` search reads it. The first word that does not fit is named in the error.
 */
export interface BasketLegDraft {
  exchange: Exchange;
  symbol: string;
  qty: number;
  transType: TransactionType;
  price?: number;
  product?: Product;
}

export type BasketLine =
  | { verb: "new" | "run" | "delete"; name: string }
  | { verb: "add"; name: string; leg: BasketLegDraft };

export type BasketParse = { ok: true; line: BasketLine } | WordError;

const SIDES: Record<string, TransactionType> = { buy: "BUY", sell: "SELL" };
const PRODUCTS: Record<string, Product> = { delivery: "DELIVERY", cnc: "DELIVERY", intraday: "INTRADAY", mis: "INTRADAY", nrml: "NORMAL", normal: "NORMAL" };
const fail = (word: string, message: string): WordError => ({ ok: false, word, message });

export const isBasketCommand = (input: string): boolean => /^basket(\s|$)/i.test(input.trim()) && input.trim().length > "basket".length;

export function parseBasketCommand(input: string): BasketParse {
  const words = tokenize(input).slice(1);
  const verb = words[0]?.toLowerCase();
  if (verb === undefined) return fail("", "Type new, add, run or delete after basket");
  if (verb !== "new" && verb !== "add" && verb !== "run" && verb !== "delete") return fail(words[0]!, `"${words[0]}" is not new, add, run or delete`);
  const name = verb === "add" ? (words[1] ?? "") : words.slice(1).join(" ");
  if (name === "") return fail("", `Type the basket's name after ${verb}`);
  if (verb !== "add") return { ok: true, line: { verb, name } };
  const leg = readLeg(words.slice(2), name);
  return leg.ok ? { ok: true, line: { verb, name, leg: leg.leg } } : leg;
}

function readLeg(words: readonly string[], name: string): { ok: true; leg: BasketLegDraft } | WordError {
  const sideAt = words.findIndex((w) => w.toLowerCase() in SIDES);
  if (sideAt < 0) return words.length === 0 ? fail("", `Type the instrument after ${name}`) : fail("", "Type buy or sell after the quantity");
  const qtyWord = words[sideAt - 1];
  const qty = wholeNumber(qtyWord);
  if (qtyWord === undefined || sideAt < 2) return fail(words[sideAt]!, `Type the instrument and quantity before ${words[sideAt]}`);
  if (qty === undefined || qty === 0) return fail(qtyWord, `"${qtyWord}" is not a quantity (a whole number above 0)`);
  const instrument = readInstrument(words.slice(0, sideAt - 1));
  if (!instrument.ok) return instrument;
  const leg: BasketLegDraft = { exchange: instrument.exchange, symbol: instrument.symbol, qty, transType: SIDES[words[sideAt]!.toLowerCase()]! };
  for (let i = sideAt + 1; i < words.length; i++) {
    const raw = words[i]!;
    const w = raw.toLowerCase();
    if (w === "@") {
      const next = words[i + 1];
      const price = positiveNumber(next);
      if (price === undefined) return fail(next ?? "@", next === undefined ? 'Type a price after "@"' : `"${next}" is not a price`);
      leg.price = price;
      i++;
    } else if (w in PRODUCTS) {
      if (leg.product) return fail(raw, `"${raw}": the product is already ${leg.product}`);
      leg.product = PRODUCTS[w];
    } else return fail(raw, `"${raw}" is not understood here`);
  }
  return { ok: true, leg };
}

function readInstrument(words: readonly string[]): { ok: true; exchange: Exchange; symbol: string } | WordError {
  if (words.length === 1) {
    const word = words[0]!;
    const colon = word.indexOf(":");
    const exchange = colon > 0 ? exchangeWord(word.slice(0, colon)) : undefined;
    if (colon > 0 && !exchange) return fail(word, `"${word}": "${word.slice(0, colon)}" is not an exchange`);
    const symbol = (colon > 0 ? word.slice(colon + 1) : word).toUpperCase();
    if (!/^[A-Z0-9&_.-]+$/.test(symbol)) return fail(word, `"${word}" is not a symbol`);
    return { ok: true, exchange: exchange ?? inferExchange(symbol), symbol };
  }
  if (words.length === 4) {
    const [underlying, expiry, strike, kind] = words as [string, string, string, string];
    if (!/^[A-Za-z&]+$/.test(underlying)) return fail(underlying, `"${underlying}" is not an underlying`);
    if (!/^\d{2}[A-Za-z]{3}$/.test(expiry)) return fail(expiry, `"${expiry}" is not an expiry (like 26DEC)`);
    if (positiveNumber(strike) === undefined) return fail(strike, `"${strike}" is not a strike price`);
    if (!/^(ce|pe)$/i.test(kind)) return fail(kind, `"${kind}" is not CE or PE`);
    // Kept as the contract's description: "24NOV" is the 24 November weekly or a 2024 monthly,
    // and the broker's search over contract descriptions tells which one exists.
    return { ok: true, exchange: "NSEFO", symbol: `${underlying} ${expiry} ${strike} ${kind}`.toUpperCase() };
  }
  return fail(words[1] ?? words[0] ?? "", "Name the instrument by its symbol (INFY) or as SYMBOL EXPIRY STRIKE CE|PE");
}

/** The line a trader reads back before Enter. */
export function describeBasketLine(l: BasketLine): string {
  if (l.verb !== "add") return `${{ new: "Create", run: "Fire", delete: "Delete" }[l.verb]} basket ${l.name}`;
  const g = l.leg;
  return `Add to ${l.name}: ${g.transType} ${g.qty} ${g.exchange}:${g.symbol}${g.price !== undefined ? ` @ ${g.price}` : " MARKET"}${g.product ? ` ${g.product}` : ""}`;
}
