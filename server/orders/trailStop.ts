import { trailedTrigger, trailOf } from "../../src/core/rules/trail.js";
import { limitWithTrigger } from "../../src/core/rules/stopLimit.js";
import type { OrderRecord } from "./record.js";

/**
 * Issue 33: a regular SL or SL-M order's trailing stop, moved on the broker's clock by every tick
 * of its instrument whether the app is open or not (fills.ts calls it before the trigger check).
 * The trigger is the rule's (src/core/rules/trail.ts); an SL order's limit moves with it by the same
 * amount (src/core/rules/stopLimit.ts, the rule a chart line's move uses too), so the gap the
 * trader chose between trigger and limit (and the spec's "a sell SL trigger
 * must be above the price") holds wherever the trigger goes. Returns whether the trigger moved; the
 * caller writes it as a modify, so the row, its history and the order update carry the new trigger
 * and a restart reads it back from SQLite.
 */
export function trailStop(r: OrderRecord, ltp: number, tickSize: number): boolean {
  const trail = trailOf(r);
  if (!trail || r.mainLegOrderId !== "" || r.triggered) return false;
  const next = trailedTrigger({ side: r.transactionType, trigger: r.triggerPrice, ltp, trail, tickSize });
  if (next === r.triggerPrice) return false;
  if (r.orderType === "SL") r.price = limitWithTrigger(r.price, r.triggerPrice, next, tickSize);
  r.triggerPrice = next;
  r.slTriggerPrice = next;
  return true;
}

/** Whether an order trails by issue 33's rule: the resting index visits it on every tick. */
export const trailsStop = (r: OrderRecord): boolean => r.mainLegOrderId === "" && trailOf(r) !== undefined;
