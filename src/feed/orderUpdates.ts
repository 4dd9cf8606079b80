import { emitSignal } from "../core/events";
import { notify, type Toast } from "../core/notify";
import {
  isTerminal,
  missedTerminalUpdates,
  OrderUpdatePipeline,
  refreshesAfterUpdate,
  FillWatch,
  refreshesAfterFill,
  terminalKey,
  type BookRow,
  type OnScreen,
} from "../core/rules/orderUpdates";
import { orderUpdateToast } from "../core/rules/orderToast";
import { isExchange } from "../core/types/exchange";
import type { OrderUpdate } from "../core/types/orderUpdate";
import { orderTopic } from "../core/topics";
import { logError } from "../data/stores/errorLog";
import { alertToastText, parseAlertMessage } from "../core/rules/alerts";
import { parseRiskMessage } from "../core/rules/riskMessage";
import { isGttTrailMessage } from "../core/rules/gttTrail";
import { isGttChangeMessage } from "../core/rules/gttChange";
import { gttEventToast, isGttEventMessage } from "../core/rules/gttEvent";
import { GttFiringToasts } from "../core/rules/gttFiringToasts";
import { isBasketRunMessage } from "../core/rules/basketRunMessage";
import { noteCaughtUp, noteOrderUpdate } from "../data/stores/latency";
import { resyncOrderBudgetSoon } from "../data/stores/orderBudget";
import { foldIntoGroupToast } from "../data/stores/sliceGroupUpdates";

/**
 * The order-update pipeline (access-and-surroundings section 4, "Order update handling"): order
 * updates arrive as JSON text on prod/updates/order/v1/{clientcode}; the pure rules decide what is
 * shown and when; this module owns the timers, the toasts and the refresh signals. No React.
 */

/** What the pipeline needs of the feed connection: one topic, and word of disconnects and reconnects. */
export interface OrderFeed {
  subscribe(topic: string, onMessage: (payload: Uint8Array | string | object) => void): () => void;
  onReconnect(fn: () => void): () => void;
  onDisconnect(fn: () => void): () => void;
}

/**
 * Puts the pipeline on the shared feed connection (connection.ts), which subscribes the order
 * topic itself and hands over parsed updates and its connected state: pass `onOrderUpdate` and
 * `onStatus` to connectFeed and `feed` to startOrderUpdates.
 */
export function orderFeedBridge(): { feed: OrderFeed; onOrderUpdate(update: unknown): void; onStatus(connected: boolean): void } {
  const handlers = new Set<(p: object) => void>();
  const reconnects = new Set<() => void>();
  const disconnects = new Set<() => void>();
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
      onDisconnect: (fn) => {
        disconnects.add(fn);
        return () => disconnects.delete(fn);
      },
    },
    onOrderUpdate: (update) => {
      if (typeof update === "object" && update !== null) for (const fn of handlers) fn(update);
    },
    onStatus: (now) => {
      // Every connect catches up, the first too: the book loaded before the order topic was
      // subscribed misses an order placed in between (another device, the API) until the next one.
      if (now && !connected) for (const fn of reconnects) fn();
      if (!now && connected) for (const fn of disconnects) fn();
      connected = now;
    },
  };
}

export interface OrderUpdateEnv {
  /**
   * Where the pipeline's toasts go (notify by default). With several windows on one feed every
   * window runs the pipeline for its own book, and only one of them shows the toast (shared.ts).
   */
  toast?: (t: Toast) => void;
  /** What is on screen, read when an update is shown: the user may have moved. */
  onScreen: () => OnScreen;
  showNotifications: () => boolean;
  /** The order book as last loaded, without a fetch; undefined when it was never loaded. */
  orderBook: () => readonly BookRow[] | undefined;
  /** Re-fetches the order book and answers it (undefined when the fetch failed). */
  refetchOrderBook: () => Promise<readonly BookRow[] | undefined>;
  /**
   * Whose books the broker answers from now (src/data/stores/brokerBooks.ts: live, or a replayed
   * day's), asked of the broker; undefined when it cannot say. Without it the books never change.
   */
  books?: () => Promise<string | undefined>;
}

const decoder = new TextDecoder();

