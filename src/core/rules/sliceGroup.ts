import { formatPrice, orderTypeLabel } from "../format";
import type { Order, OrderRequest } from "../types/order";
import type { OrderUpdate } from "../types/orderUpdate";
import type { ModifyBody } from "../wire/orders";
import { displayStatus, isModifiableStatus } from "./orderStatus";
import { bookPriceText } from "./orderBookCells";
import { listed, orderHead, orderLine, productPart, updateWord } from "./orderToast";
import { sliceGroupOf } from "./slicing";

/**
 * A sliced order's one line of the order book (issue 19, README: "shown as one line of the order
 * book") and what the line's keys do to the order it stands for. Each slice is its own order at the
 * broker: it can be modified, cancelled or filled apart from the others, so the line never shows one
 * slice's figure as the group's, and `m` and `Delete` on the line act on every slice still open.
 */

/** A group's slices in the order they were sent (slice 1 first). */
export function slicesInOrder(orders: readonly Order[]): Order[] {
  const index = (o: Order) => sliceGroupOf(o.clientOrderKey)?.index ?? 0;
  return [...orders].sort((a, b) => index(a) - index(b));
}

/** The slices a group modify or cancel acts on: those still open or pending, in slice order. */
export function openSlicesOf(slices: readonly Order[]): Order[] {
  return slicesInOrder(slices).filter((o) => isModifiableStatus(o.orderStatus));
}

/** Beyond this many distinct figures the cell says "mixed" rather than a list that would not fit the column. */
export const MAX_FIGURES_SHOWN = 2;

/**
 * One column of the group's line from its slices' own figures: the figure when every slice has it,
 * else each distinct figure in slice order ("10.00 / 12.00"), or "mixed" when there are more than
 * MAX_FIGURES_SHOWN (`o` shows each slice). Never the first slice's figure standing for the rest.
 */
export function groupFigure(figures: readonly string[]): string {
  const distinct = [...new Set(figures)];
  if (distinct.length <= MAX_FIGURES_SHOWN) return distinct.join(" / ");
  return `mixed (${distinct.length}): o shows each`;
}


// A slice without a trigger reads "—" beside one with a trigger, so that "— / 9.50" says one has none.
const triggerFigure = (o: Order): string => (o.slTriggerPrice ? formatPrice(o.slTriggerPrice, o.exchange) : "—");

export const groupPrice = (slices: readonly Order[]): string => groupFigure(slicesInOrder(slices).map(bookPriceText));
/** Empty when no slice has a trigger, as an order without one shows an empty cell. */
export function groupTrigger(slices: readonly Order[]): string {
  const figures = slicesInOrder(slices).map(triggerFigure);
  return figures.every((f) => f === "—") ? "" : groupFigure(figures);
}
export const groupOrderType = (slices: readonly Order[]): string => groupFigure(slicesInOrder(slices).map((o) => orderTypeLabel(o.orderType)));
export const groupValidity = (slices: readonly Order[]): string => groupFigure(slicesInOrder(slices).map((o) => o.validity));

export interface StatusCount {
  /** The book's word for it (displayStatus): "OPEN", "PARTLY EXECUTED". */
  status: string;
  /** The broker's status of the first slice with it (for its colour). */
  orderStatus: string;
  count: number;
}

/** How many slices are in each status, in the order the statuses first appear among the slices. */
export function groupStatuses(slices: readonly Order[]): StatusCount[] {
  const out: StatusCount[] = [];
  for (const o of slicesInOrder(slices)) {
    const status = displayStatus(o);
    const seen = out.find((s) => s.status === status);
    if (seen) seen.count += 1;
    else out.push({ status, orderStatus: o.orderStatus, count: 1 });
  }
  return out;
}

/** "OPEN" when every slice is in the one status; else each with its count, "1 OPEN · 1 CANCELLED". */
export function groupStatusText(slices: readonly Order[]): string {
  const counts = groupStatuses(slices);
  return counts.length === 1 ? counts[0]!.status : counts.map((s) => `${s.count} ${s.status}`).join(" · ");
}

/**
 * The terms a group modify sets on every open slice: order type, price, trigger, validity (its GTD
 * date) and a stop's trail, the fields the window shows for the group. Quantity and disclosed
 * quantity are left out (the wire's ModifyBody keeps a field left out): each is the slice's own, so
 * a slice of 1800 and one of 75 stay 1800 and 75.
 */
export function groupModifyBody(req: OrderRequest): ModifyBody {
  const body: ModifyBody = { orderType: req.orderType, price: req.price, slTriggerPrice: req.slTriggerPrice, validity: req.validity };
  if (req.validity === "GTD" && req.gtdValidityDate !== undefined) body.gtdValidityDate = req.gtdValidityDate;
  if (req.trailValue !== undefined) body.trailValue = req.trailValue;
  if (req.trailUnit !== undefined) body.trailUnit = req.trailUnit;
  if (req.trailJump !== undefined) body.trailJump = req.trailJump;
  return body;
}

/** One request of a group modify or cancel: the slice it is for (1-based, of count) and its quantity, for the toast. */
export interface SliceTarget {
  orderNo: string;
  /** 1-based, as the trader counts slices ("slice 2 of 2"). */
  slice: number;
  count: number;
  quantity: number;
}

/**
 * The slices a group modify or cancel sends one request each to, each once, in slice order: every
 * slice still open, unless `pick` names them (a confirmed cancel: the slices its dialog listed).
 */
