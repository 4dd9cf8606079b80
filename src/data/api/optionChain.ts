import { oiHistory, optionChain } from "../../core/wire/market";
import { send } from "./send";

/** GET /core/optionchain (server/README.md): one underlying's chain of one expiry, the nearest when none is given; on `exchange` (a code or NSE, BSE, MCX) where several list it. */
export function fetchOptionChain(symbol: string, expiry?: string, exchange?: string) {
  return send(optionChain, { query: { symbol, ...(expiry ? { expiry } : {}), ...(exchange ? { exchange } : {}) } });
}

/**
 * GET /core/v2/oi-history (issue 31): each option of the expiry with its OI build-up over the last 5, 15 and 30 minutes, on
 * `exchange` (the chain's own: USDINR's BSECURR options are not NSECURR's); a token adds its per-minute series.
 */
export function fetchOiHistory(ask: { symbol: string; expiry?: string; exchange?: string; token?: number }) {
  const { symbol, expiry, exchange, token } = ask;
  return send(oiHistory, { query: { symbol, ...(expiry ? { expiry } : {}), ...(exchange ? { exchange } : {}), ...(token !== undefined ? { token } : {}) } });
}
