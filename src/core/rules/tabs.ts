/** Tab sets of access-and-surroundings section 2 and trading-core section 2, per page. */
export const TAB_SETS: Record<string, readonly string[]> = {
  home: ["Investment", "Trading"],
  holdings: ["Stocks", "BNPL"],
  orders: ["All", "Pending", "Executed", "GTT"],
  position: ["All", "Equity", "F&O", "Commodity"],
  funds: ["INR Balance"],
  explore: ["Products", "More"],
  settings: ["General", "Security", "Markets", "Version Info"],
  profile: ["Profile", "Bank Details", "My Segments", "Others"],
  equity: ["Top Gainers", "Top Losers", "52 Week High", "52 Week Low"],
  ideas: ["Equity", "F&O", "Commodity"],
  etf: ["INDEX BASED", "DEBT", "POWER"],
  // The F&O gainers and losers scanner (Tape's pane; the spec's call answers both lists).
  scanner: ["Gainers", "Losers"],
  watchlist: ["Watchlist", "Predefined List"],
};

/** Sub-tab sets where a page has a second row: ideas' product tabs, funds' limits view. */
export const SUB_TAB_SETS: Record<string, readonly string[]> = {
  ideas: ["Short Term", "Long Term", "Intraday"],
  funds: ["Equity", "F&O"],
};

export function tabCount(page: string): number {
  return TAB_SETS[page]?.length ?? 0;
}
