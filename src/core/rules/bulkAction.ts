import type { Toast } from "../notify";
import { productLabel } from "../format";
import type { Order, OrderRequest } from "../types/order";
import { listed, orderHead } from "./orderToast";
import type { Position } from "../types/portfolio";
import { openOrders } from "./orderStatus";
import { cancelAllTakes, isSubLeg, legsStayText, type LegIds } from "./cancelAll";
import { exitOrderFor } from "./positionActions";
import { exitablePositions, isOpenPosition } from "./positions";
import { workingCover, type WorkingOrder } from "./exitWorking";
import { positionExit } from "./positionExit";

/**
 * Armed bulk actions (issue 19): cancel all, exit all (long positions other than BO and CO, the
 * spec's exit all) and flatten all (every open order cancelled, then every open position, long
 * and short, exited at market). A plan is what the preview shows and what is then sent, nothing else.
 * BO and CO positions are flattened by cancelling their working legs (the broker exits a leg's
 * position when the leg is cancelled), so flatten all sends no exit order for them.
 */
export type BulkKind = "cancelAll" | "exitAll" | "flattenAll";

export const BULK_TITLES: Record<BulkKind, string> = {
  cancelAll: "Cancel all open orders",
  exitAll: "Exit all long positions",
  flattenAll: "Flatten all: cancel every open order and exit every position",
};

export interface BulkExit {
  order: OrderRequest;
  tradingSymbol: string;
  /** Quantity times last price times multiplier, in rupees. */
  value: number;
}

export interface BulkPlan {
  kind: BulkKind;
  /** Open orders cancelled (one cancel-all call carries them). */
  cancels: Array<{ orderNo: string; tradingSymbol: string; transactionType: string; pendingQuantity: number; value: number; leg?: true }>;
  /** Cancel all: the open BO/CO legs the broker's cancel all leaves working (rules/cancelAll.ts), by order number and name. */
  legsKept: Array<{ orderNo: string; name: string }>;
  exits: BulkExit[];
  /**
   * Positions working closing orders already exit, wholly or in part (rules/exitWorking.ts, the rule
   * x follows): "SBIN-EQ INTRADAY 10: SELL 4 @ 990.00, order N, already exits 4: this exits the other 6".
   */
  covered: string[];
  estimatedValue: number;
}

type PlanOrder = Pick<Order, "orderNo" | "orderStatus" | "tradingSymbol" | "transactionType" | "pendingQuantity" | "price" | "exchange" | "token"> & LegIds & WorkingOrder;
type PlanPosition = Pick<Position, "exchange" | "instrumentId" | "token" | "netQuantity" | "product" | "type" | "tradingSymbol" | "ltp" | "multiplier">;

/**
 * `unitOf`: rupees per unit of an order's quantity per rupee of price (contractValue.ts valuePerUnit:
 * a USDINR lot is 1,000 dollars, a GOLD lot 100 times its price); 1 where not known. The cancels'
 * value read 88.01 for a lot of USDINR at 88.0125 (the exits' multiplied: one preview, two rules).
 */
export function planBulk(
  kind: BulkKind,
  orders: readonly PlanOrder[],
  positions: readonly PlanPosition[],
  ltpOf: (tradingSymbol: string) => number | undefined = () => undefined,
  unitOf: (exchange: string, token: string) => number = () => 1,
): BulkPlan {
  const open = kind === "exitAll" ? [] : openOrders(orders);
  // Cancel all cancels what the broker's cancel all cancels, no more; flatten all cancels the legs too, each by itself (its position exits).
  const cancelled = kind === "cancelAll" ? open.filter(cancelAllTakes) : open;
  const cancels = cancelled.map((o) => ({
    orderNo: o.orderNo,
    tradingSymbol: o.tradingSymbol,
    transactionType: o.transactionType,
    pendingQuantity: o.pendingQuantity,
    value: o.pendingQuantity * (o.price > 0 ? o.price : (ltpOf(o.tradingSymbol) ?? 0)) * unitOf(o.exchange, o.token),
    ...(isSubLeg(o) ? { leg: true as const } : {}),
  }));
  const legsKept = kind === "cancelAll" ? open.filter(isSubLeg).map((o) => ({ orderNo: o.orderNo, name: orderHead(o.pendingQuantity, o.transactionType, o.tradingSymbol) })) : [];
  const exitFrom = kind === "cancelAll" ? [] : kind === "exitAll" ? exitablePositions(positions) : positions.filter((p) => isOpenPosition(p) && p.type !== "BO" && p.type !== "CO");
  // The orders left working once the plan's cancels are sent: each exits its part of a position
  // already (exit all cancels none; flatten all cancels every one, so none covers anything there).
  const cancelledNos = new Set(cancelled.map((o) => o.orderNo));
  const working = openOrders(orders).filter((o) => !cancelledNos.has(o.orderNo));
  const covered: string[] = [];
  const exits = exitFrom.flatMap((p) => {
    const order = exitOrderFor(p);
    const intent = positionExit(p);
    if (!order) return [];
    // A second full-size exit beside a working target SELL 75 filled, and the target then opened a short.
    const cover = intent && workingCover(intent, working);
    const quantity = cover ? cover.left : order.quantity;
    if (cover) covered.push(`${p.tradingSymbol} ${productLabel(p.product)} ${Math.abs(p.netQuantity)}: ${cover.already}${cover.left === 0 ? ": not sent" : `: this exits the other ${cover.left}`}`);
    return quantity > 0 ? [{ order: { ...order, quantity }, tradingSymbol: p.tradingSymbol, value: quantity * p.ltp * (p.multiplier || 1) }] : [];
  });
  const estimatedValue = [...cancels, ...exits].reduce((s, x) => s + x.value, 0);
  return { kind, cancels, exits, covered, estimatedValue, legsKept };
}

