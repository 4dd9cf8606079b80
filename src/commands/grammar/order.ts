import { productLabel } from "../../core/format";
import type { Exchange } from "../../core/types/exchange";
import { describeContractWords, readContractWords, type ContractWords } from "../../core/rules/contractWords";
import { exchangeWord, positiveNumber, readScripAndQuantity, tokenize, wholeNumber } from "./words";
import type { OrderType, TrailUnit, TransactionType, Validity } from "../../core/types/order";
import type { RiskAsk } from "../../core/rules/riskSize";
import { TEMPLATE_NAME } from "../../core/rules/bracket";
import type { OrderWindowState, OrderWindowType, Pcode } from "../../core/types/orderWindow";

/**
 * The command line's order grammar (DESIGN.md section 3), pure:
 *
 *   [bo|co|amo] buy|sell [EXCH:]SYMBOL [CONTRACT WORDS] QTY [lots] [@ PRICE | @ mkt] [sl X] [slm X] [trg X] [tgt X] [tsl X]
 * ("at" for "@": sell RELIANCE 5 at 2500)
 *               [trail X | trail X%] [jump N]
 *               [dq N] [delivery|cnc|intraday|mis|nrml|normal|bnpl] [day|ioc|gtd [YYYY-MM-DD]] [amo] [EXCH]
 *               [with TEMPLATE]
 *
 * Price types: no price is MARKET; "@ P" is LIMIT; "@ P sl T" is SL (T the trigger); "sl T" without a
 * price is SLM. In a BO, "sl" and "tgt" are the stop-loss and target prices and "trg" the entry
 * trigger (SL entry); in a CO, "sl" is the stop-loss trigger. QTY is what the order window's
 * quantity field shows (lots for commodity and currency); "QTY lots" (or "1 lot") is QTY lots of the contract,
 * which the window turns into its quantity once the contract is known (src/core/rules/lineLots.ts:
 * N x the lot size on F&O; refused on shares). The first word that does not fit is
 * named in the error. In a BO, "trail" (or "tsl") is its trailing stop-loss amount; on a regular SL or
 * SL-M order "trail 5" or "trail 1%" makes the stop trail and "jump N" the step its trigger moves in
 * (issue 33, src/core/rules/trail.ts). `risk 5000` or `risk 1%` in place of QTY sizes the order by risk
 * (src/core/rules/riskSize.ts): the window works the quantity out from the entry and the stop-loss;
 * on a regular order "sl X" is then that stop, not an entry trigger (the order goes at the market or
 * "@ PRICE", and the window says the stop is not placed with it), in a CO its stop-loss trigger,
 * in a BO its stop-loss price. CONTRACT WORDS (issue 19, src/core/rules/contractWords.ts) name a contract of
 * the underlying SYMBOL: `FUT`, `ATM[+-n] CE|PE`, `[27NOV] STRIKE CE|PE`, `27NOV FUT`; the contract is
 * resolved from the live spot when the line runs. `with scalp3` (issue 33, src/core/rules/bracket.ts)
 * names a bracket template: on a regular LIMIT or MARKET order the broker places its targets and
 * stop as the entry fills.
 */
export interface OrderDraft {
  transactionType: TransactionType;
  symbol: string;
  exchange?: Exchange;
  quantity: number;
  /** `2 lots`: `quantity` counts lots of the contract, not what the window's quantity field shows. */
  lots?: boolean;
  orderType: Exclude<OrderWindowType, "GTT">;
  priceType: OrderType;
  price?: number;
  triggerPrice?: number;
  targetPrice?: number;
  stopLossPrice?: number;
  trailingStopLoss?: number;
  /** Issue 33: a regular stop's trail, in points or percent, and its jump. */
  trail?: { value: number; unit: TrailUnit };
  trailJump?: number;
  disclosedQuantity?: number;
  pcode?: Pcode;
  validity?: Validity;
  gtdValidityDate?: string;
  isAmo: boolean;
  /** Issue 33: `risk 5000` / `risk 1%`: the quantity (0 here) is sized by the window to this risk and stop. */
  risk?: { ask: RiskAsk; stop: number };
  /** Issue 33: `with scalp3`: the bracket template the broker follows the entry with. */
  bracket?: string;
  /** Contract words: `symbol` is then the underlying, resolved to a contract when the line runs. */
  contract?: ContractWords;
}

