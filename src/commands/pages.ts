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

/** How the views that are no page of their own (opened beside, by their commands) are named. */
export const PANE_TITLES = {
  depth: "Market Depth",
  baskets: "Baskets",
  alerts: "Alerts",
  sips: "SIPs",
  profile: "Profile",
  orderwindow: "Order Window",
  chartpage: "Chart Page",
  scanner: "F&O Gainers & Losers",
} as const;

/** A pane's name as its header shows it, page or not. */
export function viewTitle(view: string): string {
  return (PAGE_TITLES as Record<string, string>)[view] ?? (PANE_TITLES as Record<string, string>)[view] ?? view;
}

/**
 * One line on what each page does, and where Explore lists it: Products are the markets a trader
 * invests and trades in, More the account and the app. The view registry and Explore read these.
 */
export const PAGE_LINES: Record<MainChild, string> = {
  home: "Holdings and positions summaries with day P&L.",
  orders: "Order book, trade book and GTT orders.",
  position: "Open and closed positions with live P&L.",
  holdings: "Holdings with BNPL, live values and CSV export.",
  funds: "Funds limits by segment.",
  explore: "Products and more: the way into every page and tool.",
  watchlist: "Watchlists with live prices.",
  settings: "Theme, security, markets and the keymap.",
  equity: "Top gainers, losers and 52-week highs and lows of NSE shares.",
  etf: "Exchange traded funds: index based, debt and power.",
  optionchain: "The option chain of an underlying.",
  ideas: "Research ideas with one-key orders.",
  chart: "Price charts.",
  fullwl: "The full-screen watchlist with a mini chart.",
};

export const PAGE_SECTIONS: Record<MainChild, "Products" | "More"> = {
  home: "More",
  orders: "More",
  position: "More",
  holdings: "More",
  funds: "More",
  explore: "More",
  watchlist: "More",
  settings: "More",
  equity: "Products",
  etf: "Products",
  optionchain: "Products",
  ideas: "Products",
  chart: "Products",
  fullwl: "More",
};
