import { useSelector } from "@legendapp/state/react";
import { useEffect } from "react";
import { feedUrl } from "../data/config";
import { orders$, refreshOrders } from "../data/stores/orders";
import { session$ } from "../data/stores/session";
import { settings$ } from "../data/stores/settings";
import { paneTabs } from "../data/stores/tabs";
import { workspace } from "../data/stores/workspace";
import { GTT_TAB, type OnScreen } from "../core/rules/orderUpdates";
import { startFeed, stopFeed } from "../feed/session";

/** The views of the panes on screen now: refresh rules follow them, never the route. */
function onScreen(): OnScreen {
  const shown = workspace.shownPanes();
  return { views: new Set(shown.map((p) => p.view)), gttTab: shown.some((p) => p.view === "orders" && paneTabs(p).tab === GTT_TAB) };
}

/** The live feed (market data and the order-update pipeline) follows the session: connected while signed in, ended on sign-out. */
export function useLiveFeed(): void {
  const clientCode = useSelector(() => session$.clientCode.get());
  const accessToken = useSelector(() => session$.accessToken.get());
  useEffect(() => {
    if (!clientCode || !accessToken) return;
    startFeed(
      { url: feedUrl(window.location), clientCode, accessToken },
      {
        onScreen,
        showNotifications: () => settings$.isShowNotifications.peek(),
        orderBook: () => (orders$.loaded.peek() && !orders$.error.peek() ? orders$.orders.peek() : undefined),
        refetchOrderBook: async () => {
          await refreshOrders();
          return orders$.error.peek() ? undefined : orders$.orders.peek();
        },
      },
    );
    return () => stopFeed();
  }, [clientCode, accessToken]);
}
