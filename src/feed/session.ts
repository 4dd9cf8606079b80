import type { Exchange } from "../core/types/exchange";
import { connectFeed, type FeedConnection } from "./connection";
import { orderFeedBridge, startOrderUpdates, type OrderUpdateEnv } from "./orderUpdates";
import { QuoteStore } from "./quoteStore";
import type { FeedSource } from "./subscriptions";

/**
 * The signed-in session's live feed: one connection, one quote store, and the per-source topic
 * sets, which survive a reconnect or a sign-in (sources declare topics before the socket is up;
 * the connection subscribes the union on connect).
 */
export const quoteStore = new QuoteStore();

let connection: FeedConnection | undefined;
let stopOrderUpdates: (() => void) | undefined;
/** Every source's topic set, replayed onto the next connection. */
const declared = new Map<FeedSource, string[]>();

/**
 * Connects the one feed of the session: market frames into the quote store, order updates
 * through the order-update pipeline (filter, hold, dedupe, toasts, refresh signals).
 */
export function startFeed(o: { url: string; clientCode: string; accessToken: string }, orders: OrderUpdateEnv): void {
  stopFeed();
  const bridge = orderFeedBridge();
  stopOrderUpdates = startOrderUpdates(bridge.feed, o.clientCode, orders);
  connection = connectFeed({
    ...o,
    onMarketFrame: (_topic, bytes) => void quoteStore.applyFrame(bytes),
    onOrderUpdate: bridge.onOrderUpdate,
    onStatus: bridge.onStatus,
  });
  for (const [source, topics] of declared) connection.subscriptions.setSource(source, topics);
}

export function stopFeed(): void {
  const c = connection;
  connection = undefined;
  stopOrderUpdates?.();
  stopOrderUpdates = undefined;
  if (c) void c.disconnect().catch(() => undefined);
}

/** A source's topics now (an empty list clears it). */
export function setFeedSource(source: FeedSource, topics: string[]): void {
  if (topics.length === 0) declared.delete(source);
  else declared.set(source, topics);
  connection?.subscriptions.setSource(source, topics);
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
