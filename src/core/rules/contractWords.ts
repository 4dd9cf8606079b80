import { formatDate, groupAsTyped } from "../format";
import type { Exchange } from "../types/exchange";
import { strikeText } from "./optionChain";
/**
 * Contract words on the command line (issue 19): `buy NIFTY ATM CE 75`, `sell BANKNIFTY ATM+2 PE 30
 * @ 120`, `buy NIFTY 27NOV 24500 CE 75`, `buy NIFTY FUT 75`. Read here from the words after the
 * symbol, then resolved against the underlying's listed contracts and its live spot:
 *   - with no expiry given, the nearest listed expiry (today's counts until it is over);
 *   - ATM is the listed strike of that expiry nearest the spot (a spot exactly between two strikes
 *     takes the lower one); ATM+n is n listed strikes above it, ATM-n n below; past the chain's
 *     end is refused with the reason;
 *   - a strike given is one the expiry lists, else refused.
 */
export type OptionSide = "CE" | "PE";

export interface ExpiryWord {
  day: number;
  /** 1-12 */
  month: number;
  /** As typed ("27NOV"), for messages. */
  text: string;
}

export type ContractWords =
  | { kind: "FUT"; expiry?: ExpiryWord }
  | { kind: "OPT"; optionType: OptionSide; atmSteps: number; expiry?: ExpiryWord }
  | { kind: "OPT"; optionType: OptionSide; strike: number; expiry?: ExpiryWord };

const MONTHS = ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"];

/** Reads an expiry word ("27NOV", "3dec"): day and month, or undefined when the word is not one. */
export function expiryWord(w: string | undefined): ExpiryWord | undefined {
  const m = w ? /^(\d{1,2})([A-Za-z]{3})$/.exec(w) : null;
  if (!m) return undefined;
  const month = MONTHS.indexOf(m[2]!.toUpperCase()) + 1;
  const day = Number(m[1]);
  return month > 0 && day >= 1 && day <= 31 ? { day, month, text: w!.toUpperCase() } : undefined;
}

const side = (w: string | undefined): OptionSide | undefined => (w?.toUpperCase() === "CE" ? "CE" : w?.toUpperCase() === "PE" ? "PE" : undefined);

/**
 * Reads contract words at words[i] (right after the symbol). Answers undefined when words[i] starts
 * none (the symbol is then a contract or an equity as typed), the words and where they end, or an
 * error naming the wrong word.
 */
export function readContractWords(words: readonly string[], i: number): { ok: true; contract: ContractWords; next: number } | { ok: false; word: string; message: string } | undefined {
  let at = i;
  const expiry = expiryWord(words[at]);
  if (expiry) at++;
  const w = words[at];
  const upper = w?.toUpperCase() ?? "";
  if (upper === "FUT") return { ok: true, contract: expiry ? { kind: "FUT", expiry } : { kind: "FUT" }, next: at + 1 };
  const atm = /^ATM(?:([+-])(\d+))?$/.exec(upper);
  if (atm) {
    const optionType = side(words[at + 1]);
    if (!optionType) return { ok: false, word: words[at + 1] ?? w!, message: `Type CE or PE after ${w}` };
    const atmSteps = atm[1] ? (atm[1] === "-" ? -1 : 1) * Number(atm[2]) : 0;
    return { ok: true, contract: { kind: "OPT", optionType, atmSteps, ...(expiry ? { expiry } : {}) }, next: at + 2 };
  }
  if (w !== undefined && /^\d+(\.\d+)?$/.test(w) && side(words[at + 1])) {
    return { ok: true, contract: { kind: "OPT", optionType: side(words[at + 1])!, strike: Number(w), ...(expiry ? { expiry } : {}) }, next: at + 2 };
  }
  if (expiry) return { ok: false, word: w ?? expiry.text, message: `After ${expiry.text} type FUT, ATM CE, or a strike and CE or PE` };
  return undefined;
}

/** One listed contract of an underlying, as the broker's chain call answers it. */
export interface ListedContract {
  token: string;
  tradingSymbol: string;
  /** YYYY-MM-DD */
  expiry: string;
  strikePrice: number;
  optionType: OptionSide | "";
  insType: string;
  /** Units in one lot (the broker's chain call sends it; older callers may not). */
  lotSize?: number;
}

