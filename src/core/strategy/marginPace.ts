/**
 * When the strategy pane asks the margin of its set again. The broker reads a set's margin at its
 * legs' last prices (an option buy's is its premium), so a figure read once went stale as the
 * prices moved (the explorer's ₹11,118.75 beside a premium of ₹11,190). It is asked as the order
 * window's margin check is: "The margin check runs 200 ms after inputs change" (spec, trading-core
 * section 4), the legs and the prices being the set's inputs. A ticking market changes the prices
 * on every step (twice a second), so a re-read for prices alone waits at least MARGIN_REREAD_MS
 * after the last ask began: not one request (a SPAN call and a charges call per leg) per tick.
 */

import { MARGIN_DEBOUNCE_MS } from "../rules/margin";

/** The least time between two asks made because the prices moved (the legs unchanged). */
export const MARGIN_REREAD_MS = 2000;

/** The legs' last prices, as one key: the figure was read at these (0: no price yet). */
export const marginPricesKey = (ltps: ReadonlyArray<number | undefined>): string => ltps.map((v) => v ?? 0).join("|");

/**
 * How long to wait before asking, after a change: the debounce when the legs changed (or nothing
 * was asked yet), else the debounce but no sooner than MARGIN_REREAD_MS after the last ask began.
 */
export function marginAskDelay(p: { legsChanged: boolean; now: number; lastAskedAt: number | undefined }): number {
  if (p.legsChanged || p.lastAskedAt === undefined) return MARGIN_DEBOUNCE_MS;
  return Math.max(MARGIN_DEBOUNCE_MS, p.lastAskedAt + MARGIN_REREAD_MS - p.now);
}
