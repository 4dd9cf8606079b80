import { emitSignal } from "../core/events";
import { notify, type Toast } from "../core/notify";
import { OrderUpdatePipeline, orderUpdateToast, refreshesAfterUpdate, type OnScreen } from "../core/rules/orderUpdates";
import { isExchange } from "../core/types/exchange";
import type { OrderUpdate } from "../core/types/orderUpdate";
import { orderTopic } from "../core/topics";

/**
 * The order-update pipeline (access-and-surroundings section 4, "Order update handling"): order
 * updates arrive as JSON text on prod/updates/order/v1/{clientcode}; the pure rules decide what is
 * shown and when; this module owns the timers, the toasts and the refresh signals. No React.
 */

/** What the pipeline needs of the feed connection: one topic, and word of reconnects. */
export interface OrderFeed {
  subscribe(topic: string, onMessage: (payload: Uint8Array | string | object) => void): () => void;
  onReconnect(fn: () => void): () => void;
}

/**
 * Puts the pipeline on the shared feed connection (connection.ts), which subscribes the order
 * topic itself and hands over parsed updates and its connected state: pass `onOrderUpdate` and
 * `onStatus` to connectFeed and `feed` to startOrderUpdates.
 */
export function orderFeedBridge(): { feed: OrderFeed; onOrderUpdate(update: unknown): void; onStatus(connected: boolean): void } {
  const handlers = new Set<(p: object) => void>();
  const reconnects = new Set<() => void>();
  let everConnected = false;
  let connected = false;
  return {
    feed: {
      subscribe: (_topic, fn) => {
        handlers.add(fn);
        return () => handlers.delete(fn);
      },
      onReconnect: (fn) => {
        reconnects.add(fn);
        return () => reconnects.delete(fn);
      },
    },
    onOrderUpdate: (update) => {
      if (typeof update === "object" && update !== null) for (const fn of handlers) fn(update);
    },
    onStatus: (now) => {
      if (now && !connected && everConnected) for (const fn of reconnects) fn();
      if (now) everConnected = true;
      connected = now;
    },
  };
}

export interface OrderUpdateEnv {
  /** What is on screen, read when an update is shown: the user may have moved. */
  onScreen: () => OnScreen;
  showNotifications: () => boolean;
  /** Re-fetches the order book (after a reconnect, so that no update is missed). */
  refetchOrderBook: () => void;
}

const decoder = new TextDecoder();

/** One update from the wire, or null for anything that is not one (logged, never thrown). */
export function parseOrderUpdate(payload: Uint8Array | string | object): OrderUpdate | null {
  try {
    const raw: unknown = typeof payload === "string" ? JSON.parse(payload) : payload instanceof Uint8Array ? JSON.parse(decoder.decode(payload)) : payload;
    if (typeof raw !== "object" || raw === null) return null;
    const r = raw as Record<string, unknown>;
    if (typeof r.brokerOrderId !== "string" && typeof r.brokerOrderId !== "number") return null;
    if (typeof r.orderStatus !== "string") return null;
    const num = (k: string) => (typeof r[k] === "number" ? (r[k] as number) : Number(r[k] ?? 0) || 0);
    const str = (k: string) => (typeof r[k] === "string" ? (r[k] as string) : r[k] == null ? "" : String(r[k]));
    return {
      brokerOrderId: String(r.brokerOrderId),
      brokerUpdateTime: str("brokerUpdateTime"),
      orderStatus: r.orderStatus,
      validity: str("validity"),
      orderType: str("orderType"),
      exchange: isExchange(r.exchange) ? r.exchange : "NSEEQ",
      tradingSymbol: str("tradingSymbol"),
      transactionType: str("transactionType"),
      quantity: num("quantity"),
      cancelledQuantity: num("cancelledQuantity"),
      pendingQuantity: num("pendingQuantity"),
      filledQuantity: num("filledQuantity"),
      price: num("price"),
      slTriggerPrice: num("slTriggerPrice"),
      rejectionReason: str("rejectionReason"),
      topic: str("topic"),
    };
  } catch {
    console.warn("order update: not JSON");
    return null;
  }
}

/** The toast of a shown update: rejected ones carry "Reason: ..." after the order line. */
export function toastOf(u: OrderUpdate): Toast {
  const t = orderUpdateToast(u);
  return { kind: t.kind, text: t.reason ? `${t.text} ${t.reason}` : t.text };
}

/** Starts the pipeline for a signed-in client; returns the stop. */
export function startOrderUpdates(feed: OrderFeed, clientCode: string, env: OrderUpdateEnv): () => void {
  const gttTimers = new Set<ReturnType<typeof setTimeout>>();

  const show = (u: OrderUpdate) => {
    if (env.showNotifications()) notify(toastOf(u));
    const plan = refreshesAfterUpdate(u, env.onScreen());
    // The list was already refreshed when the update arrived (see below).
    if (plan.positions) emitSignal("positions.refresh");
    if (plan.holdings) emitSignal("holdings.refresh");
    if (plan.limits) emitSignal("limits.refresh");
    if (plan.gttAfterMs !== null) {
      const g = setTimeout(() => {
        gttTimers.delete(g);
        emitSignal("gtt.refresh");
      }, plan.gttAfterMs);
      gttTimers.add(g);
    }
  };

  const pipeline = new OrderUpdatePipeline<ReturnType<typeof setTimeout>>({ set: (fn, ms) => setTimeout(fn, ms), clear: (h) => clearTimeout(h) }, show);

  const unsubscribe = feed.subscribe(orderTopic(clientCode), (payload) => {
    const u = parseOrderUpdate(payload);
    if (!u) return;
    // Tape's decision: every update changes the book, shown or not (a partial fill is not
    // notified), so the orders list refreshes on each one, which includes the spec's "on a
    // shown update while on /orders the order list refreshes".
    emitSignal("orders.refresh");
    pipeline.receive(u);
  });
  const offReconnect = feed.onReconnect(() => env.refetchOrderBook());

  return () => {
    unsubscribe();
    offReconnect();
    pipeline.dispose();
    for (const t of gttTimers) clearTimeout(t);
  };
}
