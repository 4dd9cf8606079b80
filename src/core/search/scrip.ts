import type { Exchange } from "../types/exchange";

/** A contract as search sees it: what the index words and ranks, and what it hands back. */
export interface SearchScrip {
  exchange: Exchange;
  token: number;
  tradingSymbol: string;
  symbol: string;
  companyName: string;
  formattedInsName: string;
  insType: string;
  /** "YYYY-MM-DD" or "". */
  expiry: string;
  strikePrice: number;
  optionType: "CE" | "PE" | null;
  lotSize: number;
  tickSize: number;
}
