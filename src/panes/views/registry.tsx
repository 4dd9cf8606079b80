import type { ComponentType } from "react";
import { TimeSalesView } from "../timesales/TimeSalesView";
import { isView, viewTitle, type ViewId } from "../../core/rules/pages";
import { EmptyState } from "./EmptyState";
import { SettingsView } from "./SettingsView";
import { AlertsView } from "../alerts/AlertsView";
import { SipsView } from "../alerts/SipsView";
import { BasketsView } from "../baskets/BasketsView";
import { ChainView } from "../chain/ChainView";
import { ChartView } from "../chart/lazy";
import { ChartPageView } from "../chart/ChartPageView";
import { ChartGridView } from "../chart/grid/ChartGridView";
import { StrategyView } from "../strategy/StrategyView";
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
 * The component of every view a pane can show. The views, their titles and tabs are declared in
 * src/core/rules/pages.ts; the type makes a declared view without its component here, or a
 * component without its declaration, fail to compile.
 */
const VIEWS: Record<ViewId, ComponentType<ViewProps>> = {
  depth: DepthView,
  // Pane-only, like depth: a basket is a workspace tool, opened by the "Baskets" command or beside other panes.
  baskets: BasketsView,
  // Pane-only too: opened by the "Alerts" and "SIPs" commands.
  alerts: AlertsView,
  sips: SipsView,
  settings: SettingsView,
  // Pane-only: the spec's routes have no /profile; the profile menu and the "Profile" command open it.
  profile: ProfileView,
  home: HomeView,
  position: PositionsView,
  holdings: HoldingsView,
  funds: FundsView,
  orders: OrdersView,
  ideas: IdeasView,
  optionchain: ChainView,
  orderwindow: OrderWindowPane,
  watchlist: WatchlistView,
  fullwl: FullWatchlistView,
  chart: ChartView,
  // Pane-only: the charts host's full chart page, embedded (the "Chart page" command).
  chartpage: ChartPageView,
  explore: ExploreView,
  equity: EquityView,
  etf: EtfView,
  // Pane-only, like baskets: the F&O gainers and losers, opened by its command or from Explore.
  scanner: ScannerView,
  // Pane-only: the options desk, opened by `a`/`Shift+A` in a chain, a `strategy` line or its command.
  strategy: StrategyView,
  timesales: TimeSalesView,
  // Pane-only: 2, 4, 6 or 9 charts in one pane (issue 32), opened by "Chart grid: N" or `chart grid 4`.
  multichart: ChartGridView,
};

/** A saved layout may name a view this build no longer has: the pane says so and can be closed or changed. */
function UnknownView() {
  return <EmptyState title="This pane's view no longer exists">Close the pane (Alt+W) or open another page in it.</EmptyState>;
}

export function viewOf(id: string): ViewDef {
  return isView(id) ? { title: viewTitle(id), component: VIEWS[id] } : { title: id, component: UnknownView };
}
