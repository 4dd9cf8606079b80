import type { ComponentType } from "react";
import { PAGE_TITLES, PANE_TITLES } from "../../commands/pages";
import type { MainChild } from "../../core/rules/routes";
import { EmptyState } from "./EmptyState";
import { SettingsView } from "./SettingsView";
import { AlertsView } from "../alerts/AlertsView";
import { SipsView } from "../alerts/SipsView";
import { BasketsView } from "../baskets/BasketsView";
import { ChainView } from "../chain/ChainView";
import { ChartView } from "../chart/lazy";
import { ChartPageView } from "../chart/ChartPageView";
import { ProfileView } from "../profile/ProfileView";
import { DepthView } from "../depth/DepthView";
import { EquityView } from "../discover/EquityView";
import { EtfView } from "../discover/EtfView";
import { ExploreView } from "../discover/ExploreView";
import { ScannerView } from "../discover/ScannerView";
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

/**
 * Every view a pane can show: each page of the app (the type makes a route without its view fail
 * to compile) and the pane-only ones (depth, baskets, profile, ...).
 */
const VIEWS: Record<MainChild, ViewDef> & Record<string, ViewDef> = {
  depth: { title: PANE_TITLES.depth, component: DepthView },
  // Pane-only, like depth: a basket is a workspace tool, opened by the "Baskets" command or beside other panes.
  baskets: { title: PANE_TITLES.baskets, component: BasketsView },
  // Pane-only too: opened by the "Alerts" and "SIPs" commands.
  alerts: { title: PANE_TITLES.alerts, component: AlertsView },
  sips: { title: PANE_TITLES.sips, component: SipsView },
  settings: { title: PAGE_TITLES.settings, component: SettingsView },
  // Pane-only: the spec's routes have no /profile; the profile menu and the "Profile" command open it.
  profile: { title: PANE_TITLES.profile, component: ProfileView },
  home: { title: PAGE_TITLES.home, component: HomeView },
  position: { title: PAGE_TITLES.position, component: PositionsView },
  holdings: { title: PAGE_TITLES.holdings, component: HoldingsView },
  funds: { title: PAGE_TITLES.funds, component: FundsView },
  orders: { title: PAGE_TITLES.orders, component: OrdersView },
  ideas: { title: PAGE_TITLES.ideas, component: IdeasView },
  optionchain: { title: PAGE_TITLES.optionchain, component: ChainView },
  orderwindow: { title: PANE_TITLES.orderwindow, component: OrderWindowPane },
  watchlist: { title: PAGE_TITLES.watchlist, component: WatchlistView },
  fullwl: { title: PAGE_TITLES.fullwl, component: FullWatchlistView },
  chart: { title: PAGE_TITLES.chart, component: ChartView },
  // Pane-only: the charts host's full chart page, embedded (the "Chart page" command).
  chartpage: { title: PANE_TITLES.chartpage, component: ChartPageView },
  explore: { title: PAGE_TITLES.explore, component: ExploreView },
  equity: { title: PAGE_TITLES.equity, component: EquityView },
  etf: { title: PAGE_TITLES.etf, component: EtfView },
  // Pane-only, like baskets: the F&O gainers and losers, opened by its command or from Explore.
  scanner: { title: PANE_TITLES.scanner, component: ScannerView },
};

/** A saved layout may name a view this build no longer has: the pane says so and can be closed or changed. */
function UnknownView() {
  return <EmptyState title="This pane's view no longer exists">Close the pane (Alt+W) or open another page in it.</EmptyState>;
}

export function viewOf(id: string): ViewDef {
  return VIEWS[id] ?? { title: id, component: UnknownView };
}
