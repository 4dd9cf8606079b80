import type { Exchange } from "../core/types/exchange";
import { resetApp } from "../core/notify";
import { connectFeed, type FeedConnection, type FeedConnectionOptions } from "./connection";
import { feedHealth$, startFeedHealth } from "./health";
import { orderFeedBridge, startOrderUpdates, type OrderUpdateEnv } from "./orderUpdates";
import { QuoteStore } from "./quoteStore";
import { clientState } from "../data/stores/sessionReset";
import { logError } from "../data/stores/errorLog";
import { loadChunk } from "../data/chunkLoad";
import { setDecodeLog } from "../core/frameCodec";

/**
 * The signed-in session's live feed: one connection, one quote store, and the per-source topic
 * sets, which survive a reconnect or a sign-in (sources declare topics before the socket is up;
 * the connection subscribes the union on connect).
 */
export const quoteStore = new QuoteStore();
// "Binary decode errors are logged and give null": into the common error log.
setDecodeLog((message) => logError("decode", message));

/** Where the feed is: the edge to connect to and, on a cluster, the others to fail over to. */
export interface FeedAddress {
  url: string;
  fallbacks?: readonly string[];
}

let connection: FeedConnection | undefined;
/** Which start is current: a connect that finishes loading after a stop or a newer start is dropped. */
let feedGeneration = 0;
let stopOrderUpdates: (() => void) | undefined;
let stopHealth: (() => void) | undefined;
/** Every owner's topic set, replayed onto the next connection. */
const declared = new Map<string, string[]>();

/**
 * Connects the one feed of the session: market frames into the quote store, order updates
 * through the order-update pipeline (filter, hold, dedupe, toasts, refresh signals).
 */
export function startFeed(o: FeedAddress & { clientCode: string; accessToken: string }, orders: OrderUpdateEnv): void {
  stopFeed();
  // mqtt.js loads on the first connect, not with the app: a stop or a newer start while it loads wins.
  const generation = ++feedGeneration;
  // The browser build of mqtt.js exports only its default object (connect is on it), Node's CJS one too.
  // Through loadChunk: a deploy while the app is open reloads the page once (data/chunkLoad.ts).
  void loadChunk(() => import("mqtt"))
    .then((m) => generation === feedGeneration && openFeed(o, orders, m.default.connect))
    .catch((err: unknown) => logError("socket", `The feed client could not be started: ${String(err)}`));
}

function openFeed(o: FeedAddress & { clientCode: string; accessToken: string }, orders: OrderUpdateEnv, connect: FeedConnectionOptions["connect"]): void {
  const bridge = orderFeedBridge();
  stopOrderUpdates = startOrderUpdates(bridge.feed, o.clientCode, orders);
  const health = startFeedHealth({
    store: quoteStore,
    subscribedTopics: () => connection?.subscriptions.current() ?? [],
  });
  stopHealth = health.stop;
  connection = connectFeed({
    ...o,
    connect,
    // "Socket and subscription errors are logged only."
    log: (message, detail) => logError("socket", detail === undefined ? message : `${message}: ${String(detail)}`),
    onMarketFrame: (_topic, bytes) => void quoteStore.applyFrame(bytes),
    onOrderUpdate: bridge.onOrderUpdate,
    // The feed's 401: the token is not valid on this broker; the app signs out as on any 401.
    onRefused: () => resetApp(),
    onStatus: (connected) => {
      // Before the connection subscribes: its frames start a new epoch (a restarted broker counts from zero).
      if (connected) quoteStore.newEpoch();
      bridge.onStatus(connected);
      health.onStatus(connected);
    },
  });
  for (const [owner, topics] of declared) connection.subscriptions.setTopics(owner, topics);
}

/**
 * Sign-out: the last client's connection ends now (not when React next renders), which drops
 * the order-update pipeline with its held updates and dedupe memory, and no quote it delivered
 * stays. Topic sets are the panes' and leave with them.
 */
clientState({
  name: "feed",
  holds: () => ({ connected: connection !== undefined, health: feedHealth$.peek().state, quotes: quoteStore.held() }),
  reset: () => {
    stopFeed();
    quoteStore.reset();
  },
});

export function stopFeed(): void {
  feedGeneration++;
  const c = connection;
  connection = undefined;
  stopOrderUpdates?.();
  stopOrderUpdates = undefined;
  stopHealth?.();
  stopHealth = undefined;
  if (c) void c.disconnect().catch(() => undefined);
}

/**
 * One owner's topics now (an empty list clears them). Owners are pane instances (see
 * `paneOwner`) or app-wide sources such as "pinnedHeader"; the manager counts the owners of each topic.
 */
export function setFeedTopics(owner: string, topics: readonly string[]): void {
  if (topics.length === 0) declared.delete(owner);
  else declared.set(owner, [...topics]);
  connection?.subscriptions.setTopics(owner, topics);
}

/** The live quote of one instrument (an observable: read .LastRate.get() inside a selector). */
export function liveQuote(exchange: Exchange, token: number) {
  return quoteStore.quote(exchange, token);
}

/** The last price now, or the fallback when no frame has arrived yet. */
export function peekLtp(exchange: Exchange, token: number, fallback: number): number {
  const v = quoteStore.quote(exchange, token).LastRate.peek();
  return v > 0 ? v : fallback;
}

/** Whether the instrument's price is stale (last tick older than 10 s while its market is open): an observable boolean. */
export function priceStale(exchange: Exchange, token: number) {
  return quoteStore.stale(exchange, token);
}