export type ParseOutcome = { ok: true; draft: OrderDraft } | { ok: false; word: string; message: string };

const VERBS: Record<string, TransactionType> = { buy: "BUY", sell: "SELL" };
const LEADING = new Set(["bo", "co", "amo"]);

const PRODUCT_WORDS: Record<string, Pcode> = {
  delivery: "DELIVERY",
  cnc: "DELIVERY",
  intraday: "INTRADAY",
  mis: "INTRADAY",
  nrml: "NRML",
  normal: "NRML",
  bnpl: "BNPL",
};

const VALIDITY_WORDS: Record<string, Validity> = { day: "DAY", ioc: "IOC", gtd: "GTD" };

/** True when the input is meant as an order: it starts with an order verb (or bo/co/amo then one). */
export function isOrderCommand(input: string): boolean {
  const words = input.trim().toLowerCase().split(/\s+/);
  const first = words[0] ?? "";
  if (first in VERBS) return words.length > 1 || input.endsWith(" ");
  return LEADING.has(first) && words.length > 1 && (words[1]! in VERBS || words[1]!.length === 0);
}

const fail = (word: string, message: string): ParseOutcome => ({ ok: false, word, message });

export function parseOrderCommand(input: string): ParseOutcome {
  const words = tokenize(input);
  let i = 0;
  let orderType: OrderDraft["orderType"] = "Regular";
  let isAmo = false;
  while (i < words.length && LEADING.has(words[i]!.toLowerCase())) {
    const w = words[i]!.toLowerCase();
    if (w === "amo") isAmo = true;
    else orderType = w === "bo" ? "BO" : "CO";
    i++;
  }
  const verb = words[i];
  if (verb === undefined) return fail("", "Type buy or sell");
  const transactionType = VERBS[verb.toLowerCase()];
  if (!transactionType) return fail(verb, `"${verb}" is not buy or sell`);
  i++;

  // Contract words sit between the underlying and the quantity; read, they leave "SYMBOL QTY ...".
  const contractRead = readContractWords(words, i + 1);
  if (contractRead && !contractRead.ok) return contractRead;
  if (contractRead) words.splice(i + 1, contractRead.next - (i + 1));

  // "risk 5000" / "risk 1%" anywhere after the symbol stands in for the quantity (issue 33).
  const riskAt = words.findIndex((w, k) => k > i && w.toLowerCase() === "risk");
  let riskAsk: RiskAsk | undefined;
  if (riskAt >= 0) {
    const v = words[riskAt + 1];
    const pct = v !== undefined && /^\d+(\.\d+)?%$/.test(v) ? positiveNumber(v.slice(0, -1)) : undefined;
    const n = pct ?? positiveNumber(v?.replace(/^₹/, "").replace(/,/g, ""));
    if (n === undefined) return fail(v ?? "risk", v === undefined ? 'Type the rupees or a percent after "risk"' : `"${v}" is not a risk (5000, or 1%)`);
    riskAsk = { unit: pct !== undefined ? "PERCENT" : "RUPEES", value: n };
    words.splice(riskAt, 2);
    if (words[i + 1] !== undefined && wholeNumber(words[i + 1]) !== undefined) return fail(words[i + 1]!, `"risk" works out the quantity: leave out ${words[i + 1]}`);
    // The quantity the risk will size stands as 1 for the reading of the rest, and is 0 in the draft.
    words.splice(i + 1, 0, "1");
  }
  const scrip = readScripAndQuantity(words, i, verb);
  if (!scrip.ok) return scrip;
  const { symbol, quantity } = scrip;
  let exchange = scrip.exchange;
  i = scrip.next;

  const draft: OrderDraft = { transactionType, symbol: symbol.toUpperCase(), quantity: riskAsk ? 0 : quantity, orderType, priceType: "MARKET", isAmo };
  if (exchange) draft.exchange = exchange;
  if (contractRead) draft.contract = contractRead.contract;
  // "2 lots", "1 lot": right after the quantity (the presets' own words).
  const lotWord = words[i]?.toLowerCase();
  if (!riskAsk && (lotWord === "lots" || lotWord === "lot")) {
    draft.lots = true;
    i++;
  }
  let market = false;
  let slm = false;

  const amount = (keyword: string): number | ParseOutcome => {
    const w = words[i + 1];
    const n = positiveNumber(w);
    if (n === undefined) return fail(w ?? keyword, w === undefined ? `Type a price after "${keyword}"` : `"${w}" is not a price`);
    i += 2;
    return n;
  };

  while (i < words.length) {
    const raw = words[i]!;
    const w = raw.toLowerCase();
    // "at" reads as "@" (sell RELIANCE 5 at 2500, as a trader says it): after the quantity no contract word is "at".
    if (w === "@" || w === "at") {
      const next = words[i + 1]?.toLowerCase();
      if (next === "mkt" || next === "market") {
        market = true;
        i += 2;
        continue;
      }
      const n = amount(w);
      if (typeof n !== "number") return n;
      draft.price = n;
      continue;
    }
    if (w === "with") {
      const name = words[i + 1];
      if (name === undefined || !TEMPLATE_NAME.test(name.toLowerCase())) return fail(name ?? raw, name === undefined ? 'Type a bracket template\'s name after "with"' : `"${name}" is not a bracket template's name`);
      if (draft.bracket) return fail(raw, `"${raw}": the bracket is already ${draft.bracket}`);
      draft.bracket = name.toLowerCase();
      i += 2;
      continue;
    }
    if (w === "mkt" || w === "market") {
      market = true;
      i++;
      continue;
    }
    if ((w === "trail" && orderType !== "BO") || w === "jump") {
      // "trail 5", "trail 1%" (or "trail 1 %"); "jump 1".
      const next = words[i + 1];
      const pct = next !== undefined && /^\d+(\.\d+)?%$/.test(next) ? positiveNumber(next.slice(0, -1)) : undefined;
      const n = pct ?? positiveNumber(next);
      if (n === undefined) return fail(next ?? raw, next === undefined ? `Type ${w === "jump" ? "a step" : "points or a percent"} after "${raw}"` : `"${next}" is not ${w === "jump" ? "a step in points" : "a trail (5, or 1%)"}`);
      i += 2;
      if (w === "jump") draft.trailJump = n;
      else {
        const percent = pct !== undefined || words[i] === "%";
        if (words[i] === "%") i++;
        draft.trail = { value: n, unit: percent ? "PERCENT" : "POINTS" };
      }
      continue;
    }
    if (w === "sl" || w === "slm" || w === "trg" || w === "trigger" || w === "tgt" || w === "target" || w === "tsl" || w === "trail") {
      const n = amount(raw);
      if (typeof n !== "number") return n;
      if (w === "tgt" || w === "target") draft.targetPrice = n;
      else if (w === "tsl" || w === "trail") draft.trailingStopLoss = n;
      else if (w === "trg" || w === "trigger") draft.triggerPrice = n;
      else if (orderType === "BO") draft.stopLossPrice = n;
      else {
        draft.triggerPrice = n;
        if (w === "slm") slm = true;
      }
      continue;
    }
    if (w === "dq" || w === "disclosed") {
      const next = words[i + 1];
      const n = wholeNumber(next);
      if (n === undefined) return fail(next ?? raw, next === undefined ? `Type a quantity after "${raw}"` : `"${next}" is not a disclosed quantity`);
      draft.disclosedQuantity = n;
      i += 2;
      continue;
    }
    if (w in PRODUCT_WORDS) {
      if (draft.pcode) return fail(raw, `"${raw}": the product is already ${productLabel(draft.pcode)}`);
      draft.pcode = PRODUCT_WORDS[w];
      i++;
      continue;
    }
    if (w in VALIDITY_WORDS) {
      if (draft.validity) return fail(raw, `"${raw}": the validity is already ${draft.validity}`);
      draft.validity = VALIDITY_WORDS[w];
      i++;
      if (w === "gtd" && words[i] && /^\d{4}-\d{2}-\d{2}$/.test(words[i]!)) {
        draft.gtdValidityDate = words[i];
        i++;
      }
      continue;
    }
    if (w === "amo") {
      draft.isAmo = true;
      i++;
      continue;
    }
    const ex = exchangeWord(raw);
    if (ex && !exchange) {
      exchange = ex;
      draft.exchange = ex;
      i++;
      continue;
    }
    return fail(raw, `"${raw}" is not understood here`);
  }

  if (market && draft.price !== undefined) return fail("@", "A market order takes no price");
  // SL-M fills at market once triggered: a price beside it is a contradiction, never quietly a LIMIT (the trigger would be dropped).
  if (slm && draft.price !== undefined) return fail("slm", `An SL-M order takes no price: ${verb.toLowerCase()} ${symbol.toUpperCase()} QTY slm TRIGGER, or @ PRICE sl TRIGGER for a stop-loss limit`);
  if (riskAsk) {
    // The stop the risk is measured to: a regular order's "sl" (then no entry trigger), a CO's trigger, a BO's stop-loss.
    const stop = orderType === "BO" ? draft.stopLossPrice : draft.triggerPrice;
    if (stop === undefined) return fail("risk", `Sizing by risk needs the stop-loss: ${verb.toLowerCase()} ${symbol.toUpperCase()} risk ${riskAsk.value}${riskAsk.unit === "PERCENT" ? "%" : ""} sl PRICE`);
    draft.risk = { ask: riskAsk, stop };
    if (orderType === "Regular") {
      delete draft.triggerPrice;
      slm = false;
    }
  }
  draft.priceType = priceTypeOf(draft, slm);
  if (orderType === "BO" && draft.priceType !== "LIMIT" && draft.priceType !== "SL") return fail(verb, "A BO needs a price: bo buy SYMBOL QTY @ PRICE tgt T sl S");
  if (orderType === "CO" && draft.triggerPrice === undefined) return fail(verb, "A CO needs a stop-loss trigger: co buy SYMBOL QTY @ PRICE sl T");
  if ((draft.trail || draft.trailJump !== undefined) && (orderType !== "Regular" || (draft.priceType !== "SL" && draft.priceType !== "SLM")))
    return fail("trail", `Only a stop-loss order trails: ${transactionType === "BUY" ? "buy" : "sell"} SYMBOL QTY sl TRIGGER trail 5`);
  if (draft.trailJump !== undefined && !draft.trail) return fail("jump", 'A jump needs a trail: "trail 5 jump 1"');
  if (draft.bracket && (orderType !== "Regular" || draft.isAmo || (draft.priceType !== "LIMIT" && draft.priceType !== "MARKET")))
    return fail("with", `A bracket template goes on a regular LIMIT or MARKET order: ${transactionType === "BUY" ? "buy" : "sell"} SYMBOL QTY @ PRICE with ${draft.bracket}`);
  // "BO and CO are allowed only with INTRADAY" is the window's rule (rules/orderWindowChoices.ts): a
  // `bo ... delivery` opens the window on INTRADAY, which says the DELIVERY it could not offer.
  return { ok: true, draft };
}

