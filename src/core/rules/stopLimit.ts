import { fromTicks, roundToTick, toTicks } from "./tick";

/**
 * An SL order's limit moves with its trigger (README, Risk desk: "On an SL order … the limit moves
 * with the trigger"): by as many ticks as the trigger moved, so the gap the trader chose between the
 * two stays, and with it the spec's "a sell SL trigger must be above the price" (a buy's below). One
 * rule for every move of a stop's trigger: the broker's trailing stop (server/orders/trailStop.ts), a
 * GTT leg's trail (gttTrail.ts), and an SL order's line moved on the chart (FINDINGS-29 7: the line
 * moved only the trigger, and a sell stop lowered past its limit was refused after Enter).
 *
 * Prices are put on the tick first (a book may send 1.9000000000000001). The limit is not held at one
 * tick: a move that would take it to 0 or below is for the caller to refuse, not to turn into
 * another gap than the trader's.
 */
export function limitWithTrigger(limit: number, fromTrigger: number, toTrigger: number, tickSize: number): number {
  const on = (p: number) => toTicks(roundToTick(p, tickSize), tickSize);
  const from = on(fromTrigger);
  const to = on(toTrigger);
  const at = on(limit);
  if (from === undefined || to === undefined || at === undefined) return limit;
  return fromTicks(at + (to - from), tickSize);
}
