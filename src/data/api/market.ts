import type { Exchange } from "../../core/types/exchange";
import * as wire from "../../core/wire/market";
import { send } from "./send";

/** A row of POST search (access-and-surroundings section 7), and an underlying's contracts: the wire's own types. */
export type { SearchRow, ContractChain } from "../../core/wire/market";

/** POST search: exchange list, searchText, pageSize, currentPage. */
export function searchScrips(searchText: string, exchange: readonly Exchange[], pageSize = 50, currentPage = 1) {
  return send(wire.search, { body: { exchange: [...exchange], searchText, pageSize, currentPage } });
}

/** POST v2/contractChain (Tape's, issue 19): an underlying's unexpired contracts and its live spot. */
export function fetchContractChain(symbol: string, exchange?: Exchange) {
  return send(wire.contractChain, { body: exchange ? { symbol, exchange } : { symbol } });
}