function priceTypeOf(d: OrderDraft, slm: boolean): OrderType {
  if (d.orderType === "CO") return d.price !== undefined ? "LIMIT" : "MARKET";
  const hasTrigger = d.triggerPrice !== undefined;
  if (d.price !== undefined) return hasTrigger && !slm ? "SL" : "LIMIT";
  return hasTrigger ? "SLM" : "MARKET";
}

/**
 * The exchange a bare symbol most likely means: derivatives contracts on NSEFO, a monthly
 * ("NIFTY25JAN21000CE", "BANKNIFTY25JANFUT") or a weekly option (NSE's "NIFTY26D0823650CE": the
 * year, the month as 1 to 9, O, N or D, the day), anything else on NSEEQ. A trader types "mcx" or
 * "bse" to say otherwise. (A weekly option read as NSEEQ's: `buy NIFTY26D0823650CE 75` and
 * `chart NIFTY26D0823650CE` answered "Unknown symbol … on NSEEQ".)
 */
export function inferExchange(symbol: string): Exchange {
  return /\d{2}([A-Z]{3}|[1-9OND]\d{2})(\d+(\.\d+)?(CE|PE))$|\d{2}[A-Z]{3}FUT$/i.test(symbol) ? "NSEFO" : "NSEEQ";
}

