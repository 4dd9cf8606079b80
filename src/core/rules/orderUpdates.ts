import type { OrderUpdate } from "../types/orderUpdate";

/**
 * The order-update rules of access-and-surroundings section 4 ("Order update handling") as pure
 * logic. The timers are injected so that the pipeline runs the same under a real clock, a fake
 * clock in tests, and the paper broker's simulated clock.
 */
export const NOTIFIED_STATUSES = [
  "rejected",
  "open",
  "cancelled",
  "trigger pending",
  "complete",
  "after market order req received",
  "modify after market order req received",
  "cancelled after market order",
] as const;

/** "For IOC validity only rejected, cancelled and complete are notified." */
export const IOC_NOTIFIED_STATUSES = ["rejected", "cancelled", "complete"] as const;

export const HOLD_MS = 500;
export const DEDUPE_FORGET_MS = 5000;
export const GTT_REFRESH_DELAY_MS = 500;

const HELD = new Set(["open", "trigger pending"]);
const DROPS_HELD = new Set(["complete", "cancelled"]);

const norm = (s: string): string => s.trim().toLowerCase();

export function isNotified(u: Pick<OrderUpdate, "orderStatus" | "validity">): boolean {
  const s = norm(u.orderStatus);
  const list: readonly string[] = u.validity.toUpperCase() === "IOC" ? IOC_NOTIFIED_STATUSES : NOTIFIED_STATUSES;
  return list.includes(s);
}

/** "Duplicates (same order id, update time and status) are ignored." */
export function dedupeKey(u: Pick<OrderUpdate, "brokerOrderId" | "brokerUpdateTime" | "orderStatus">): string {
  return `${u.brokerOrderId}|${u.brokerUpdateTime}|${norm(u.orderStatus)}`;
}

export interface Timers<H> {
  set(fn: () => void, ms: number): H;
  clear(handle: H): void;
}

export type ReceiveOutcome = "shown" | "held" | "not-notified" | "duplicate";

/**
 * - Notified statuses only (and the IOC rule).
 * - Duplicates ignored; a dedupe key is forgotten 5 s after it was seen.
 * - open and trigger pending are held 500 ms, keeping the latest for the order; shown when the hold
 *   ends unless a complete or cancelled for the same order arrives first, which drops the held one.
 * - Everything else notified is shown at once.
 */
export class OrderUpdatePipeline<H> {
  private readonly seen = new Map<string, H>();
  private readonly held = new Map<string, { update: OrderUpdate; timer: H }>();

  constructor(
    private readonly timers: Timers<H>,
    private readonly show: (update: OrderUpdate) => void,
  ) {}

  receive(update: OrderUpdate): ReceiveOutcome {
    if (!isNotified(update)) return "not-notified";
    const key = dedupeKey(update);
    if (this.seen.has(key)) return "duplicate";
    this.seen.set(key, this.timers.set(() => this.seen.delete(key), DEDUPE_FORGET_MS));

    const id = update.brokerOrderId;
    const status = norm(update.orderStatus);
    if (HELD.has(status)) {
      const previous = this.held.get(id);
      if (previous) this.timers.clear(previous.timer);
      const timer = this.timers.set(() => {
        const entry = this.held.get(id);
        this.held.delete(id);
        if (entry) this.show(entry.update);
      }, HOLD_MS);
      this.held.set(id, { update, timer });
      return "held";
    }
    if (DROPS_HELD.has(status)) this.dropHeld(id);
    this.show(update);
    return "shown";
  }

  /** Order ids with an update on hold (for tests and diagnostics). */
  heldOrderIds(): string[] {
    return [...this.held.keys()];
  }

  dispose(): void {
    for (const { timer } of this.held.values()) this.timers.clear(timer);
    for (const timer of this.seen.values()) this.timers.clear(timer);
    this.held.clear();
    this.seen.clear();
  }

  private dropHeld(id: string): void {
    const entry = this.held.get(id);
    if (!entry) return;
    this.timers.clear(entry.timer);
    this.held.delete(id);
  }
}

export interface RefreshPlan {
  orders: boolean;
  /** Milliseconds after which the GTT list refreshes, or null. */
  gttAfterMs: number | null;
  positions: boolean;
  holdings: boolean;
  /**
   * Tape's addition: funds limits refresh on every shown update while they are on screen
   * (/funds, /home): margin is blocked by an open order and released by a cancel, not only on a fill.
   */
  limits: boolean;
}

/** The GTT tab's index on /orders. */
export const GTT_TAB = 3;

/**
 * What is on screen when an update is shown. The spec speaks of the route ("on /orders"); in the
 * tiled workspace a page is "on" when any shown pane shows it, focused or not.
 */
export interface OnScreen {
  /** The views of the shown panes ("orders", "holdings", "home", ...). */
  views: ReadonlySet<string>;
  /** Whether a shown orders pane has the GTT tab active. */
  gttTab: boolean;
}

/**
 * After a shown update: "on /orders the order list refreshes, and the GTT list refreshes after
 * 500 ms if the GTT tab (3) is active. On complete, positions refresh; holdings refresh too when
 * on /holdings or /home."
 */
