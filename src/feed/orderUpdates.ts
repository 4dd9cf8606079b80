import { emitSignal } from "../core/events";
import { notify } from "../core/notify";
import { OrderUpdatePipeline, orderToast, refreshTargets } from "../core/rules/orderUpdates";
import { isExchange } from "../core/types/exchange";
import type { OrderUpdate } from "../core/types/orderUpdate";
import { orderTopic } from "./topics";

/**
 * The order-update pipeline (access-and-surroundings section 4, "Order update handling"): order
 * updates arrive as JSON text on prod/updates/order/v1/{clientcode}; the pure rules decide what is
 * shown and when; this module owns the timers, the toasts and the refresh signals. No React.
 */

/** What the pipeline needs of the feed connection: one topic, and word of reconnects. */
export interface OrderFeed {
  subscribe(topic: string, onMessage: (payload: Uint8Array | string) => void): () => void;
  onReconnect(fn: () => void): () => void;
}

export interface OrderUpdateEnv {
  /** Read at the moment an update is shown: the user may have moved. */
  where: () => { onOrders: boolean; gttTabActive: boolean; onHoldingsOrHome: boolean };
  showNotifications: () => boolean;
  /** Re-fetches the order book (after a reconnect, so that no update is missed). */
  refetchOrderBook: () => void;
  now?: () => number;
}

/** GTT list refresh after an order update (trading-core section 9). */
export const GTT_REFRESH_DELAY_MS = 500;

const decoder = new TextDecoder();

/** One update from the wire, or null for anything that is not one (logged, never thrown). */
export function parseOrderUpdate(payload: Uint8Array | string): OrderUpdate | null {
  try {
    const raw: unknown = JSON.parse(typeof payload === "string" ? payload : decoder.decode(payload));
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

/** Starts the pipeline for a signed-in client; returns the stop. */
export function startOrderUpdates(feed: OrderFeed, clientCode: string, env: OrderUpdateEnv): () => void {
  const now = env.now ?? (() => Date.now());
  const pipeline = new OrderUpdatePipeline();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timers = new Set<ReturnType<typeof setTimeout>>();

  const show = (u: OrderUpdate, listRefreshed: boolean) => {
    if (env.showNotifications()) notify(orderToast(u));
    const t = refreshTargets(u, env.where());
    if (t.orders && !listRefreshed) emitSignal("orders.refresh");
    if (t.positions) emitSignal("positions.refresh");
    if (t.holdings) emitSignal("holdings.refresh");
    if (t.gtt) {
      const g = setTimeout(() => {
        timers.delete(g);
        emitSignal("gtt.refresh");
      }, GTT_REFRESH_DELAY_MS);
      timers.add(g);
    }
  };

  const schedule = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    const at = pipeline.nextReleaseAt();
    if (at === undefined) return;
    timer = setTimeout(() => {
      timer = undefined;
      for (const u of pipeline.release(now())) show(u, false);
      schedule();
    }, Math.max(0, at - now()));
  };

  const unsubscribe = feed.subscribe(orderTopic(clientCode), (payload) => {
    const u = parseOrderUpdate(payload);
    if (!u) return;
    // Tape's decision: every update changes the book, shown or not (a partial fill is not
    // notified), so the orders list refreshes on each one; the spec's refresh on a shown update
    // is then already done.
    emitSignal("orders.refresh");
    for (const shown of pipeline.push(u, now())) show(shown, true);
    schedule();
  });
  const offReconnect = feed.onReconnect(() => env.refetchOrderBook());

  return () => {
    unsubscribe();
    offReconnect();
    if (timer) clearTimeout(timer);
    for (const t of timers) clearTimeout(t);
  };
}
