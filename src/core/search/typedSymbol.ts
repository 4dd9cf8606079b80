import type { Exchange } from "../types/exchange";

/** The fields a typed symbol is matched on: a search hit's, a contract's. */
export interface Named {
  tradingSymbol: string;
  symbol: string;
  insType: string;
}

/**
 * The instrument a typed symbol names among `hits` (one exchange's): an exact trading symbol first
 * ("NIFTY25JAN21000CE", "INFY-EQ"), then the equity whose symbol it is ("INFY"), then its "-EQ"
 * line; a contract named by its parts ("NIFTY 24NOV 24500 CE") only when it is the one hit.
 * The broker's search answer and the contracts the app already holds are read by this one rule.
 */
export function pickTyped<T extends Named>(typed: string, hits: readonly T[]): T | undefined {
  const t = typed.trim().toUpperCase();
  if (!t) return undefined;
  return (
    hits.find((h) => h.tradingSymbol.toUpperCase() === t) ??
    hits.find((h) => h.symbol.toUpperCase() === t && h.insType === "EQ") ??
    hits.find((h) => h.tradingSymbol.toUpperCase() === `${t}-EQ`) ??
    (/\s/.test(t) && hits.length === 1 ? hits[0] : undefined)
  );
}

/**
 * The exchanges a contract's full trading symbol may be listed on ("GOLD27FEBFUT" on MCXCOMM,
 * "USDINR26DECFUT" on NSECURR, "NIFTY26DECFUT" on NSEFO). A bare symbol of that shape reads as NSEFO's
 * (commands/grammar/order.ts inferExchange), but a trading symbol names one contract: it is looked
 * for on all of these at once, and found wherever it is listed.
 */
export const CONTRACT_EXCHANGES: readonly Exchange[] = ["NSEFO", "BSEFO", "NSECURR", "BSECURR", "MCXCOMM", "NCDEXCOMM", "NSECOMM", "BSECOMM"];

/** An instrument word as typed: its exchange, written ("MCXCOMM:GOLD27FEBFUT") or read from the symbol's shape. */
export interface TypedInstrument {
  exchange: Exchange;
  symbol: string;
  /** The exchange was written before a colon, not inferred. */
  exchangeTyped: boolean;
}

/**
 * Whether a typed word is looked for on every exchange of CONTRACT_EXCHANGES rather than on its one
 * exchange: a bare symbol with a contract's shape (read as NSEFO's) names one contract wherever it is
 * listed; a written exchange, or a share's name, means that one exchange. Every place that reads a
 * typed instrument (the order window, `chart`, the dialogs' instrument fields) asks this.
 */
export function looksAcross(word: Pick<TypedInstrument, "exchange" | "exchangeTyped">): boolean {
  return !word.exchangeTyped && word.exchange === "NSEFO";
}

/**
 * The contract a bare trading symbol names among hits from several exchanges: only an exact
 * trading symbol counts. When more than one exchange lists it, the inferred exchange's wins, then
 * the first of CONTRACT_EXCHANGES. `note` says where it was found when that is not the inferred
 * exchange, or which one was taken when several list it, so the window shows it.
 */
export function pickContractAcross<T extends Named & { exchange: Exchange }>(typed: string, hits: readonly T[], inferred: Exchange): { hit: T; note?: string } | undefined {
  const t = typed.trim().toUpperCase();
  const order = [inferred, ...CONTRACT_EXCHANGES.filter((e) => e !== inferred)];
  const found = order.flatMap((e) => hits.filter((h) => h.exchange === e && h.tradingSymbol.toUpperCase() === t).slice(0, 1));
  const hit = found[0];
  if (!hit) return undefined;
  const others = found.slice(1).map((h) => h.exchange);
  if (others.length > 0) return { hit, note: `Found on ${hit.exchange} (also on ${others.join(" and ")}: type ${others[0]}:${t} for it)` };
  return hit.exchange === inferred ? { hit } : { hit, note: `Found on ${hit.exchange}` };
}
