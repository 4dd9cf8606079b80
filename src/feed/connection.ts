import type { IClientOptions, MqttClient } from "mqtt";
import { orderTopic } from "../core/topics";
import { EdgeRotation } from "./failover";
import { SubscriptionManager, type SubscriptionTransport } from "./subscriptions";

/**
 * The live-feed connection (access-and-surroundings sections 4 and 7): MQTT over a secure
 * WebSocket, username the client code, password the access token, client id from the client
 * code, an app marker and the time; clean session, keepalive 30 s, connect timeout 30 s,
 * reconnect every 2 s, protocol v4. On connect it subscribes the user's order topic, and it
 * re-subscribes the market topics when reconnecting or when nothing was subscribed before.
 * Socket and subscription errors are logged; a refusal of the credentials is reported (onRefused).
 * On a cluster each reconnect goes to the next edge (./failover.ts), at once with a random 0-1 s
 * spread while that edge is untried since the last connect, else after the 2 s period.
 */
export const FEED_KEEPALIVE_S = 30;
export const FEED_CONNECT_TIMEOUT_MS = 30_000;
export const FEED_RECONNECT_MS = 2_000;
export const APP_MARKER = "TAPEWEB";

export interface FeedConnectionOptions {
  url: string;
  /** A cluster's other edges, in the order to fail over to them when this one drops (GET /core/feed/config). */
  fallbacks?: readonly string[];
  clientCode: string;
  accessToken: string;
  /** Market frames, as received (binary): a view at the frame's own offset of the message it came in. */
  onMarketFrame(topic: string, payload: Uint8Array): void;
  /** Order and trade updates: JSON text on the user's order topic. */
  onOrderUpdate(update: unknown): void;
  onStatus?(connected: boolean): void;
  /** The broker refused the credentials (CONNACK 4 or 5; on a cluster, every edge in turn): the session is gone, as on a 401. */
  onRefused?(): void;
  log?(message: string, detail?: unknown): void;
  now?: () => number;
  /** A number in [0, 1) for the failover spread (Math.random; a test passes its own). */
  random?: () => number;
  /**
   * mqtt.connect: the caller loads mqtt.js (a dynamic import in the app, so the login page and a
   * pane's first paint do not wait for its 100 KB; a test passes its own).
   */
  connect: (url: string, options: IClientOptions) => MqttClient;
}

export function feedClientId(clientCode: string, now: number): string {
  return `${clientCode}_${APP_MARKER}_${now}`;
}

export function feedClientOptions(o: Pick<FeedConnectionOptions, "clientCode" | "accessToken" | "now">): IClientOptions {
  return {
    username: o.clientCode,
    password: o.accessToken,
    clientId: feedClientId(o.clientCode, (o.now ?? Date.now)()),
    clean: true,
    keepalive: FEED_KEEPALIVE_S,
    connectTimeout: FEED_CONNECT_TIMEOUT_MS,
    reconnectPeriod: FEED_RECONNECT_MS,
    protocolVersion: 4,
    // The spec's own re-subscribe rule applies (below), not mqtt.js's automatic one.
    resubscribe: false,
    // "On close it is marked for reconnect": a refused connect too. mqtt.js would otherwise stop
    // retrying after one refusal (a broker restarting, an external broker warming up), and the
    // feed would stay dead until a reload.
    reconnectOnConnackError: true,
  };
}

/**
 * Keeps a client's attempts on the edge rule (./failover.ts): each close moves the next attempt to
 * the next edge and sets how long mqtt.js waits before it. mqtt.js arms its reconnect timer with
 * options.reconnectPeriod as it handles a close (or, on a keep-alive timeout, just before), so these
 * handlers go before its own, and a connect already sets the wait for the drop that may follow.
 * The bench's simulated subscribers use it too (tests/bench/_feedClusterWorker.ts).
 */
export function followEdges(client: MqttClient, edges: EdgeRotation, random: () => number = Math.random): void {
  client.prependListener("close", () => {
    edges.closed();
    client.options.reconnectPeriod = edges.delay(random(), FEED_RECONNECT_MS);
  });
  client.prependListener("connect", () => {
    edges.connected();
    client.options.reconnectPeriod = edges.delay(random(), FEED_RECONNECT_MS, 1);
  });
}

export interface FeedConnection {
  readonly subscriptions: SubscriptionManager;
  isConnected(): boolean;
  /** Ends the client and resets the state (spec: "Disconnect ends the client and resets state"). */
  disconnect(): Promise<void>;
}

export function connectFeed(o: FeedConnectionOptions): FeedConnection {
  const log = o.log ?? ((m, d) => console.warn(`[feed] ${m}`, d ?? ""));
  const edges = new EdgeRotation([o.url, ...(o.fallbacks ?? [])]);
  // Each attempt's address is chosen as it is made (mqtt.js asks on every connect): a drop moves to the next edge.
  const client = o.connect(o.url, o.fallbacks?.length ? { ...feedClientOptions(o), transformWsUrl: () => edges.current() } : feedClientOptions(o));
  let connected = false;
  const own = orderTopic(o.clientCode);
  followEdges(client, edges, o.random);

  const transport: SubscriptionTransport = {
    subscribe(topics) {
      if (!connected) return; // sent on connect
      client.subscribe(topics, { qos: 0 }, (err) => err && log("subscribe failed", err.message));
    },
    unsubscribe(topics) {
      if (!connected) return;
      client.unsubscribe(topics, (err) => err && log("unsubscribe failed", err.message));
    },
  };
  const subscriptions = new SubscriptionManager(transport);

  client.on("connect", () => {
    connected = true;
    o.onStatus?.(true);
    client.subscribe(own, { qos: 0 }, (err) => err && log("order topic subscribe failed", err.message));
    // Reconnecting, or a first connect after sources declared topics while offline: with a clean
    // session the broker holds nothing, so the whole union is subscribed again.
    subscriptions.resubscribeAll();
  });
  client.on("close", () => {
    if (connected) o.onStatus?.(false);
    connected = false;
    // Marked for reconnect (mqtt.js retries after the wait set above): the next connect re-subscribes everything.
    subscriptions.resetSubscribed();
  });
  client.on("error", (err) => {
    log("socket error", err.message);
    const code = (err as Error & { code?: unknown }).code;
    // 4 bad user name or password, 5 not authorized (MQTT 3.1.1 CONNACK): this token is not valid
    // on this broker (revoked, or a broker started on another data folder).
    if ((code === 4 || code === 5) && edges.refused()) o.onRefused?.();
  });
  client.on("message", (topic, payload) => {
    if (topic === own) {
      try {
        o.onOrderUpdate(JSON.parse(payload.toString()));
      } catch (err) {
        log("bad order update", (err as Error).message);
      }
      return;
    }
    // As mqtt.js hands it over (a Buffer is a Uint8Array): a view of the frame in the WebSocket message it came in, not copied, and no new view made.
    o.onMarketFrame(topic, payload);
  });

  return {
    subscriptions,
    isConnected: () => connected,
    async disconnect() {
      subscriptions.resetSubscribed();
      connected = false;
      await client.endAsync(true);
    },
  };
}
