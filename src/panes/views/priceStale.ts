import { useSelector } from "@legendapp/state/react";
import type { Exchange } from "../../core/types/exchange";
import { atReferencePrice } from "../../core/rules/totalStale";
import { brokerClock$ } from "../../data/stores/brokerClock";
import { lastSequence, priceStale, sequenceZero } from "../../feed/session";

/** The title of a price cell standing at its reference price in a replay: why it is marked and never ticks. */
export const atReferenceTitle = (symbol: string): string => `No ticks of ${symbol} on the replay's tape: at its reference price`;

/** How a price stands: live, stale (no tick for 10 s while its market is open), or at its reference price in a replay. */
export type PriceMark = "live" | "stale" | "reference";

/**
 * How a price cell is marked, the one rule for every price on screen ("stale is an error"): dimmed when its
 * price is stale, or when in a replay it stands at its reference price for want of ticks on the tape, then
 * titled with why. Such a price is never live, paused or playing: the stale timer alone dimmed it only after
 * 10 s of play, and never while the replay was paused at once (a paused replay counts no price late).
 * Its reads are tracked inside a selector (usePriceMark) and plain outside one: the replay mode, the stale
 * flag, and whether the last quote is of sequence 0, so a first row played later clears it. Not the price:
 * read on each tick, every React price cell worked its mark out again per tick for the same answer.
 */
export function markNow(exchange: Exchange, token: number): PriceMark {
  // Read to be told when the last quote turns to or from sequence 0; the rule reads the sequence itself.
  sequenceZero(exchange, token).get();
  if (atReferencePrice(brokerClock$.mode.get() === "replay", lastSequence(exchange, token))) return "reference";
  return priceStale(exchange, token).get() ? "stale" : "live";
}

/** What a cell a tick writes without a render binds to for its mark: read it now, be told when it changes. An observable of PriceMark is one too. */
export interface MarkSource {
  peek(): PriceMark;
  onChange(changed: (p: { value: PriceMark }) => void): () => void;
}

/**
 * The mark as a source for the cells a tick writes without a render (the watchlist's, the chain's:
 * ../cells/liveCell.ts): told only when the mark moves (listening to what markNow reads), and every listener dropped at unbinding. A
 * computed observable per cell stayed subscribed to the instrument's price after its row unmounted,
 * and ran again on each of its ticks for every row ever mounted.
 */
export function priceMark(exchange: Exchange, token: number): MarkSource {
  return {
    peek: () => markNow(exchange, token),
    onChange(changed) {
      let last = markNow(exchange, token);
      const check = () => {
        const m = markNow(exchange, token);
        if (m === last) return;
        last = m;
        changed({ value: m });
      };
      const offs = [sequenceZero(exchange, token).onChange(check), brokerClock$.mode.onChange(check), priceStale(exchange, token).onChange(check)];
      return () => {
        for (const off of offs) off();
      };
    },
  };
}

/** A price cell's attributes for its mark: `data-stale` (dimmed by the stylesheet) and, at its reference price, the title saying why. */
export function markAttrs(mark: PriceMark, symbol: string): { stale: "true" | undefined; title: string | undefined } {
  return { stale: staleAttr(mark !== "live"), title: mark === "reference" ? atReferenceTitle(symbol) : undefined };
}

/**
 * A React price cell's mark, the one hook for every price a render draws (the header, Holdings, Positions and their
 * P&L, the position info, LiveLtp, the depth pane, the order window's bid and ask, the GTT list, the baskets, the chain's
 * spot, Discover's figures, Ideas, the chart): stale (issue 11: no tick for 10 s while its market is open; the store's
 * one shared timer flips the flag) or at its reference price in a replay. Its selector returns the mark alone and runs
 * again only when what markNow reads moves, never on a tick that moves neither; the cell renders when the mark changes.
 */
export function usePriceMark(exchange: Exchange | undefined, token: number | string, symbol: string): { stale: "true" | undefined; title: string | undefined } {
  return markAttrs(useSelector(() => (exchange ? markNow(exchange, Number(token)) : "live")), symbol);
}

/** The cell's `data-stale` attribute (dimmed by the stylesheet). */
export const staleAttr = (stale: boolean): "true" | undefined => (stale ? "true" : undefined);
