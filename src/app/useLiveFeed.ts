import { useSelector } from "@legendapp/state/react";
import { useEffect } from "react";
import { readFeedUrl } from "../data/reads";
import { orders$, refreshOrders } from "../data/stores/orders";
import { session$ } from "../data/stores/session";
import { settings$ } from "../data/stores/settings";
import { paneTabs } from "../data/stores/tabs";
import { workspace } from "../data/stores/workspace";
import { GTT_TAB, type OnScreen } from "../core/rules/orderUpdates";
import { FEED_RECONNECT_MS } from "../feed/connection";
import { askBrokerBooks } from "../data/stores/brokerBooks";
import { startFeed, stopFeed, type FeedAddress } from "../feed/session";

/** The views of the panes on screen now: refresh rules follow them, never the route. */
function onScreen(): OnScreen {
  const shown = workspace.shownPanes();
  return { views: new Set(shown.map((p) => p.view)), gttTab: shown.some((p) => p.view === "orders" && paneTabs(p).tab === GTT_TAB) };
}

/**
 * The live feed (market data and the order-update pipeline) follows the session: connected while
 * signed in, ended on sign-out. The broker says where the feed is first; while it cannot, the
 * question is asked again at the feed's reconnect period.
 */
export function useLiveFeed(): void {
  const clientCode = useSelector(() => session$.clientCode.get());
  const accessToken = useSelector(() => session$.accessToken.get());
  useEffect(() => {
    if (!clientCode || !accessToken) return;
    let ended = false;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const begin = async () => {
      const address = await readFeedUrl(window.location);
      if (ended) return;
      if (address) connect(address);
      else retry = setTimeout(() => void begin(), FEED_RECONNECT_MS);
    };
    const connect = (address: FeedAddress) =>
      startFeed(
        { ...address, clientCode, accessToken },
        {
          onScreen,
          showNotifications: () => settings$.isShowNotifications.peek(),
          orderBook: () => (orders$.loaded.peek() && !orders$.error.peek() ? orders$.orders.peek() : undefined),
          refetchOrderBook: async () => {
            await refreshOrders();
            return orders$.error.peek() ? undefined : orders$.orders.peek();
          },
          books: askBrokerBooks,
        },
      );
    void begin();
    return () => {
      ended = true;
      clearTimeout(retry);
      stopFeed();
    };
  }, [clientCode, accessToken]);
}
