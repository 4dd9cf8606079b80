import type { OptionChain } from "../../core/types/optionChain";
import { call, type Envelope } from "./http";
import { coreApi } from "./services";

/** GET /core/optionchain (server/README.md): one underlying's chain of one expiry, the nearest when none is given. */
export function fetchOptionChain(symbol: string, expiry?: string): Promise<Envelope<OptionChain>> {
  const q = new URLSearchParams({ symbol });
  if (expiry) q.set("expiry", expiry);
  return call<OptionChain>(coreApi, `optionchain?${q.toString()}`, { method: "get" });
}
