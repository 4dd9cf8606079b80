import type { Exchange } from "./exchange";

/**
 * trading-core section 3, Contract info. Prices in rupees. freezeQty is the exchange's qtyLimit;
 * productLeverage is the BNPL leverage percent (the broker funds that share of the value).
 * For commodity exchanges quantity counts lots (see rules/contractValue.ts).
 */
export interface ContractInfo {
  exchange: Exchange;
  token: string;
  tradingSymbol: string;
  symbol: string;
  formattedInsName: string;
  companyName: string;
  /** "EQ", or FUTSTK, FUTIDX, OPTSTK, OPTIDX, FUTCOM, OPTFUT, FUTCUR, OPTCUR. */
  insType: string;
  lotSize: number;
  tickSize: number;
  multiplier: number;
  /** Commodity and currency contracts: the unit the price is quoted in ("10 GRMS"); a lot is `multiplier` of them. Tape's addition. */
  quotationUnit?: string;
  pdc: number;
  ltp: number;
  expiry: string;
  strikePrice: number;
  optionType: string;
  isin: string;
  prompt: string;
  deliveryQty: number;
  bnplQty: number;
  freezeQty: number;
  productLeverage: number;
  badge: string;
  /** ASM/GSM stage text; empty when none. */
  surveillance: string;
  sliceEnable: boolean;
  screeners: string[];
  upperCircuit: number;
  lowerCircuit: number;
  weekHigh: number;
  weekLow: number;
}

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

/** A GetMarket entry of formtoken/getMarketStatus. */
export interface MarketStatusEntry {
  Exch: string;
  ExchType: string;
  AMO: "Y" | "N";
}
