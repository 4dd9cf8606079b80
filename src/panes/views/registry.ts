import type { ComponentType } from "react";
import { PAGE_TITLES } from "../../commands/pages";
import { MAIN_CHILDREN } from "../../core/rules/routes";
import { placeholderPage } from "./PlaceholderPage";
import { SettingsView } from "./SettingsView";
import { AlertsView } from "../alerts/AlertsView";
import { SipsView } from "../alerts/SipsView";
import { BasketsView } from "../baskets/BasketsView";
import { DepthView } from "../depth/DepthView";
import { FundsView } from "../portfolio/FundsView";
import { HoldingsView } from "../portfolio/HoldingsView";
import { HomeView } from "../portfolio/HomeView";
import { PositionsView } from "../portfolio/PositionsView";
import { IdeasView } from "../ideas/IdeasView";
import { OrdersView } from "../orders/OrdersView";
import { OrderWindowPane } from "../orderWindow/OrderWindow";
import { FullWatchlistView, WatchlistView } from "../watchlist/WatchlistView";

import type { ViewProps } from "./types";

export interface ViewDef {
  title: string;
  component: ComponentType<ViewProps>;
}

const DESCRIPTIONS: Record<string, string> = {
  home: "Holdings and positions summaries with day P&L.",
  orders: "Order book, trade book and GTT orders.",
  position: "Open and closed positions with live P&L.",
  holdings: "Holdings with BNPL, live values and CSV export.",
  funds: "Funds limits by segment.",
  explore: "Products and more.",
  watchlist: "Watchlists with live prices.",
  equity: "Top gainers, losers and 52-week highs and lows.",
  etf: "ETFs and gold bonds.",
  optionchain: "The option chain of an underlying.",
  ideas: "Research ideas.",
  chart: "Price charts.",
  fullwl: "The full-screen watchlist with a mini chart.",
};

/** Every view a pane can show: each page of the app, and the pane-only market depth. */
const VIEWS: Record<string, ViewDef> = {
  ...Object.fromEntries(MAIN_CHILDREN.map((p) => [p, { title: PAGE_TITLES[p], component: placeholderPage(PAGE_TITLES[p], DESCRIPTIONS[p] ?? "") }])),
  depth: { title: "Market Depth", component: DepthView },
  // Pane-only, like depth: a basket is a workspace tool, opened by the "Baskets" command or beside other panes.
  baskets: { title: "Baskets", component: BasketsView },
  // Pane-only too: opened by the "Alerts" and "SIPs" commands.
  alerts: { title: "Alerts", component: AlertsView },
  sips: { title: "SIPs", component: SipsView },
  settings: { title: PAGE_TITLES.settings, component: SettingsView },
  home: { title: PAGE_TITLES.home, component: HomeView },
  position: { title: PAGE_TITLES.position, component: PositionsView },
  holdings: { title: PAGE_TITLES.holdings, component: HoldingsView },
  funds: { title: PAGE_TITLES.funds, component: FundsView },
  orders: { title: PAGE_TITLES.orders, component: OrdersView },
  ideas: { title: PAGE_TITLES.ideas, component: IdeasView },
  orderwindow: { title: "Order Window", component: OrderWindowPane },
  watchlist: { title: PAGE_TITLES.watchlist, component: WatchlistView },
  fullwl: { title: PAGE_TITLES.fullwl, component: FullWatchlistView },
};

export function viewOf(id: string): ViewDef {
  return VIEWS[id] ?? { title: id, component: placeholderPage(id, "Unknown view.") };
}
