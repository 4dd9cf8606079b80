import type { Exchange } from "../../core/types/exchange";
import type { ListedContract } from "../../core/rules/contractWords";
import { call, type Envelope } from "./http";
import { coreApi } from "./services";

/** A row of POST search (access-and-surroundings section 7). */
export interface SearchRow {
  exchange: Exchange;
  token: number;
  tradingSymbol: string;
  symbol: string;
  formattedInsName: string;
  companyName: string;
  insType: string;
  expiry: string;
  strikePrice: number;
  optionType: string;
  lotSize: number;
  tickSize: number;
  /** How many instruments match in all, across pages. */
  totalCount: number;
}

/** POST search: exchange list, searchText, pageSize, currentPage. */
export function searchScrips(searchText: string, exchange: readonly Exchange[], pageSize = 50, currentPage = 1): Promise<Envelope<SearchRow>> {
  return call<SearchRow>(coreApi, "search", { method: "post", json: { exchange, searchText, pageSize, currentPage } });
}

/** POST v2/contractChain (Tape's, issue 19): an underlying's unexpired contracts and its live spot. */
export interface ContractChain {
  symbol: string;
  exchange: Exchange;
  spot: number;
  /** The broker's date, YYYY-MM-DD (IST). */
  today: string;
  contracts: ListedContract[];
}

export function fetchContractChain(symbol: string, exchange?: Exchange): Promise<Envelope<ContractChain>> {
  return call<ContractChain>(coreApi, "v2/contractChain", { method: "post", json: exchange ? { symbol, exchange } : { symbol } });
}