/** One line a trader reads back before pressing Enter: "BUY 10 INFY @ 1500 LIMIT DAY". */
export function describeDraft(d: OrderDraft): string {
  const parts: string[] = [];
  if (d.orderType !== "Regular") parts.push(d.orderType);
  if (d.isAmo) parts.push("AMO");
  const quantity = d.lots ? `${d.quantity} lot${d.quantity === 1 ? "" : "s"}` : String(d.quantity);
  parts.push(d.transactionType, ...(d.risk ? [] : [quantity]), d.exchange ? `${d.exchange}:${d.symbol}` : d.symbol);
  if (d.contract) parts.push(describeContractWords(d.contract));
  if (d.price !== undefined) parts.push(`@ ${d.price}`);
  parts.push(d.priceType);
  if (d.triggerPrice !== undefined) parts.push(`trigger ${d.triggerPrice}`);
  if (d.targetPrice !== undefined) parts.push(`target ${d.targetPrice}`);
  if (d.stopLossPrice !== undefined) parts.push(`stop-loss ${d.stopLossPrice}`);
  if (d.trailingStopLoss !== undefined) parts.push(`trailing ${d.trailingStopLoss}`);
  if (d.risk) parts.push(`risk ${d.risk.ask.unit === "PERCENT" ? `${d.risk.ask.value}%` : `₹${d.risk.ask.value}`} to stop ${d.risk.stop}`);
  if (d.trail) parts.push(`trail ${d.trail.value}${d.trail.unit === "PERCENT" ? "%" : ""}`);
  if (d.trailJump !== undefined) parts.push(`jump ${d.trailJump}`);
  if (d.disclosedQuantity !== undefined) parts.push(`disclosed ${d.disclosedQuantity}`);
  if (d.pcode) parts.push(d.pcode);
  if (d.validity) parts.push(d.validity + (d.gtdValidityDate ? ` ${d.gtdValidityDate}` : ""));
  if (d.bracket) parts.push(`with bracket ${d.bracket}`);
  return parts.join(" ");
}

/** From the command line's draft to the window's fields. */
export function prefillOf(d: OrderDraft): Partial<OrderWindowState> {
  const p: Partial<OrderWindowState> = { transactionType: d.transactionType, quantity: d.quantity, orderType: d.orderType, priceType: d.priceType, isAmo: d.isAmo };
  if (d.price !== undefined) p.price = d.price;
  if (d.triggerPrice !== undefined) p.triggerPrice = d.triggerPrice;
  if (d.targetPrice !== undefined) p.targetPrice = d.targetPrice;
  if (d.stopLossPrice !== undefined) p.stopLossPrice = d.stopLossPrice;
  if (d.trailingStopLoss !== undefined) p.trailingStopLoss = d.trailingStopLoss;
  if (d.trail) {
    p.trailValue = d.trail.value;
    p.trailUnit = d.trail.unit;
  }
  if (d.trailJump !== undefined) p.trailJump = d.trailJump;
  if (d.disclosedQuantity !== undefined) p.disclosedQuantity = d.disclosedQuantity;
  if (d.pcode) p.pcode = d.pcode;
  if (d.validity) p.validity = d.validity;
  if (d.gtdValidityDate) p.gtdValidityDate = d.gtdValidityDate;
  return p;
}
