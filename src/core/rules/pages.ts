/**
 * Every view a pane can show, declared once: the routed pages of access-and-surroundings section 2
 * (each at /main/<id>, home at /home) and the pane-only views opened by their commands (depth,
 * baskets, ...). The routes, the "Go to" commands, Explore, the header's menu, the tab sets, the
 * pane titles and the view registry's type all read this table; adding a page is one entry here
 * plus its component in src/panes/views/registry.tsx (whose type asks for it).
 */
export interface ViewDecl {
  /** How a pane's header, the menus and "Go to ..." name it. */
  title: string;
  /** Its tabs (trading-core section 2, access-and-surroundings section 2), and a second row of sub-tabs. */
  tabs?: readonly string[];
  subTabs?: readonly string[];
}

export interface PageDecl extends ViewDecl {
  /** One line on what it does, and where Explore lists it: Products are the markets a trader invests and trades in, More the account and the app. */
  line: string;
  section: "Products" | "More";
  /** Its place in the header's menu ("Header menu: Home, WatchList, Orders, Positions, Holdings, Funds, Explore"), with the spec's label. */
  menu?: { at: number; label: string };
}

/** The routed pages, in the order the palette and Explore list them. */
export const PAGES = {
  home: { title: "Home", tabs: ["Investment", "Trading"], line: "Holdings and positions summaries with day P&L.", section: "More", menu: { at: 1, label: "Home" } },
  orders: { title: "Orders", tabs: ["All", "Pending", "Executed", "GTT"], line: "Order book, trade book and GTT orders.", section: "More", menu: { at: 3, label: "Orders" } },
  position: { title: "Positions", tabs: ["All", "Equity", "F&O", "Commodity"], line: "Open and closed positions with live P&L.", section: "More", menu: { at: 4, label: "Positions" } },
  holdings: { title: "Holdings", tabs: ["Stocks", "BNPL"], line: "Holdings with BNPL, live values and CSV export.", section: "More", menu: { at: 5, label: "Holdings" } },
  funds: { title: "Funds", tabs: ["INR Balance"], subTabs: ["Equity", "F&O"], line: "Funds limits by segment.", section: "More", menu: { at: 6, label: "Funds" } },
  explore: { title: "Explore", tabs: ["Products", "More"], line: "Products and more: the way into every page and tool.", section: "More", menu: { at: 7, label: "Explore" } },
  watchlist: { title: "Watchlist", tabs: ["Watchlist", "Predefined List"], line: "Watchlists with live prices.", section: "More", menu: { at: 2, label: "WatchList" } },
  settings: { title: "Settings", tabs: ["General", "Security", "Markets", "Version Info"], line: "Theme, security, markets and the keymap.", section: "More" },
  equity: { title: "Invest Equity", tabs: ["Top Gainers", "Top Losers", "52 Week High", "52 Week Low"], line: "Top gainers, losers and 52-week highs and lows of NSE shares.", section: "Products" },
  etf: { title: "ETF & Gold Bonds", tabs: ["INDEX BASED", "DEBT", "POWER"], line: "Exchange traded funds: index based, debt and power.", section: "Products" },
  optionchain: { title: "Option Chain", line: "The option chain of an underlying.", section: "Products" },
  ideas: { title: "Ideas", tabs: ["Equity", "F&O", "Commodity"], subTabs: ["Short Term", "Long Term", "Intraday"], line: "Research ideas with one-key orders.", section: "Products" },
  chart: { title: "Chart", line: "Price charts.", section: "Products" },
  fullwl: { title: "Full-screen Watchlist", line: "The full-screen watchlist with a mini chart.", section: "More" },
} as const satisfies Record<string, PageDecl>;

/** The views that are no page of their own: opened beside the focused pane by their commands. */
export const PANE_VIEWS = {
  depth: { title: "Market Depth" },
  baskets: { title: "Baskets" },
  alerts: { title: "Alerts" },
  sips: { title: "SIPs" },
  profile: { title: "Profile", tabs: ["Profile", "Bank Details", "My Segments", "Others"] },
  orderwindow: { title: "Order Window" },
  chartpage: { title: "Chart Page" },
  // The F&O gainers and losers scanner (Tape's pane; the spec's call answers both lists).
  scanner: { title: "F&O Gainers & Losers", tabs: ["Gainers", "Losers"] },
  // The options desk (issue 31): a strategy's legs, payoff and what-if, placed as one.
  strategy: { title: "Strategy" },
  // Issue 32: the trades of an instrument as they print, from the simulator's own trades.
  timesales: { title: "Time and Sales" },
  // Issue 32: 2, 4, 6 or 9 charts in one pane, opened by "Chart grid: N" or `chart grid 4`.
  multichart: { title: "Chart Grid" },
} as const satisfies Record<string, ViewDecl>;

export type MainChild = keyof typeof PAGES;
export type PaneView = keyof typeof PANE_VIEWS;
export type ViewId = MainChild | PaneView;

export const MAIN_CHILDREN = Object.keys(PAGES) as MainChild[];

const VIEW_DECLS: Record<ViewId, ViewDecl> = { ...PAGES, ...PANE_VIEWS };

export function isPage(view: string): view is MainChild {
  return Object.hasOwn(PAGES, view);
}

/** Whether this build has the view (a saved layout may name one it no longer has). */
export function isView(view: string): view is ViewId {
  return Object.hasOwn(VIEW_DECLS, view);
}

/** A view as its declaration has it; undefined for a view this build does not have. */
export function viewDecl(view: string): ViewDecl | undefined {
  return isView(view) ? VIEW_DECLS[view] : undefined;
}

/** A pane's name as its header shows it, page or not. */
export function viewTitle(view: string): string {
  return viewDecl(view)?.title ?? view;
}

/** The header's menu, in its order. */
export const HEADER_MENU: ReadonlyArray<{ page: MainChild; label: string }> = MAIN_CHILDREN.flatMap((page) => {
  const menu = (PAGES[page] as PageDecl).menu;
  return menu ? [{ page, label: menu.label, at: menu.at }] : [];
})
  .sort((a, b) => a.at - b.at)
  .map(({ page, label }) => ({ page, label }));
