import type { Exchange } from "../types/exchange";

/** "Search tabs: All, F&O, Currency, Commodity" (access-and-surroundings section 2) and the exchanges each searches. */
export const SEARCH_TABS: ReadonlyArray<{ name: string; exchanges: readonly Exchange[] }> = [
  { name: "All", exchanges: [] }, // empty: every exchange
  { name: "F&O", exchanges: ["NSEFO", "BSEFO"] },
  { name: "Currency", exchanges: ["NSECURR", "BSECURR"] },
  { name: "Commodity", exchanges: ["MCXCOMM", "NCDEXCOMM", "NSECOMM", "BSECOMM"] },
];
