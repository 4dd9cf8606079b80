import { optionChain } from "../../core/wire/market";
import { send } from "./send";

/** GET /core/optionchain (server/README.md): one underlying's chain of one expiry, the nearest when none is given. */
export function fetchOptionChain(symbol: string, expiry?: string) {
  return send(optionChain, { query: expiry ? { symbol, expiry } : { symbol } });
}
