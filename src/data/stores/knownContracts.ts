import { pickTyped } from "../../core/search/typedSymbol";
import type { ContractInfo } from "../../core/types/contract";
import { stampNow } from "./brokerClock";
import { clientState } from "./sessionReset";

/**
 * Every contract the broker described to this session (v2/security/info answers), newest kept,
 * with when it was heard. While the broker is unreachable, a typed order line opens its window
 * from here (issue 28, "an outage loses nothing typed"); nothing else reads it, so a live
 * window always shows the broker's current answer.
 */
export interface KnownContract {
  contract: ContractInfo;
  /** The broker's clock (ms) when the answer came: shown as "looked up at". */
  at: number;
}

const known = new Map<string, KnownContract>();
const keyOf = (exchange: string, token: string | number) => `${exchange}:${token}`;

export function rememberContracts(list: readonly ContractInfo[], at = stampNow()): void {
  for (const c of list) known.set(keyOf(c.exchange, c.token), { contract: c, at });
}

export function knownContract(exchange: string, token: string | number): KnownContract | undefined {
  return known.get(keyOf(exchange, token));
}

/** The known contract a typed symbol names on `exchange`, by the same rule as the broker's search answer. */
export function knownContractNamed(exchange: string, typed: string): KnownContract | undefined {
  const onExchange = [...known.values()].filter((k) => k.contract.exchange === exchange);
  const hit = pickTyped(typed, onExchange.map((k) => k.contract));
  return hit ? knownContract(hit.exchange, hit.token) : undefined;
}

// The next client's session starts knowing nothing of the last one's.
clientState({ name: "knownContracts", holds: () => [...known.keys()], reset: () => known.clear(), day: true });