export type Resolution = { ok: true; contract: ListedContract; note: string } | { ok: false; reason: string };

/** The listed expiry an expiry word names, from `today` (YYYY-MM-DD) on; the nearest when none is named. */
export function pickExpiry(expiries: readonly string[], today: string, word: ExpiryWord | undefined): string | undefined {
  const live = [...new Set(expiries)].filter((e) => e >= today).sort();
  if (!word) return live[0];
  return live.find((e) => Number(e.slice(5, 7)) === word.month && Number(e.slice(8, 10)) === word.day);
}

/** `exchange` is the chain's: a strike in a refusal or a note is written as the chain writes it (optionChain.ts strikeText: 24,500; 83.2500). */
export function resolveContract(underlying: string, words: ContractWords, listed: readonly ListedContract[], spot: number, today: string, exchange: Exchange): Resolution {
  const strike = (k: number) => strikeText(k, exchange);
  const pool = listed.filter((c) => (words.kind === "FUT" ? c.optionType === "" && c.insType.startsWith("FUT") : c.optionType === words.optionType));
  const what = words.kind === "FUT" ? "futures" : `${words.optionType} options`;
  if (pool.length === 0) return { ok: false, reason: `${underlying} has no listed ${what}` };
  const expiry = pickExpiry(pool.map((c) => c.expiry), today, words.expiry);
  if (!expiry) return { ok: false, reason: words.expiry ? `${underlying} has no ${what} expiring ${words.expiry.text}` : `${underlying} has no unexpired ${what}` };
  const ofExpiry = pool.filter((c) => c.expiry === expiry).sort((a, b) => a.strikePrice - b.strikePrice);
  if (words.kind === "FUT") return { ok: true, contract: ofExpiry[0]!, note: `${underlying} future expiring ${formatDate(expiry)}` };
  if ("strike" in words) {
    const hit = ofExpiry.find((c) => c.strikePrice === words.strike);
    return hit ? { ok: true, contract: hit, note: `strike ${strike(words.strike)}, expiry ${formatDate(expiry)}` } : { ok: false, reason: `${underlying} ${formatDate(expiry)} lists no ${strike(words.strike)} ${words.optionType}` };
  }
  if (!(spot > 0)) return { ok: false, reason: `No live price for ${underlying}: ATM cannot be found` };
  let atm = 0;
  for (let k = 1; k < ofExpiry.length; k++) {
    // Strictly nearer only: a spot midway keeps the lower strike.
    if (Math.abs(ofExpiry[k]!.strikePrice - spot) < Math.abs(ofExpiry[atm]!.strikePrice - spot)) atm = k;
  }
  const at = atm + words.atmSteps;
  const label = words.atmSteps === 0 ? "ATM" : `ATM${words.atmSteps > 0 ? "+" : ""}${words.atmSteps}`;
  if (at < 0 || at >= ofExpiry.length) {
    const room = words.atmSteps > 0 ? ofExpiry.length - 1 - atm : atm;
    return { ok: false, reason: `${label} is past the end of the ${underlying} ${formatDate(expiry)} chain: it lists ${room} strike${room === 1 ? "" : "s"} ${words.atmSteps > 0 ? "above" : "below"} the ATM ${strike(ofExpiry[atm]!.strikePrice)}` };
  }
  return { ok: true, contract: ofExpiry[at]!, note: `${label} of ${underlying} at ${groupAsTyped(spot)} is ${strike(ofExpiry[at]!.strikePrice)}, expiry ${formatDate(expiry)}` };
}

/** The words as typed, for the palette's read-back: "ATM+2 PE", "27NOV 24500 CE", "FUT". */
export function describeContractWords(w: ContractWords): string {
  const exp = w.expiry ? `${w.expiry.text} ` : "";
  if (w.kind === "FUT") return `${exp}FUT`;
  if ("strike" in w) return `${exp}${w.strike} ${w.optionType}`;
  const steps = w.atmSteps === 0 ? "" : `${w.atmSteps > 0 ? "+" : ""}${w.atmSteps}`;
  return `${exp}ATM${steps} ${w.optionType}`;
}
