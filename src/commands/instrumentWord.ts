import type { Exchange } from "../core/types/exchange";
import { findInstrumentToken } from "../data/api/orders";
import { exchangeWord } from "./grammar/words";
import { inferExchange } from "./grammar/order";

/** "[EXCH:]SYMBOL" as typed in a dialog's instrument field, read as the command line reads it. */
export function readInstrumentWord(text: string): { exchange: Exchange; symbol: string } | undefined {
  const t = text.trim().toUpperCase();
  if (!t) return undefined;
  const colon = t.indexOf(":");
  if (colon < 0) return { exchange: inferExchange(t), symbol: t };
  const exchange = exchangeWord(t.slice(0, colon));
  return exchange ? { exchange, symbol: t.slice(colon + 1) } : undefined;
}

/** The instrument's token by the search call, or why there is none. */
export async function resolveInstrument(exchange: Exchange, symbol: string): Promise<{ token: number } | { problem: string }> {
  const token = await findInstrumentToken(exchange, symbol).catch(() => null);
  if (token === null) return { problem: "The search did not answer" };
  return token ? { token: Number(token) } : { problem: `${symbol} is not an instrument on ${exchange}` };
}