/** The orders a preview names one by one; past them it says how many more (the session log lists every one sent). */
export const PREVIEW_ORDERS = 8;

/**
 * The preview's orders, each as it will be sent, cancels first (they go first): "Cancel Qty 10 BUY
 * INFY-EQ (order 2612…)", "Exit Qty 150 SELL NIFTY…CE NRML at market". It named the instruments
 * alone ("Instruments: NIFTY26DECFUT, ITC-EQ"), where a trader about to send reads neither side nor
 * quantity. Past PREVIEW_ORDERS, "and N more orders": a three-second preview is read, not scrolled.
 */
export function planOrderLines(plan: Pick<BulkPlan, "cancels" | "exits">, max = PREVIEW_ORDERS): string[] {
  const all = [
    ...plan.cancels.map((c) => `Cancel ${orderHead(c.pendingQuantity, c.transactionType, c.tradingSymbol)} (order ${c.orderNo})`),
    // The product as the screens write it (NRML): the wire's NORMAL read as a field name.
    ...plan.exits.map((x) => `Exit ${orderHead(x.order.quantity, x.order.transactionType, x.tradingSymbol)} ${productLabel(x.order.product)} at market`),
  ];
  const more = all.length - max;
  return more > 0 ? [...all.slice(0, max), `and ${more} more order${more === 1 ? "" : "s"}`] : all;
}

/** True when the plan sends nothing (the preview then says so and arms nothing). */
export function planIsEmpty(plan: BulkPlan): boolean {
  return plan.cancels.length === 0 && plan.exits.length === 0;
}

/** What a sent plan did, by name ("Qty {q} {side} {tradingSymbol}", as every order toast names an order). */
export interface BulkDone {
  /** The orders the broker answered as cancelled. */
  cancelled: string[];
  /** The exits the broker placed. */
  exitsPlaced: string[];
  /** What the broker refused or did not answer ("cancel all", "exit Qty 4 SELL INFY-EQ"). */
  notDone: string[];
  /** The calls sent (one cancel all or one per previewed order, one per exit or slice). */
  sent: number;
  /** Open orders the plan did not hold (placed after the preview): left open, by name. */
  leftOpen?: string[];
  /** The plan's orders no longer open when it was sent (filled, or cancelled elsewhere): not sent, by name. */
  closedMeanwhile?: string[];
  /** Cancel all: how many BO/CO legs it left working (the plan's legsKept). */
  legsKept?: number;
  /** Exits sent smaller than previewed, the books having changed by then (exitsNow): "Qty 75 SELL X: 0 sent, 0 open now". */
  trimmed?: string[];
}

/** An open order as the book has it when the plan is sent. */
type OpenNow = Pick<Order, "orderNo" | "tradingSymbol" | "transactionType" | "pendingQuantity"> & { filledQuantity?: number };

/**
 * How a plan's cancels go out, from the open orders when it is sent. The spec's one cancel-all
 * call cancels every open order, so it is sent only when those are exactly the plan's; otherwise
 * each of the plan's orders still open is cancelled by itself, and an order placed during the
 * countdown (another window, another device, the API) stays open and is named. An order of the plan
 * no longer open (filled, or cancelled elsewhere) is not sent.
 */
export function cancelRoute(plan: BulkPlan, openNow: readonly OpenNow[]): { all: boolean; each: string[]; leftOpen: string[]; closedMeanwhile: string[] } {
  const planned = new Set(plan.cancels.map((c) => c.orderNo));
  const open = new Set(openNow.map((o) => o.orderNo));
  // The legs the plan said stay are not "placed after the preview": cancel all leaves them, as it said.
  const kept = new Set(plan.legsKept.map((k) => k.orderNo));
  const leftOpen = openNow.filter((o) => !planned.has(o.orderNo) && !kept.has(o.orderNo)).map((o) => orderHead(o.pendingQuantity, o.transactionType, o.tradingSymbol));
  const each = plan.cancels.filter((c) => open.has(c.orderNo)).map((c) => c.orderNo);
  const closedMeanwhile = plan.cancels.filter((c) => !open.has(c.orderNo)).map((c) => cancelledName(plan, c.orderNo));
  // The one cancel-all call skips BO/CO legs (rules/cancelAll.ts): a plan cancelling a leg (flatten all) cancels each by itself.
  const all = leftOpen.length === 0 && closedMeanwhile.length === 0 && !plan.cancels.some((c) => c.leg);
  return { all, each, leftOpen, closedMeanwhile };
}

