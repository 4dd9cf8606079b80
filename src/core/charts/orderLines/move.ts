import { roundToTick, stepByTicks } from "../../rules/tick";

/**
 * Moving a line's price (issue 34, orders on the chart):
 * 1. `↑` / `↓` move it one tick up / down; with Shift, TICKS_PER_SHIFT_STEP ticks.
 * 2. A price off the tick size (a drag lands anywhere) is first put on the nearest tick (halves
 *    away from zero, the order window's rounding), then moved.
 * 3. A line never goes below one tick: no order has a price of 0 or less.
 */
export const TICKS_PER_SHIFT_STEP = 10;

export function movedPrice(price: number, ticks: number, tickSize: number): number {
  return Math.max(tickSize, stepByTicks(price, tickSize, ticks));
}

/** Rules 2 and 3 for a dragged line: where the mouse is, on the nearest tick. */
export function draggedPrice(price: number, tickSize: number): number {
  return Math.max(tickSize, roundToTick(price, tickSize));
}
