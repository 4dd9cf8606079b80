import type { OrderType } from "../types/order";

/**
 * A MARKET order's margin is computed at the last price (margin.ts marginPrice), so the figure the
 * order window checked when it opened goes out of date as the price moves: Enter a few seconds
 * later was refused for "required ₹23,51,480.00" under a window still saying ₹23,52,580.00. While
 * the window is open the check is asked again as the price moves, within two limits, because the
 * check is an HTTP call and a busy contract ticks several times a second:
 *
 * - a move of at least MARGIN_FOLLOW_BAND_BP (5 basis points, 0.05%) of the price checked at is checked again at
 *   once, but never sooner than MARGIN_FOLLOW_GAP_MS (2 s) after the last check: a trending price
 *   costs at most one call every 2 s, and the figure is then never more than 2 s behind;
 * - a smaller move (noise around one price) is checked again MARGIN_FOLLOW_SETTLE_MS (10 s) after
 *   the last check, so the figure still ends at the price's, at one call per 10 s at most;
 * - the price checked at: nothing to ask.
 *
 * Only MARKET follows the price. An SL-M order's margin is at its trigger (marginPrice), a figure
 * of the window's own that its input change checks already; LIMIT and SL are at their price.
 */
/** In basis points (hundredths of a percent): compared in whole numbers, 0.0005 x price has a float's tail. */
export const MARGIN_FOLLOW_BAND_BP = 5;
export const MARGIN_FOLLOW_GAP_MS = 2_000;
export const MARGIN_FOLLOW_SETTLE_MS = 10_000;

export const marginFollowsPrice = (orderType: OrderType): boolean => orderType === "MARKET";

/** The price a margin check was asked at, and when (ms). */
export interface MarginCheckedAt {
  ltp: number;
  atMs: number;
}

/**
 * How long from `nowMs` until the margin is to be checked again at `ltp`: 0 for now, undefined
 * when the figure is the price's already (or no price is known).
 */
export function priceRecheckDelay(checked: MarginCheckedAt, ltp: number, nowMs: number): number | undefined {
  if (!(ltp > 0) || !(checked.ltp > 0) || ltp === checked.ltp) return undefined;
  const elapsed = nowMs - checked.atMs;
  const beyondBand = Math.abs(ltp - checked.ltp) * 10_000 >= MARGIN_FOLLOW_BAND_BP * checked.ltp;
  return Math.max(0, (beyondBand ? MARGIN_FOLLOW_GAP_MS : MARGIN_FOLLOW_SETTLE_MS) - elapsed);
}
