import type { Exchange } from "./exchange";

/** trading-core section 3, Contract info: the wire's own type (src/core/wire/market.ts), token a number as the broker sends it. */
export type { ContractInfo } from "../wire/market";

export type InstrumentKind = "equity" | "future" | "option";

export function instrumentKind(insType: string): InstrumentKind {
  const t = insType.toUpperCase();
  if (t.startsWith("FUT")) return "future";
  if (t.startsWith("OPT")) return "option";
  return "equity";
}

/** Profile (section 3): accountStatus and the exchanges the client may trade. */
export const ACCOUNT_STATUSES = ["ACTIVE", "DORMANT", "FROZEN", "VOLUNTARY_FREEZE", "BLOCKED"] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

export interface Profile {
  accountStatus: AccountStatus;
  exchanges: Exchange[];
}

/** A GetMarket entry of formtoken/getMarketStatus, as the wire carries it. */
export type { MarketStatusEntry } from "../wire/wrapper";
