import { roundToPaisa } from "../money";
import { groupIndian } from "../format";

/**
 * The margin a group modify needs (issue 19: `m` on a sliced order's line modifies every open
 * slice). Each slice is its own order at the broker, and a modify releases what its order blocks:
 * the broker sets each slice's new margin less the margin it blocks now against the trading limit.
 * So **the margin a group modify needs is the new margin of all open slices less the margin all of
 * them already block**. Checked as the modify of the first slice alone, only that slice's blocked
 * margin was released: the other slices' counted against the funds, and a group modify the funds
 * cover read as short of them.
 *
 * Each open slice's own modify check (its order number, its own quantity, the window's terms)
 * answers what the slice would block on the new terms (currentOrderMargin) and an available margin
 * that is the trading limit plus what that slice blocks now (availableMargin, wire/orders.ts). The
 * limit is the same in every answer, so what a slice blocks now is its answer's available margin
 * less the limit.
 */
export interface SliceMarginCheck {
  /** What the slice would block on the modified terms (the check's currentOrderMargin, clamped at 0). */
  holds: number;
  /** The check's available margin: the trading limit plus what this slice blocks now. */
  available: number;
}

export interface GroupModifyMargin {
  /** What all open slices would block on the new terms. */
  required: number;
  /** What all of them block now, which the modify releases. */
  blocked: number;
  /** The trading limit plus what they block now: what `required` is set against, as a single modify's window shows it. */
  available: number;
  /** required − blocked: what the modify takes from the trading limit (below 0: it releases margin). */
  needs: number;
}

/**
 * `tradingLimit` is the funds' trading limit asked with the checks; a check adds to it never below
 * zero (core/rules/funds.ts availableMargin), so neither does this.
 */
export function groupModifyMargin(checks: readonly SliceMarginCheck[], tradingLimit: number): GroupModifyMargin {
  const limit = Math.max(0, tradingLimit);
  const required = roundToPaisa(checks.reduce((sum, c) => sum + c.holds, 0));
  // A slice blocks nothing below zero: an answer read a moment before the limit moved is not a negative claim.
  const blocked = roundToPaisa(checks.reduce((sum, c) => sum + Math.max(0, c.available - limit), 0));
  return { required, blocked, available: roundToPaisa(limit + blocked), needs: roundToPaisa(required - blocked) };
}

/**
 * The window's line under the figures: what the slices block now, what they would block, and what
 * the modify takes from the trading limit or gives back, so that "Margin" beside "Available" reads
 * as the group's and not one slice's. `broker`: the broker's basis of the rate (the same for every slice).
 */
export function groupModifyMarginBasis(m: GroupModifyMargin, slices: number, broker?: string): string {
  const change = m.needs >= 0 ? `the modify needs ₹${groupIndian(m.needs)} of the trading limit` : `the modify releases ₹${groupIndian(-m.needs)}`;
  return `The ${slices} open slices block ₹${groupIndian(m.blocked)} now and would block ₹${groupIndian(m.required)}: ${change}${broker ? `. ${broker}` : ""}`;
}
