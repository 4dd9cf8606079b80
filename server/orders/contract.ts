import type { Exchange } from "../../src/core/types/exchange.js";
import type { Instrument, Market } from "../market/types.js";

/**
 * The instrument an order names. instrumentId is the instrument's token as text ("1594"); a
 * trading symbol ("INFY-EQ", "INFY") is accepted too so that hand-written requests work.
 */
export function findInstrument(market: Market, exchange: Exchange, instrumentId: string): Instrument | undefined {
  if (/^\d+$/.test(instrumentId)) {
    const byToken = market.instrument(exchange, Number(instrumentId));
    if (byToken) return byToken;
  }
  return market.bySymbol(exchange, instrumentId);
}
