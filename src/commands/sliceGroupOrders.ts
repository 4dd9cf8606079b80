import { cancelOrder, checkMargin, modifyOrder } from "../data/api/orders";
import { fetchLimits } from "../data/api/portfolio";
import { isNoAnswer, isOk, noAnswerText, type CallOptions, type Envelope } from "../data/api/http";
import { ORDER_ERROR_TOAST_MS } from "../data/config";
import { notify } from "../core/notify";
import { refusalText } from "../core/rules/riskMessage";
import { groupModifyMargin, groupModifyMarginBasis } from "../core/rules/groupModifyMargin";
import { marginRequestOf } from "../core/rules/orderRequest";
import { clampMargin } from "../core/rules/orderWindow";
import { groupCancelWhat, groupModifyBody, groupModifyWhat, groupResultText, openSlicesOf, sliceTargets, type GroupAction, type SliceOutcome, type SliceResult, type SliceTarget } from "../core/rules/sliceGroup";
import { sliceGroupOf } from "../core/rules/slicing";
import type { Order, OrderRequest } from "../core/types/order";
import { orders$, refreshOrders } from "../data/stores/orders";
import { claimSliceUpdates, settleSliceUpdate } from "../data/stores/sliceGroupUpdates";
import type { MarginShown, OrderWindowInit } from "../data/stores/orderWindow";

/**
 * `m` and `Delete` on a sliced order's one line (issue 19): every slice still open gets its own
 * request, one after another under the order rate budget (the API layer paces them), and one toast
 * says which slices went and which did not. A slice refused (filled meanwhile) does not stop the
 * others: each is its own order at the broker. The pure rules are core/rules/sliceGroup.ts.
 */

/** Every slice of the group `base` in the book as the app holds it now (order updates keep it current). */
export function sliceGroupSlices(base: string): Order[] {
  return orders$.orders.peek().filter((o) => sliceGroupOf(o.clientOrderKey)?.base === base);
}

/**
 * `m` on a group's line: the window opens on its first open slice, for every open slice. Two or
 * more open: the window is the group's (init.sliceGroup), its quantity their total and not
 * editable, with a note that says so. One open: that slice's own modify, as its row's, saying it is
 * the only one left. None open: undefined (the command then finds nothing to modify).
 */
export function sliceGroupModify(base: string): { order: Order; init: Pick<OrderWindowInit, "sliceGroup" | "prefill" | "note"> } | undefined {
  const slices = sliceGroupSlices(base);
  const open = openSlicesOf(slices);
  const first = open[0];
  if (!first) return undefined;
  const targets = sliceTargets(slices);
  if (open.length === 1) return { order: first, init: { note: `Slice ${targets[0]!.slice} of ${targets[0]!.count}: the only slice of this order still open` } };
  const total = open.reduce((n, o) => n + o.quantity, 0);
  const parts = open.map((o) => o.quantity).join(" + ");
  return {
    order: first,
    init: {
      sliceGroup: { base, slices: open.length },
      // Units as the book has them; the window shows them as is on every contract that is sliced (NSE and BSE F&O, MCX: lots are
      // shown only on currency, which has no freeze quantity). Not sent: each slice keeps its own quantity.
      prefill: { quantity: total },
      note: `Modifies the ${open.length} open slices of this order (${parts} = ${total}), one request each: the price, trigger, order type and validity go to every slice. Quantity is each slice's own: press o to show the slices and m on one to change its quantity.`,
    },
  };
}

/**
 * The order window's margin check on a group modify: every open slice's own modify check (its
 * order number and its own quantity, which the modify keeps, with the window's terms) and the
 * trading limit, asked together. What the group needs is core/rules/groupModifyMargin.ts's: the
 * new margin of all open slices less what all of them block now (a check on the first slice alone
 * released only its own). A check the broker refuses, or a modify it would refuse (a sale beyond
 * the holding), is what the window shows instead. No answer throws, as the window's other checks do.
 */