export function refreshesAfterUpdate(u: Pick<OrderUpdate, "orderStatus">, on: OnScreen): RefreshPlan {
  const onOrders = on.views.has("orders");
  const complete = norm(u.orderStatus) === "complete";
  return {
    orders: onOrders,
    gttAfterMs: onOrders && on.gttTab ? GTT_REFRESH_DELAY_MS : null,
    positions: complete,
    holdings: complete && holdingsShown(on),
    limits: limitsShown(on),
  };
}

/** "when on /holdings or /home": where a refresh of the holdings is seen. */
const holdingsShown = (on: OnScreen) => on.views.has("holdings") || on.views.has("home");
/** Funds limits are shown on /funds and in Home's summary. */
const limitsShown = (on: OnScreen) => on.views.has("funds") || on.views.has("home");

/**
 * Tape's addition to "on a complete update, positions refresh": a fill is what moves a position, and
 * a part fill is no complete update (an "open" order with a filled quantity is not even notified, and
 * a part-filled order cancelled ends "cancelled"). Positions, funds and holdings missed every part
 * fill: Exit on the row then sold the quantity before them. So any update that brings a fill not
 * seen before for its order refreshes them too (a complete one already does, by the spec's rule).
 */
export class FillWatch {
  private readonly filled = new Map<string, number>();

  /** Whether `u` brings a fill the order had not shown before, other than by a complete update (which refreshesAfterUpdate covers). */
  newFill(u: Pick<OrderUpdate, "brokerOrderId" | "filledQuantity" | "orderStatus">): boolean {
    const before = this.filled.get(u.brokerOrderId) ?? 0;
    if (u.filledQuantity <= before) return false;
    this.filled.set(u.brokerOrderId, u.filledQuantity);
    return norm(u.orderStatus) !== "complete";
  }
}

/** After a part fill (FillWatch): positions, and holdings and funds where the spec's complete update would refresh them. */
export function refreshesAfterFill(on: OnScreen): Pick<RefreshPlan, "positions" | "holdings" | "limits"> {
  return { positions: true, holdings: holdingsShown(on), limits: limitsShown(on) };
}

/** Issue 11: "the terminal states (complete, rejected, cancelled)" a reconnect catches up on. */
export const TERMINAL_STATUSES: readonly string[] = ["complete", "rejected", "cancelled"];

export function isTerminal(orderStatus: string): boolean {
  return TERMINAL_STATUSES.includes(norm(orderStatus));
}

/** An order in one terminal state: what "shown once each" counts. */
export function terminalKey(brokerOrderId: string, orderStatus: string): string {
  return `${brokerOrderId}|${norm(orderStatus)}`;
}

/** The fields of an order-book row that make its update (and its toast). */
export type BookRow = Pick<
  OrderUpdate,
  "brokerOrderId" | "orderStatus" | "validity" | "orderType" | "exchange" | "tradingSymbol" | "transactionType" | "quantity" | "pendingQuantity" | "filledQuantity" | "price" | "slTriggerPrice" | "averageTradedPrice"
> & { rejectionReason?: string; orderTime?: string; product?: string; orderNo?: string; orderTag?: string };

/**
 * "On every reconnect the client re-fetches the order book ... and shows the terminal states
 * (complete, rejected, cancelled) that it missed while disconnected, once each": the rows of the
 * fresh book in a terminal state the client had not yet seen, from the wire or an earlier book,
 * as the updates it would have received.
 */
export function missedTerminalUpdates(book: readonly BookRow[], seen: ReadonlySet<string>): OrderUpdate[] {
  const missed: OrderUpdate[] = [];
  for (const o of book) {
    if (!isTerminal(o.orderStatus) || seen.has(terminalKey(o.brokerOrderId, o.orderStatus))) continue;
    missed.push({
      brokerOrderId: o.brokerOrderId,
      brokerUpdateTime: o.orderTime ?? "",
      orderStatus: o.orderStatus,
      validity: o.validity,
      orderType: o.orderType,
      exchange: o.exchange,
      tradingSymbol: o.tradingSymbol,
      transactionType: o.transactionType,
      quantity: o.quantity,
      cancelledQuantity: norm(o.orderStatus) === "cancelled" ? o.pendingQuantity : 0,
      pendingQuantity: o.pendingQuantity,
      filledQuantity: o.filledQuantity,
      price: o.price,
      slTriggerPrice: o.slTriggerPrice,
      averageTradedPrice: o.averageTradedPrice,
      // A terminal state is never the update of a modify.
      modified: false,
      rejectionReason: o.rejectionReason ?? "",
      topic: "",
      // What the wire's update names (issue 28): a fill told from the book after a reconnect says the product, the
      // order's number and the GTT that placed it as the update it stands in for would have.
      ...(o.product ? { product: o.product } : {}),
      ...(o.orderNo ? { orderNo: o.orderNo } : {}),
      ...(o.orderTag ? { orderTag: o.orderTag } : {}),
    });
  }
  return missed;
}
