import { OK, ruleError, type RuleResult } from "../errors";
import type { OrderComplexity, OrderType, TrailUnit, TransactionType } from "../types/order";
import { fromTicks, isOnTick, roundToTick, toTicks } from "./tick";

/**
 * Trailing stop-loss on a plain SL or SL-M order (issue 33). The trail is how far the trigger
 * follows the price (points, or a percent of the price), and the jump is the step it moves in:
 * the trigger moves only by whole jumps, only in the order's favour, never back.
 *
 * A SELL stop protects a long: its trigger ratchets up as the last price rises, staying the trail
 * below it. A BUY stop protects a short: its trigger ratchets down as the price falls, the trail
 * above it. The trigger the trader typed is where it starts: it moves only once the price has run
 * further than the trail from it, so `sell INFY 10 sl 1480 trail 5` holds 1480 until INFY trades
 * above 1485. Nothing but the trigger is kept: since it never moves back, it already holds what
 * the best price so far did to it, so the trigger and the trail are all a restart needs.
 */

/** A trail as the order carries it; `value` 0 is no trail; `jump` 0 is one tick. */
export interface StopTrail {
  value: number;
  unit: TrailUnit;
  jump: number;
}

/** The highest percent a trail may be: a stop further than half the price away protects nothing. */
export const MAX_TRAIL_PERCENT = 50;

/** The trail's distance from the price in whole ticks, at least one (the trigger stays off the price). */
export function trailTicks(trail: StopTrail, price: number, tickSize: number): number {
  const points = trail.unit === "PERCENT" ? (price * trail.value) / 100 : trail.value;
  return Math.max(1, toTicks(roundToTick(points, tickSize), tickSize) ?? 1);
}

/** The jump in whole ticks, at least one. */
export function jumpTicks(trail: StopTrail, tickSize: number): number {
  return Math.max(1, toTicks(roundToTick(trail.jump, tickSize), tickSize) ?? 1);
}

/**
 * The trigger after the price `ltp`: moved in the order's favour by the most whole jumps that keep
 * it at least the trail away from the price, else unchanged. Prices are on the tick (rounded).
 */
export function trailedTrigger(args: { side: TransactionType; trigger: number; ltp: number; trail: StopTrail; tickSize: number }): number {
  const { side, trigger, ltp, trail, tickSize } = args;
  if (!(trail.value > 0) || !(tickSize > 0)) return trigger;
  const at = toTicks(roundToTick(trigger, tickSize), tickSize);
  const price = toTicks(roundToTick(ltp, tickSize), tickSize);
  if (at === undefined || price === undefined) return trigger;
  const distance = trailTicks(trail, ltp, tickSize);
  const jump = jumpTicks(trail, tickSize);
  // How far the trigger may go in its favour: up to the trail below (SELL) or above (BUY) the price.
  const room = side === "SELL" ? price - distance - at : at - (price + distance);
  if (room < jump) return trigger;
  const move = Math.floor(room / jump) * jump;
  return fromTicks(side === "SELL" ? at + move : at - move, tickSize);
}

/** "Trail 5 / jump 1", "Trail 1% / jump 1 tick": how the order book shows a trail. */
export function describeTrail(trail: StopTrail): string {
  const value = trail.unit === "PERCENT" ? `${trimNumber(trail.value)}%` : trimNumber(trail.value);
  return `Trail ${value} / jump ${trail.jump > 0 ? trimNumber(trail.jump) : "1 tick"}`;
}

const trimNumber = (n: number): string => String(Number(n.toFixed(4)));

/** The trail an order or a row carries, or undefined when it has none. */
export function trailOf(o: { trailValue?: number | undefined; trailUnit?: string | undefined; trailJump?: number | undefined }): StopTrail | undefined {
  if (!(o.trailValue !== undefined && o.trailValue > 0)) return undefined;
  return { value: o.trailValue, unit: o.trailUnit === "PERCENT" ? "PERCENT" : "POINTS", jump: o.trailJump ?? 0 };
}

/**
 * The checks of a trail on an order: only a regular (or after-market) SL or SL-M order trails
 * (a BO's stop has its own trailing amount, a CO's leg is the broker's), points on the tick,
 * a percent above 0 and at most MAX_TRAIL_PERCENT, a jump of 0 or more on the tick.
 */
export function checkTrail(
  req: { orderType: OrderType; orderComplexity: OrderComplexity; trailValue?: number | undefined; trailUnit?: string | undefined; trailJump?: number | undefined },
  tickSize: number,
): RuleResult {
  const value = req.trailValue ?? 0;
  const jump = req.trailJump ?? 0;
  if (value === 0 && jump === 0) return OK;
  if (!(Number.isFinite(value) && value > 0)) return ruleError("EC701");
  if ((req.orderType !== "SL" && req.orderType !== "SLM") || (req.orderComplexity !== "REGULAR" && req.orderComplexity !== "AMO")) return ruleError("EC700");
  if (req.trailUnit === "PERCENT") {
    if (!(value <= MAX_TRAIL_PERCENT)) return ruleError("EC701");
  } else if (!isOnTick(value, tickSize)) return ruleError("EC701", `${value} is not on the tick size ${tickSize}`);
  if (!(Number.isFinite(jump) && jump >= 0) || (jump > 0 && !isOnTick(jump, tickSize))) return ruleError("EC702");
  return OK;
}