/** The wire's JSON as an object (the connection hands over parsed objects; tests may hand text or bytes), or null. */
function payloadObject(payload: Uint8Array | string | object): unknown {
  try {
    return typeof payload === "string" ? JSON.parse(payload) : payload instanceof Uint8Array ? JSON.parse(decoder.decode(payload)) : payload;
  } catch {
    return null;
  }
}

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
      averageTradedPrice: num("averageTradedPrice"),
      modified: r.modified === true,
      rejectionReason: str("rejectionReason"),
      topic: str("topic"),
      ...(typeof r.product === "string" && r.product !== "" ? { product: r.product } : {}),
      ...((typeof r.orderNo === "string" || typeof r.orderNo === "number") && r.orderNo !== "" ? { orderNo: String(r.orderNo) } : {}),
      ...(typeof r.orderTag === "string" && r.orderTag !== "" ? { orderTag: r.orderTag } : {}),
      ...(r.modifyReason === "trail" ? { modifyReason: "trail" as const, previousTrigger: num("previousTrigger") } : {}),
    };
  } catch {
    logError("socket", "order update: not JSON");
    return null;
  }
}

/** The toast of a shown update: rejected ones carry ". Reason: ..." after the order line. */
export function toastOf(u: OrderUpdate): Toast {
  const t = orderUpdateToast(u);
  return { kind: t.kind, text: t.reason ? `${t.text}. ${t.reason}` : t.text, ...(t.id ? { id: t.id } : {}), ...(t.tells ? { tells: t.tells } : {}) };
}