/**
 * An order the cancel-all answer names: as the book had it when the cancel was sent (`now`), else as
 * the plan had it, or by number when it came after the plan. A part-filled order says what was filled:
 * "Qty 6 BUY INFY-EQ (4 filled)": the 6 are cancelled, the 4 bought stand (a position the trader holds).
 */
export function cancelledName(plan: BulkPlan, orderNo: string, now?: OpenNow): string {
  const c = now ?? plan.cancels.find((x) => x.orderNo === orderNo);
  if (!c) return `order ${orderNo}`;
  const filled = now?.filledQuantity ?? 0;
  return `${orderHead(c.pendingQuantity, c.transactionType, c.tradingSymbol)}${filled > 0 ? ` (${filled} filled)` : ""}`;
}

/**
 * The names of the cancelled orders, part-filled ones first: a toast names four and counts the rest
 * ("… and 4 more"), and a part fill is what the trader must not miss in it.
 */
export function cancelledNames(plan: BulkPlan, orderNos: readonly string[], openNow: readonly OpenNow[]): string[] {
  const byNo = new Map(openNow.map((o) => [o.orderNo, o]));
  return partFilledFirst(orderNos, openNow).map((n) => cancelledName(plan, n, byNo.get(n)));
}

/** Order numbers, those part filled in `openNow` first, each group in its own order. */
export function partFilledFirst(orderNos: readonly string[], openNow: readonly OpenNow[]): string[] {
  const filled = new Set(openNow.filter((o) => (o.filledQuantity ?? 0) > 0).map((o) => o.orderNo));
  return [...orderNos.filter((n) => filled.has(n)), ...orderNos.filter((n) => !filled.has(n))];
}

/**
 * The toast after a bulk action (issue 28, "toasts say what happened to what"): the title, then
 * what was cancelled and which exits were placed, by name; or how many were not done and which.
 * Long lists name four and count the rest (the session log has every line).
 */
export function bulkToast(kind: BulkKind, d: BulkDone): Toast {
  const title = BULK_TITLES[kind];
  if (d.notDone.length > 0) return { kind: "danger", text: `${title}: ${d.notDone.length} of ${d.sent} not done (see the session log): ${listed(d.notDone)}` };
  const parts: string[] = [];
  if (d.cancelled.length > 0) parts.push(`cancelled ${listed(d.cancelled)}`);
  if (d.exitsPlaced.length > 0) parts.push(`exits placed for ${listed(d.exitsPlaced)}`);
  if (d.closedMeanwhile?.length) parts.push(`no longer open when sent: ${listed(d.closedMeanwhile)}`);
  if (d.leftOpen?.length) parts.push(`left open, placed after the preview: ${listed(d.leftOpen)}`);
  if (d.legsKept) parts.push(legsStayText(d.legsKept));
  if (d.trimmed?.length) parts.push(`cut when sent: ${listed(d.trimmed)}`);
  const said = parts.join("; ");
  return { kind: "success", text: `${title}: done${said ? `. ${said.charAt(0).toUpperCase()}${said.slice(1)}` : ""}` };
}

/**
 * The plan's exits as they go out, by the books when it is sent (after its countdown and its
 * cancels): each is cut to what is still open of its position less what working closing orders
 * (those still open now: a cancel refused, an order placed since) already exit (rules/exitWorking.ts,
 * the rule the preview used). Never larger than previewed. A working SELL 75 that filled during the
 * countdown left the position flat, and Exit all's SELL 75 then opened a short. `trimmed` says each
 * exit cut: "Qty 75 SELL NIFTY26DECFUT: 0 sent, 0 open now".
 */
export function exitsNow(plan: Pick<BulkPlan, "exits">, positionsNow: readonly PlanPosition[], openNow: readonly PlanOrder[]): { exits: BulkExit[]; trimmed: string[] } {
  const trimmed: string[] = [];
  const exits = plan.exits.flatMap((x) => {
    const o = x.order;
    const p = positionsNow.find((q) => q.exchange === o.exchange && String(q.instrumentId) === String(o.instrumentId) && q.product === o.product);
    const net = p?.netQuantity ?? 0;
    const open = Math.max(0, o.transactionType === "SELL" ? net : -net);
    const cover = p && open > 0 ? workingCover({ exchange: p.exchange, token: p.token, product: p.product, transactionType: o.transactionType, quantity: open }, openOrders(openNow)) : undefined;
    const quantity = Math.min(o.quantity, cover ? cover.left : open);
    if (quantity < o.quantity) {
      const why = cover ? cover.already : `${open} open now`;
      trimmed.push(`${orderHead(o.quantity, o.transactionType, x.tradingSymbol)}: ${quantity} sent, ${why}`);
    }
    return quantity > 0 ? [{ ...x, order: { ...o, quantity }, value: (x.value * quantity) / o.quantity }] : [];
  });
  return { exits, trimmed };
}
