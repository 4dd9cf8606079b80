import type { Order, OrderComplexity, OrderType } from "../types/order";
import { DETAILS_AND_REPEAT_STATUSES, MODIFIABLE_STATUSES } from "../types/orderStatus";

const MODIFIABLE = new Set<string>(MODIFIABLE_STATUSES);
const FINAL = new Set<string>(DETAILS_AND_REPEAT_STATUSES);

const norm = (status: string): string => status.trim().toLowerCase();

/** "Statuses that allow modify and cancel" (trading-core section 4). */
export function isModifiableStatus(status: string): boolean {
  return MODIFIABLE.has(norm(status));
}

/** "Statuses that allow only details and repeat". */
export function isDetailsAndRepeatStatus(status: string): boolean {
  return FINAL.has(norm(status));
}

export interface OrderActions {
  modify: boolean;
  cancel: boolean;
  details: boolean;
  repeat: boolean;
}

/**
 * "Each order row offers the actions allowed by its status." Details stay available on working
 * orders too (the info dialog is read-only); an unknown status offers details only.
 */
export function actionsForStatus(status: string): OrderActions {
  if (isModifiableStatus(status)) return { modify: true, cancel: true, details: true, repeat: false };
  if (isDetailsAndRepeatStatus(status)) return { modify: false, cancel: false, details: true, repeat: true };
  return { modify: false, cancel: false, details: true, repeat: false };
}

/** "Pending statuses go in open orders." */
export function isOpenOrder(order: Pick<Order, "orderStatus">): boolean {
  return isModifiableStatus(order.orderStatus);
}

export function openOrders<T extends Pick<Order, "orderStatus">>(orders: readonly T[]): T[] {
  return orders.filter(isOpenOrder);
}

/**
 * Executed orders are those with a fill: complete, partly executed, or ended after a partial fill.
 * The spec lists every order under Executed ("Executed orders list all orders"); issue 11 asks for
 * executed orders only, so that the tab's count means what its name says.
 */
export function isExecutedOrder(order: Pick<Order, "quantity" | "pendingQuantity" | "filledQuantity" | "orderStatus">): boolean {
  return order.filledQuantity > 0 || norm(order.orderStatus) === "complete";
}

export function executedOrders<T extends Pick<Order, "quantity" | "pendingQuantity" | "filledQuantity" | "orderStatus">>(orders: readonly T[]): T[] {
  return orders.filter(isExecutedOrder);
}

const instant = (iso: string | undefined): number => {
  const t = iso ? Date.parse(iso) : NaN;
  return Number.isNaN(t) ? -Infinity : t;
};

/**
 * Lists newest first (orders by when they were placed, trades by trade time): the latest
 * on top whatever order the broker answers in (the spec does not show it). Equal or missing
 * times keep the broker's order.
 */
export function newestFirst<T>(items: readonly T[], timeOf: (item: T) => string | undefined): T[] {
  return items
    .map((item, i) => ({ item, i, t: instant(timeOf(item)) }))
    .sort((a, b) => b.t - a.t || a.i - b.i)
    .map((x) => x.item);
}

export type StatusColour = "blue" | "grey" | "red" | "green";

/**
 * The status colour table:
 *   blue  partly executed, pending, open, triggered, AMO-received
 *   grey  cancelled
 *   red   rejected
 *   green complete, active
 * Statuses the table does not name: lapsed and done for day are grey (ended without a fill,
 * like cancelled); order frozen and busted are red (the exchange refused or undid it).
 * Every other working status (modified, req received, validation pending...) is blue.
 */
export function statusColour(status: string): StatusColour {
  const s = norm(status);
  if (s === "rejected" || s === "order frozen" || s === "busted") return "red";
  if (s === "complete" || s === "active") return "green";
  if (s === "cancelled" || s === "cancelled after market order" || s === "lapsed" || s === "done for day") return "grey";
  return "blue";
}

/**
 * "An order with pendingQuantity greater than 0 and below quantity is shown as PARTLY EXECUTED,
 * with filled/total quantity." Otherwise the status text in capitals.
 */
