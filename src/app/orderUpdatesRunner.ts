import { useSelector } from "@legendapp/state/react";
import { useEffect } from "react";
import { feedUrl } from "../core/config";
import { refreshOrders } from "../core/stores/orders";
import { session$ } from "../core/stores/session";
import { settings$ } from "../core/stores/settings";
import { tabsOf } from "../core/stores/tabs";
import { connectOrderFeed } from "../feed/orderFeedClient";
import { startOrderUpdates } from "../feed/orderUpdates";

/** Runs the order-update pipeline while a client is signed in. */
export function useOrderUpdates(): void {
  const clientCode = useSelector(() => session$.clientCode.get());
  const token = useSelector(() => session$.accessToken.get());
  useEffect(() => {
    if (!clientCode || !token) return;
    const feed = connectOrderFeed(feedUrl(window.location), clientCode, token);
    const stop = startOrderUpdates(feed, clientCode, {
      route: () => window.location.pathname,
      ordersTab: () => tabsOf("orders").tab,
      showNotifications: () => settings$.isShowNotifications.peek(),
      refetchOrderBook: () => void refreshOrders(),
    });
    return () => {
      stop();
      feed.end();
    };
  }, [clientCode, token]);
}
