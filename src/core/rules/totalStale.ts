/**
 * When a total (Home's Current value and P&L, the Positions and Holdings totals) is shown stale.
 * A total is as stale as its stalest part, with one exception, Tape's decision for a market replay
 * (issue 35): a part whose instrument the replay's tape has no ticks of stands at its reference
 * price for the whole replay. That is not a dropped feed, and dimming the totals for it dimmed them
 * for the whole replay, so a real drop could no longer be told from it. Such a part is marked where it
 * shows (its row, dimmed, titled) and named beside the totals (referenceNote); it dims them only when
 * the feed itself is down, when no price on screen is live.
 */

/**
 * Whether an instrument's price in a replay is its reference price for want of ticks on the tape:
 * the replay's broker sends such an instrument's quote with sequence 0 (server/replay/market.ts
 * quoteOf), and every tape row carries the sequence of a recorded tick, from 1. Not before any quote
 * arrived, and never outside a replay.
 */
export function atReferencePrice(replay: boolean, lastSequence: number | undefined): boolean {
  return replay && lastSequence === 0;
}

export interface TotalPart {
  /** Its price is shown stale (feed/quoteStore.ts markStale). */
  stale: boolean;
  /** It stands at its reference price in a replay (atReferencePrice). */
  atReference: boolean;
}

export function totalStale(parts: readonly TotalPart[], feedDown: boolean): boolean {
  return parts.some((p) => p.stale && (!p.atReference || feedDown));
}

/** How many symbols the note names before "+N": the rest are in its title. */
const NAMED = 3;

/** The summary's line naming the parts at their reference price, or undefined when there are none. */
export function referenceNote(symbols: readonly string[]): { text: string; title: string } | undefined {
  if (symbols.length === 0) return undefined;
  const more = symbols.length - NAMED;
  const text = more > 0 ? `${symbols.slice(0, NAMED).join(", ")} +${more}` : symbols.join(", ");
  const one = symbols.length === 1;
  return {
    text,
    title: `No ticks of ${symbols.join(", ")} on the replay's tape: at ${one ? "its reference price" : "their reference prices"}, in these totals as ${one ? "it stands" : "they stand"}`,
  };
}
