import type { ComponentType } from "react";
import { PAGE_TITLES } from "../../commands/pages";
import { MAIN_CHILDREN } from "../../core/rules/routes";
import { placeholderPage } from "./PlaceholderPage";
import { SettingsView } from "./SettingsView";
import { OrdersView } from "../orders/OrdersView";
import { OrderWindowPane } from "../orderWindow/OrderWindow";

export interface ViewProps {
  /** The view id, which is the page name for routed views. */
  page: string;
  focused: boolean;
}

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
  depth: "Five levels of market depth for the selected instrument.",
};

/** Every view a pane can show: each page of the app, and the pane-only market depth. */
const VIEWS: Record<string, ViewDef> = {
  ...Object.fromEntries(MAIN_CHILDREN.map((p) => [p, { title: PAGE_TITLES[p], component: placeholderPage(PAGE_TITLES[p], DESCRIPTIONS[p] ?? "") }])),
  depth: { title: "Market Depth", component: placeholderPage("Market Depth", DESCRIPTIONS.depth!) },
  settings: { title: PAGE_TITLES.settings, component: SettingsView },
  orders: { title: PAGE_TITLES.orders, component: OrdersView },
  orderwindow: { title: "Order Window", component: OrderWindowPane },
};

export function viewOf(id: string): ViewDef {
  return VIEWS[id] ?? { title: id, component: placeholderPage(id, "Unknown view.") };
}