export async function sliceGroupMargin(base: string, req: OrderRequest): Promise<{ margin: MarginShown } | { problem: string }> {
  const open = openSlicesOf(sliceGroupSlices(base));
  if (open.length === 0) return { problem: "No slice of this order is still open" };
  // The window's read-out says when the broker does not answer, not a toast of the browser's "Failed to fetch".
  const quiet = { noAnswerShownByCaller: true };
  const [answers, limits] = await Promise.all([
    Promise.all(open.map((o) => checkMargin({ ...marginRequestOf({ ...req, quantity: o.quantity }), orderNo: o.orderNo }, quiet))),
    fetchLimits(quiet),
  ]);
  const refused = answers.find((env) => !isOk(env) || !env.result?.[0]);
  if (refused) return { problem: refused.message || "Margin is not available" };
  const refusal = answers.find((env) => env.result[0]!.refusedWith !== undefined);
  if (refusal) return { problem: refusal.result[0]!.basis };
  const overall = limits.rows.find((l) => l.segment === "OVERALL") ?? limits.rows[0];
  if (!overall) return { problem: "Margin is not available: the trading limit could not be read" };
  const rows = answers.map((env) => env.result[0]!);
  const m = groupModifyMargin(rows.map((r) => ({ holds: clampMargin(r.currentOrderMargin ?? r.requiredMargin), available: r.availableMargin })), overall.tradingLimit);
  return { margin: { required: m.required, available: m.available, basis: groupModifyMarginBasis(m, open.length, rows[0]!.basis) } };
}

/** An envelope's verdict for one slice; a request with no answer is "no answer", any other failure was told by the HTTP layer. */
async function outcomeOf(send: () => Promise<Envelope<unknown>>): Promise<SliceOutcome> {
  try {
    const env = await send();
    if (isOk(env)) return { kind: "done" };
    // A modify's answer carries the refusal in its row as a place's does; a bare envelope's status is the code.
    const row = (env.result as Array<{ status?: string; message?: string }> | undefined)?.[0];
    const code = row?.status?.startsWith("EC") ? row.status : env.status;
    return { kind: "refused", reason: refusalText(code, row?.status?.startsWith("EC") && row.message ? row.message : env.message) };
  } catch (err) {
    if (isNoAnswer(err)) return { kind: "no answer", reason: noAnswerText(err) };
    return { kind: "refused", reason: err instanceof Error ? err.message : String(err) };
  }
}

/**
 * One request per target, in slice order; each slice's result, whatever the others' were. The
 * update each request causes is told by the action's one toast, not again on its own: every target
 * is claimed before the first request (its update may come before its answer), and released by its
 * answer as sliceGroupUpdates.ts says.
 */
async function eachSlice(action: GroupAction, slices: readonly Order[], targets: readonly SliceTarget[], send: (t: SliceTarget) => Promise<Envelope<unknown>>): Promise<SliceResult[]> {
  const idOf = (t: SliceTarget) => slices.find((o) => o.orderNo === t.orderNo)?.brokerOrderId ?? t.orderNo;
  claimSliceUpdates(action, targets.map(idOf));
  const out: SliceResult[] = [];
  for (const t of targets) {
    const outcome = await outcomeOf(() => send(t));
    settleSliceUpdate(idOf(t), outcome.kind === "done");
    out.push({ ...t, outcome });
  }
  return out;
}

/**
 * The order window's Enter on a group modify: the window's terms (order type, price, trigger,
 * validity, trail) to every slice open now, each slice keeping its own quantity. The slices are
 * read at Enter, not at opening: one filled since is not sent a modify it would refuse.
 * Answers the results and the toast's text; the caller closes or keeps the window.
 */
export async function modifySliceGroup(base: string, req: OrderRequest, tradingSymbol: string, opts: CallOptions): Promise<{ results: SliceResult[]; text: string; kind: "success" | "neutral" | "danger" }> {
  const slices = sliceGroupSlices(base);
  const targets = sliceTargets(slices);
  const body = groupModifyBody(req);
  const results = await eachSlice("modify", slices, targets, (t) => modifyOrder(t.orderNo, body, opts));
  const told = targets.length === 0 ? { kind: "danger" as const, text: `Not modified: no slice of ${tradingSymbol}'s sliced order is still open` } : groupResultText("Modified", groupModifyWhat(req, tradingSymbol, targets), results);
  notify({ kind: told.kind, text: told.text, ...(told.kind === "danger" ? { durationMs: ORDER_ERROR_TOAST_MS } : {}) });
  void refreshOrders();
  return { results, ...told };
}

/** Delete on a group's line, confirmed: a cancel to each slice the dialog listed (`orderNos`), one toast for them all. */
export async function cancelSliceGroup(base: string, orderNos: readonly string[]): Promise<void> {
  const slices = sliceGroupSlices(base);
  // The dialog's slices, as they are now: a slice filled since is still sent its cancel, and its refusal told, as the dialog promised it.
  const targets = sliceTargets(slices, (o) => orderNos.includes(o.orderNo));
  const results = await eachSlice("cancel", slices, targets, (t) => cancelOrder(t.orderNo, { noAnswerShownByCaller: true }));
  const told = groupResultText("Cancelled", groupCancelWhat(slices), results);
  notify({ kind: told.kind, text: told.text, ...(told.kind === "danger" ? { durationMs: ORDER_ERROR_TOAST_MS } : {}) });
  await refreshOrders();
}
