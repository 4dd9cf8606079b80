import type { MainChild } from "../core/rules/routes";

/** How each page is named in menus and "Go to ..." commands. */
export const PAGE_TITLES: Record<MainChild, string> = {
  home: "Home",
  orders: "Orders",
  position: "Positions",
  holdings: "Holdings",
  funds: "Funds",
  explore: "Explore",
  watchlist: "Watchlist",
  settings: "Settings",
  equity: "Invest Equity",
  etf: "ETF & Gold Bonds",
  optionchain: "Option Chain",
  ideas: "Ideas",
  chart: "Chart",
  fullwl: "Full-screen Watchlist",
};
