import { DEDUPE_FORGET_MS } from "../../core/rules/orderUpdates";
import { isGroupActionUpdate, type GroupAction } from "../../core/rules/sliceGroup";
import type { OrderUpdate } from "../../core/types/orderUpdate";
import { clientState } from "./sessionReset";

/**
 * A group modify or cancel says what happened once (issue 19; trading-core: "Duplicate identical
 * toasts are not stacked"; issue 28: a toast says what happened to what): its own toast names every
 * slice it acted on, which went and which did not. Each slice's update from the broker then said
 * the same again of one part ("Modified: Qty 1800 …", "Modified: Qty 75 …"): three toasts for one
 * action. So the slices a group action is sent to are claimed here before the first request goes,
 * and the order-update pipeline folds the update each one's request caused (its "Modified" or
 * "Cancelled") into the group's toast instead of showing it.
 *
 * Tape's decision: the updates are folded, not the summary rewritten as each answer comes: the
 * summary is built from the broker's answers, which say refused and why (the update of a refused
 * modify never comes), and one toast whose text changes under the trader's eyes reads worse than
 * one that appears once. Anything else a slice does meanwhile (filled, rejected) is not the
 * action's and is still shown. A slice refused or not answered is released at its answer: no
 * update is due from a refusal, and one after no answer tells what the group's toast could not
 * (that the request did reach the broker). A slice done is released when its update is folded,
 * or DEDUPE_FORGET_MS after the action's last answer if the update never came (the feed away), so
 * that no later update of that order is folded by an old claim.
 *
 * Per window: the toast is the acting window's, which is the one the trader works in and so the one
 * that shows order toasts (feed/shared.ts showsToasts).
 */
const claims = new Map<string, GroupAction>();
const timers = new Map<string, ReturnType<typeof setTimeout>>();

function release(brokerOrderId: string): void {
  claims.delete(brokerOrderId);
  const t = timers.get(brokerOrderId);
  if (t !== undefined) clearTimeout(t);
  timers.delete(brokerOrderId);
}

clientState({
  name: "sliceGroupUpdates",
  holds: () => Object.fromEntries(claims),
  reset: () => {
    for (const id of [...claims.keys()]) release(id);
  },
});

/** Before the first request of a group action: the slices (broker order ids) whose update it will cause. */
export function claimSliceUpdates(action: GroupAction, brokerOrderIds: readonly string[]): void {
  for (const id of brokerOrderIds) {
    release(id);
    claims.set(id, action);
  }
}

/** A slice's answer: refused or no answer releases it now; done keeps it for its update, for DEDUPE_FORGET_MS at most. */
export function settleSliceUpdate(brokerOrderId: string, done: boolean): void {
  if (!claims.has(brokerOrderId)) return;
  if (!done) {
    release(brokerOrderId);
    return;
  }
  const old = timers.get(brokerOrderId);
  if (old !== undefined) clearTimeout(old);
  timers.set(
    brokerOrderId,
    setTimeout(() => release(brokerOrderId), DEDUPE_FORGET_MS),
  );
}

/** Whether the pipeline folds this update into a group action's toast (and so does not show it); a folded claim is spent. */
export function foldIntoGroupToast(u: OrderUpdate): boolean {
  const action = claims.get(u.brokerOrderId);
  if (action === undefined || !isGroupActionUpdate(action, u)) return false;
  release(u.brokerOrderId);
  return true;
}
