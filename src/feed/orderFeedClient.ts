import mqtt from "mqtt";
import type { OrderFeed } from "./orderUpdates";

/**
 * A connection to the live feed for the order topic alone: MQTT over WebSocket, username the
 * client code, password the access token (DESIGN.md section 5). The market-data connection and
 * its subscription manager are another area's; when it offers topics to other modules, the
 * order pipeline moves onto it through the same OrderFeed interface and this file goes.
 */
export function connectOrderFeed(url: string, clientCode: string, accessToken: string): OrderFeed & { end(): void } {
  const client = mqtt.connect(url, {
    username: clientCode,
    password: accessToken,
    clientId: `tape-orders-${clientCode}-${Math.random().toString(36).slice(2, 10)}`,
    reconnectPeriod: 2000,
    connectTimeout: 10_000,
    clean: true,
  });
  const handlers = new Map<string, Set<(p: Uint8Array | string) => void>>();
  const reconnectListeners = new Set<() => void>();
  let connectedOnce = false;

  client.on("connect", () => {
    // Re-subscribe after a reconnect (clean session), then tell listeners so they re-fetch the book.
    for (const topic of handlers.keys()) client.subscribe(topic, { qos: 0 });
    if (connectedOnce) for (const fn of reconnectListeners) fn();
    connectedOnce = true;
  });
  client.on("message", (topic, payload) => {
    for (const fn of handlers.get(topic) ?? []) fn(payload);
  });
  client.on("error", (err) => console.warn("order feed:", err.message));

  return {
    subscribe(topic, fn) {
      let set = handlers.get(topic);
      if (!set) {
        handlers.set(topic, (set = new Set()));
        if (client.connected) client.subscribe(topic, { qos: 0 });
      }
      set.add(fn);
      return () => {
        set.delete(fn);
        if (set.size === 0) {
          handlers.delete(topic);
          if (client.connected) client.unsubscribe(topic);
        }
      };
    },
    onReconnect(fn) {
      reconnectListeners.add(fn);
      return () => reconnectListeners.delete(fn);
    },
    end() {
      client.end(true);
    },
  };
}