export function displayStatus(order: Pick<Order, "orderStatus" | "quantity" | "pendingQuantity">): string {
  if (isPartlyExecuted(order)) return "PARTLY EXECUTED";
  return norm(order.orderStatus).toUpperCase();
}

export function isPartlyExecuted(order: Pick<Order, "orderStatus" | "quantity" | "pendingQuantity">): boolean {
  const s = norm(order.orderStatus);
  if (s === "cancelled" || s === "rejected" || s === "complete") return false;
  return order.pendingQuantity > 0 && order.pendingQuantity < order.quantity;
}

/**
 * "filled/total", e.g. "30/100". The filled part is the order's filledQuantity where the row has
 * one: a cancelled or expired order's pending quantity is 0, and its fill stays (894 of 6,000
 * bought, then the rest cancelled, reads 894/6000, not 6000/6000).
 */
export function filledOverTotal(order: Pick<Order, "quantity" | "pendingQuantity"> & Partial<Pick<Order, "filledQuantity">>): string {
  return `${order.filledQuantity ?? order.quantity - order.pendingQuantity}/${order.quantity}`;
}

/** The Qty cell: filled/total once anything filled (a part, the whole, or a part before a cancel), else the quantity. */
export function quantityCell(order: Pick<Order, "orderStatus" | "quantity" | "pendingQuantity" | "filledQuantity">): string {
  return order.filledQuantity > 0 || isPartlyExecuted(order) ? filledOverTotal(order) : String(order.quantity);
}

/** "COMPLETE orders show their average traded price as the price." */
export function displayPrice(order: Pick<Order, "orderStatus" | "price" | "averageTradedPrice">): number {
  return norm(order.orderStatus) === "complete" ? order.averageTradedPrice : order.price;
}

/** "Trade-book rows are shown as complete." */
export const TRADE_BOOK_STATUS = "COMPLETE";

export type LegRole = "main" | "target" | "stop-loss";

/**
 * BO/CO leg roles (section 4):
 *   Main leg: the order has no main-leg id, or its type is MARKET.
 *   Target leg: it has a main-leg id and is LIMIT (BO only).
 *   Stop-loss leg: SL or SLM, or a LIMIT within a CO.
 * A main-leg id equal to the order's own id (or "0") counts as none.
 */
export function legRole(order: {
  brokerOrderId: string;
  mainLegOrderId: string;
  orderType: OrderType;
  orderComplexity: OrderComplexity;
}): LegRole {
  const hasMain = order.mainLegOrderId !== "" && order.mainLegOrderId !== "0" && order.mainLegOrderId !== order.brokerOrderId;
  if (!hasMain || order.orderType === "MARKET") return "main";
  if (order.orderType === "SL" || order.orderType === "SLM") return "stop-loss";
  if (order.orderComplexity === "CO") return "stop-loss";
  return "target";
}

export interface LegGroup<T> {
  main: T;
  legs: T[];
}

/** Groups BO/CO legs under their main leg; a leg whose main leg is absent stands on its own. */
export function groupLegs<T extends Pick<Order, "brokerOrderId" | "mainLegOrderId" | "orderType" | "orderComplexity">>(
  orders: readonly T[],
): LegGroup<T>[] {
  const groups = new Map<string, LegGroup<T>>();
  const out: LegGroup<T>[] = [];
  for (const o of orders) {
    if (legRole(o) === "main") {
      const g = { main: o, legs: [] };
      groups.set(o.brokerOrderId, g);
      out.push(g);
    }
  }
  for (const o of orders) {
    if (legRole(o) === "main") continue;
    const g = groups.get(o.mainLegOrderId);
    if (g) g.legs.push(o);
    else out.push({ main: o, legs: [] });
  }
  return out;
}

export interface OrderTabCounts {
  all: number;
  pending: number;
  executed: number;
  gtt: number;
}

/** "Tabs: All, Pending, Executed, GTT. Each tab shows a count." */
export function orderTabCounts(orders: readonly Pick<Order, "orderStatus" | "quantity" | "pendingQuantity" | "filledQuantity">[], gttCount: number): OrderTabCounts {
  return { all: orders.length, pending: openOrders(orders).length, executed: executedOrders(orders).length, gtt: gttCount };
}