export function sliceTargets(slices: readonly Order[], pick: (o: Order) => boolean = (o) => isModifiableStatus(o.orderStatus)): SliceTarget[] {
  return slicesInOrder(slices).filter(pick).map((o) => {
    const g = sliceGroupOf(o.clientOrderKey);
    return { orderNo: o.orderNo, slice: (g?.index ?? 0) + 1, count: g?.count ?? slices.length, quantity: o.quantity };
  });
}

export type SliceOutcome = { kind: "done" } | { kind: "refused"; reason: string } | { kind: "no answer"; reason: string };
export interface SliceResult extends SliceTarget {
  outcome: SliceOutcome;
}

const sliceName = (r: SliceTarget): string => `slice ${r.slice} (${r.quantity})`;

/**
 * The one toast of a group modify or cancel: how many slices went, with the total, then which did
 * not and why, in the order toasts' format (orderToast.ts: "...({type} Order){product}{no}"):
 * "Modified 2 slices: Qty 1875 BUY X @ ₹12.00 (LIMIT Order) NRML, order 2612070000017 and 1 more";
 * "Modified 1 of 2 slices (slice 1 (1800)): Qty … NRML, order … and 1 more. Not modified: slice 2
 * (75): EC993 …". `what` names the order with its product (its terms for a modify, its side, total
 * and instrument for a cancel). {no} names the first slice the action was sent to by the number the
 * book shows, and how many more (each slice is its own order; the book's line is found by any of
 * them): the toast is found again in the book, as an order's ", order {no}". A success is the
 * verb's own kind (a cancel is neutral, as the spec's cancelled update is); any slice not done
 * makes it a danger.
 */
export function groupResultText(verb: "Modified" | "Cancelled", what: string, results: readonly SliceResult[]): { kind: "success" | "neutral" | "danger"; text: string } {
  const done = results.filter((r) => r.outcome.kind === "done");
  const notDone = results.filter((r) => r.outcome.kind !== "done");
  const n = results.length;
  const no = n > 0 ? `, order ${listed(results.map((r) => r.orderNo), 1)}` : "";
  if (notDone.length === 0) return { kind: verb === "Cancelled" ? "neutral" : "success", text: `${verb} ${n} ${n === 1 ? "slice" : "slices"}: ${what}${no}` };
  const went = done.length === 0 ? `None of ${n} slices ${verb.toLowerCase()}` : `${verb} ${done.length} of ${n} slices (${done.map(sliceName).join(", ")})`;
  const why = notDone.map((r) => `${sliceName(r)}: ${r.outcome.kind === "done" ? "" : r.outcome.reason}`).join("; ");
  return { kind: "danger", text: `${went}: ${what}${no}. Not ${verb.toLowerCase()}: ${why}` };
}

export type GroupAction = "modify" | "cancel";

/**
 * Whether an order update is the one a group action's request to that slice caused, which the
 * action's one toast already tells (data/stores/sliceGroupUpdates.ts folds it): a modify's
 * "Modified" (orderToast.ts's word: the broker's modify mark, or an AMO's modify), a cancel's
 * "Cancelled" or "AMO cancelled". Not a trailing stop's move (the broker's, not the trader's), and
 * nothing else: a fill or a rejection of the slice meanwhile is news the group's toast does not carry.
 */
export function isGroupActionUpdate(action: GroupAction, u: Pick<OrderUpdate, "orderStatus" | "orderType" | "modified" | "modifyReason">): boolean {
  if (u.modifyReason === "trail") return false;
  const word = updateWord(u);
  return action === "modify" ? word === "Modified" : word === "Cancelled" || word === "AMO cancelled";
}

/** What a group modify's toast names: the new terms over the quantity of the slices it was sent to, and the product, as an order's toast names it. */
export function groupModifyWhat(req: Pick<OrderRequest, "exchange" | "transactionType" | "orderType" | "price" | "slTriggerPrice" | "product">, tradingSymbol: string, targets: readonly SliceTarget[]): string {
  return `${orderLine({ ...req, tradingSymbol, quantity: targets.reduce((s, t) => s + t.quantity, 0) })}${productPart(req.product)}`;
}

/** What a group cancel's dialog and toast name: "Qty 1875 BUY NIFTY26D0824550PE NRML" with the group's total (every slice, as the line shows it) and its product. */
export function groupCancelWhat(slices: readonly Order[]): string {
  const first = slices[0];
  if (!first) return "";
  const total = slices.reduce((s, o) => s + o.quantity, 0);
  // The toasts' head ("Qty 1875 BUY X"), as the group's modify and every order's toast name it: it read "BUY 1875 X".
  return `${orderHead(total, first.transactionType, first.tradingSymbol)}${productPart(first.product)}`;
}

/** The confirm dialog's lines for Delete on a group's line: what is cancelled, then each open slice by its order number. */
export function groupCancelLines(slices: readonly Order[]): { title: string; lines: string[]; confirmLabel: string } {
  const targets = sliceTargets(slices);
  const open = openSlicesOf(slices);
  const first = open[0]!;
  const price = first.orderType === "MARKET" ? "at market" : `@ ${groupPrice(open)}`;
  const each = open.map((o, i) => `slice ${targets[i]!.slice}: ${o.quantity} @ ${bookPriceText(o)}, order no ${o.orderNo}`);
  const of = targets.length === slices.length ? "" : ` (the open ones of ${slices.length})`;
  return {
    title: "Cancel order",
    lines: [`Cancel ${targets.length} slices${of} of ${groupCancelWhat(slices)} ${price}`, ...each, "Cancel them?"],
    confirmLabel: `Cancel ${targets.length} slices`,
  };
}

