import type { Exchange } from "../../core/types/exchange";
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