/** Starts the pipeline for a signed-in client; returns the stop. */
export function startOrderUpdates(feed: OrderFeed, clientCode: string, env: OrderUpdateEnv): () => void {
  const gttTimers = new Set<ReturnType<typeof setTimeout>>();
  const say = env.toast ?? notify;
  // One toast per GTT firing, the order's or the GTT message's (gttFiringToasts.ts).
  const firings = new GttFiringToasts();

  const show = (u: OrderUpdate) => {
    // A slice's update that a group modify or cancel of this window caused is told by that action's one toast (sliceGroupUpdates.ts).
    const folded = foldIntoGroupToast(u);
    if (env.showNotifications() && !folded && firings.sayOrder(u)) say(toastOf(u));
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

  const fills = new FillWatch();
  const pipeline = new OrderUpdatePipeline<ReturnType<typeof setTimeout>>({ set: (fn, ms) => setTimeout(fn, ms), clear: (h) => clearTimeout(h) }, show);

  // Every terminal state the client has seen (on the wire or in a book), so that a reconnect shows
  // the ones it missed, once each. Missed ones can be told only against a book seen before the
  // disconnect: loaded now unless a pane already did.
  // The books the baseline was taken from: a reconnect to other books (a replay started or left,
  // the broker restarted on its other database) has missed nothing of them but the orders this window
  // placed in them before the feed was back, and its other terminal orders (a replay's earlier run of
  // the same day) are no news: they are learnt, not shown.
  const seenTerminal = new Set<string>();
  // The terminal states a catch-up told from the book. Their own updates may still be on the wire (the first connect's
  // book can be read after a fill and before its update arrives), and the book's telling has no update time to dedupe
  // on, so the wire's telling of one of these refreshes without a second toast ("once each").
  const toldFromBook = new Set<string>();
  let haveBaseline = false;
  let baselineBooks: string | undefined;
  let stopped = false;
  const booksNow = () => env.books?.() ?? Promise.resolve(undefined);
  const learn = (book: readonly BookRow[]) => {
    haveBaseline = true;
    for (const o of book) if (isTerminal(o.orderStatus)) seenTerminal.add(terminalKey(o.brokerOrderId, o.orderStatus));
  };
  void booksNow().then((b) => (baselineBooks = b));
  const initial = env.orderBook();
  if (initial) learn(initial);
  else void env.refetchOrderBook().then((book) => !stopped && book && learn(book));

  const unsubscribe = feed.subscribe(orderTopic(clientCode), (payload) => {
    // A fired price alert shares the order topic: the trader asked for it, so it is shown whatever the notification setting.
    const alert = parseAlertMessage(payloadObject(payload));
    if (alert) {
      say({ kind: "success", text: alertToastText(alert) });
      emitSignal("alerts.refresh");
      return;
    }
    // The risk desk (issue 33): a kill switch on, a loss limit tripped, an alert's orders placed. Shown like an alert: the trader set it up.
    const risk = parseRiskMessage(payloadObject(payload));
    if (risk) {
      say({ kind: risk.event === "alert orders" ? "success" : "danger", text: risk.text });
      emitSignal("risk.refresh");
      if (risk.event === "alert orders") emitSignal("alerts.refresh");
      return;
    }
    // A GTT fired, failed or lapsed by itself (gttEvent.ts): the GTT book reloads now, not only after an order update.
    const gttEvent = payloadObject(payload);
    if (isGttEventMessage(gttEvent)) {
      emitSignal("gtt.refresh");
      // Decision: a refused or lapsed GTT is told whatever the notification setting, as an alert is (it has no order whose
      // updates could tell it); a placed one stands in for its order's placement toast, so it follows the setting.
      const shown = gttEvent.status !== "TRIGGERED" || env.showNotifications();
      if (shown && firings.sayGtt(gttEvent)) say(gttEventToast(gttEvent));
      return;
    }
    // A trail moved a GTT's leg (issue 33), or the trader placed, modified or cancelled a GTT in some window
    // (gttChange.ts): the GTT book reloads, quietly (the acting window toasted its answer; gttTrail.ts says why).
    if (isGttTrailMessage(payloadObject(payload)) || isGttChangeMessage(payloadObject(payload))) {
      emitSignal("gtt.refresh");
      return;
    }
    // A basket's last run changed (a firing here or in another window, an alert's): the Baskets store reads it again, quietly.
    if (isBasketRunMessage(payloadObject(payload))) {
      emitSignal("baskets.refresh");
      return;
    }
    const u = parseOrderUpdate(payload);
    if (!u) return;
    noteOrderUpdate(u.brokerOrderId);
    resyncOrderBudgetSoon();
    const terminal = isTerminal(u.orderStatus) ? terminalKey(u.brokerOrderId, u.orderStatus) : undefined;
    if (terminal) seenTerminal.add(terminal);
    // Tape's decision: every update changes the book, shown or not (a partial fill is not
    // notified), so the orders list refreshes on each one, which includes the spec's "on a
    // shown update while on /orders the order list refreshes".
    emitSignal("orders.refresh");
    // A part fill moves the position too (FillWatch): positions refresh on it, not only on complete.
    if (fills.newFill(u)) {
      const plan = refreshesAfterFill(env.onScreen());
      if (plan.positions) emitSignal("positions.refresh");
      if (plan.holdings) emitSignal("holdings.refresh");
      if (plan.limits) emitSignal("limits.refresh");
    }
    if (terminal && toldFromBook.delete(terminal)) return;
    pipeline.receive(u);
  });
  // The book as it stood when the feed went: what it shows was not missed.
  const offDisconnect = feed.onDisconnect(() => {
    const book = env.orderBook();
    if (book) learn(book);
  });
  // Issue 11: "On every reconnect the client re-fetches the order book, positions and funds, and
  // shows the terminal states (complete, rejected, cancelled) that it missed while disconnected, once each."
  // Tape adds the books the broker keeps beside them (GTTs, alerts, the risk desk, baskets' last runs): a GTT may have
  // triggered while the feed was away, and a reconnect after the broker restarted on a replayed day,
  // or back to live, reaches another account's database altogether (issue 35).
  const offReconnect = feed.onReconnect(() => {
    emitSignal("positions.refresh");
    emitSignal("holdings.refresh");
    emitSignal("limits.refresh");
    emitSignal("gtt.refresh");
    emitSignal("alerts.refresh");
    emitSignal("risk.refresh");
    emitSignal("baskets.refresh");
    void Promise.all([env.refetchOrderBook(), booksNow()]).then(([book, books]) => {
      if (stopped || !book) return;
      // Orders this window placed while the feed was away (a replay's broker answers before the feed is back on it):
      // their updates went to nobody, so the book is their first update (the latency log's), and their end is news.
      const placedWhileAway = noteCaughtUp(books, book.map((o) => o.brokerOrderId));
      const tell = (u: OrderUpdate) => {
        const key = terminalKey(u.brokerOrderId, u.orderStatus);
        seenTerminal.add(key);
        if (pipeline.receive(u) === "shown") toldFromBook.add(key);
      };
      // Books nobody could name (a health answer lost) are taken for the same: a missed fill shown beats one hidden.
      const sameBooks = books === undefined || baselineBooks === undefined || books === baselineBooks;
      if (haveBaseline && sameBooks) {
        for (const u of missedTerminalUpdates(book, seenTerminal)) tell(u);
      } else if (!sameBooks) {
        // Other books number their orders afresh (a replay's 2612070000001 is not the live one, FINDINGS-29 §6):
        // what was seen of the books left would hide a later catch-up of an order of the same number here.
        seenTerminal.clear();
        toldFromBook.clear();
        for (const u of missedTerminalUpdates(book, seenTerminal)) if (placedWhileAway.has(u.brokerOrderId)) tell(u);
      }
      learn(book);
      baselineBooks = books ?? baselineBooks;
    });
  });

  return () => {
    stopped = true;
    unsubscribe();
    offDisconnect();
    offReconnect();
    pipeline.dispose();
    for (const t of gttTimers) clearTimeout(t);
  };
}
