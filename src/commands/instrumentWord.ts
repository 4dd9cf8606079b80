import type { TypedInstrument } from "../core/search/typedSymbol";
import type { Exchange } from "../core/types/exchange";
import { exchangeForTyped } from "../core/search/defaultExchange";
import { findTypedInstrument } from "../data/api/orders";
import { settings$ } from "../data/stores/settings";
import { exchangeWord } from "./grammar/words";
import { inferExchange } from "./grammar/order";

/**
 * The exchange a typed instrument word means: the one written, else, for a share, the default
 * exchange of Settings › Markets ("Set the default exchange for search"), else the one the
 * symbol's shape names (NSEFO for a contract). Every typed word (order window, GTT form, basket
 * line, SIP and alert dialogs) reads it here, so INFY means the same share wherever it is typed.
 */
export function typedExchange(symbol: string, written?: Exchange): Exchange {
  return written ?? exchangeForTyped(inferExchange(symbol), settings$.defaultExchange.peek());
}

/** "[EXCH:]SYMBOL" as typed in a dialog's instrument field, read as the command line reads it. */
export function readInstrumentWord(text: string): TypedInstrument | undefined {
  const t = text.trim().toUpperCase();
  if (!t) return undefined;
  const colon = t.indexOf(":");
  if (colon < 0) return { exchange: typedExchange(t), symbol: t, exchangeTyped: false };
  const exchange = exchangeWord(t.slice(0, colon));
  return exchange ? { exchange, symbol: t.slice(colon + 1), exchangeTyped: true } : undefined;
}

/**
 * The instrument's token and exchange by the search call (a bare contract symbol on whichever
 * exchange lists it: data/api/orders.ts findTypedInstrument), or why there is none.
 */
export async function resolveInstrument(word: TypedInstrument): Promise<{ token: number; exchange: TypedInstrument["exchange"] } | { problem: string }> {
  const found = await findTypedInstrument(word).catch(() => null);
  if (found === null) return { problem: "The search did not answer" };
  return found ? { token: Number(found.token), exchange: found.exchange } : { problem: `${word.symbol} is not an instrument on ${word.exchange}` };
}
