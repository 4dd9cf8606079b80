import { productLabel } from "../../core/format";
import { describeContractWords, readContractWords, type ContractWords } from "../../core/rules/contractWords";
import type { Exchange } from "../../core/types/exchange";
import type { Product, TransactionType } from "../../core/types/order";
import { positiveNumber, readScripAndQuantity, tokenize, type WordError } from "./words";

/**
 * The command line's basket grammar (issue 13), pure:
 *
 *   basket new NAME
 *   basket add NAME [buy|sell] [EXCH:]SYMBOL [CONTRACT WORDS] QTY [buy|sell] [@ PRICE] [delivery|cnc|intraday|mis|nrml|normal]
 *   basket run NAME          basket delete NAME
 *
 * The side is said once, before the instrument (as `buy` reads) or after the quantity. CONTRACT
 * WORDS are the order line's (issue 19, src/core/rules/contractWords.ts): `NIFTY ATM CE 75`,
 * `NIFTY ATM+2 PE 75`, `NIFTY 24NOV 24500 CE 75`, `NIFTY FUT 75`; the contract is resolved from the
 * live spot when the line runs, and the leg keeps that contract. NAME is one word after add (its
 * legs follow it) and the rest of the line elsewhere; names are matched without case. The first
 * word that does not fit is named in the error.
 */
export interface BasketLegDraft {
  /**
   * The exchange typed, if one was. Without one the instrument is found when the line runs, as the
   * order window finds it: a share on its exchange, a bare contract symbol wherever it is listed.
   */
  exchange?: Exchange;
  /** The instrument, or the underlying when `contract` names one of its contracts. */
  symbol: string;
  qty: number;
  transType: TransactionType;
  price?: number;
  product?: Product;
  contract?: ContractWords;
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
  if (words.length === 0) return fail("", `Type the instrument after ${name}`);
  const leading = SIDES[words[0]!.toLowerCase()];
  const rest = [...words.slice(leading ? 1 : 0)];
  // Contract words sit between the underlying and the quantity, as in `buy NIFTY ATM CE 75`.
  const contract = readContractWords(rest, 1);
  if (contract && !contract.ok) return contract;
  if (contract) rest.splice(1, contract.next - 1);
  const scrip = readScripAndQuantity(rest, 0, leading ? words[0]! : name);
  if (!scrip.ok) return scrip;
  let i = scrip.next;
  let transType = leading;
  const trailing = rest[i] !== undefined ? SIDES[rest[i]!.toLowerCase()] : undefined;
  if (trailing) {
    if (transType) return fail(rest[i]!, `"${rest[i]}": the side is already ${transType}`);
    transType = trailing;
    i++;
  }
  if (!transType) return fail(rest[i] ?? "", "Type buy or sell after the quantity");
  const symbol = scrip.symbol.toUpperCase();
  const leg: BasketLegDraft = { symbol, qty: scrip.quantity, transType };
  if (scrip.exchange) leg.exchange = scrip.exchange;
  if (contract) leg.contract = contract.contract;
  for (; i < rest.length; i++) {
    const raw = rest[i]!;
    const w = raw.toLowerCase();
    if (w === "@") {
      const next = rest[i + 1];
      const price = positiveNumber(next);
      if (price === undefined) return fail(next ?? "@", next === undefined ? 'Type a price after "@"' : `"${next}" is not a price`);
      leg.price = price;
      i++;
    } else if (w in PRODUCTS) {
      if (leg.product) return fail(raw, `"${raw}": the product is already ${productLabel(leg.product)}`);
      leg.product = PRODUCTS[w];
    } else return fail(raw, `"${raw}" is not understood here`);
  }
  return { ok: true, leg };
}

/** The line a trader reads back before Enter. */
export function describeBasketLine(l: BasketLine): string {
  if (l.verb !== "add") return `${{ new: "Create", run: "Fire", delete: "Delete" }[l.verb]} basket ${l.name}`;
  const g = l.leg;
  const instrument = `${g.exchange ? `${g.exchange}:` : ""}${g.symbol}${g.contract ? ` ${describeContractWords(g.contract)}` : ""}`;
  return `Add to ${l.name}: ${g.transType} ${g.qty} ${instrument}${g.price !== undefined ? ` @ ${g.price}` : " MARKET"}${g.product ? ` ${productLabel(g.product)}` : ""}`;
}
