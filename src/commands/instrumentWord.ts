import type { TypedInstrument } from "../core/search/typedSymbol";
import { findTypedInstrument } from "../data/api/orders";
import { exchangeWord } from "./grammar/words";
import { inferExchange } from "./grammar/order";

/** "[EXCH:]SYMBOL" as typed in a dialog's instrument field, read as the command line reads it. */
export function readInstrumentWord(text: string): TypedInstrument | undefined {
  const t = text.trim().toUpperCase();
  if (!t) return undefined;
  const colon = t.indexOf(":");
  if (colon < 0) return { exchange: inferExchange(t), symbol: t, exchangeTyped: false };
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
