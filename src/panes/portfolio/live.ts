import { useSelector } from "@legendapp/state/react";
import type { Exchange } from "../../core/types";
import { lastSequence, liveQuote, priceStale, sequenceZero } from "../../feed/session";
import { feedHealth$ } from "../../feed/health";
import { brokerClock$ } from "../../data/stores/brokerClock";
import { atReferencePrice, totalStale } from "../../core/rules/totalStale";
import { usePaneTopics } from "../layout/pane";
import { mwTopic } from "../../core/topics";

/**
 * The one seam between the portfolio panes and the live feed. A cell asks for the last price
 * of one instrument and re-renders alone when it moves; until the first frame arrives the
 * broker's own last price (the row's ltp) is shown.
 */
export function useLtp(exchange: Exchange, token: string | number, fallback: number): number {
  return useSelector(() => {
    const v = liveQuote(exchange, Number(token)).LastRate.get();
    return v > 0 ? v : fallback;
  });
}

/**
 * Whether a total of these rows is stale (the caller passes the rows a total reads: open positions, held shares): a total summed from a stale price is as stale as its stalest part, and
 * is dimmed with it (a green total beside dimmed rows read as live). In a replay a price standing at its reference for want of ticks on the tape dims it only once the feed is down
 * (core/rules/totalStale.ts: Tape's decision, and why); useAtReference names those beside the totals.
 */
export function useTotalStale(rows: ReadonlyArray<{ exchange: Exchange; token: string | number }>): boolean {
  return useSelector(() => totalStaleNow(rows));
}

/**
 * useTotalStale's selector; its reads are tracked inside one. It needs no sequence-0 flag: a part's reference
 * quote counts only while the part is stale (totalStale), its last quote's sequence moves only with a tick, and
 * the flush that takes a tick clears the stale flag read here, so the total is worked out again with the new sequence.
 */
export function totalStaleNow(rows: ReadonlyArray<{ exchange: Exchange; token: string | number }>): boolean {
  const replay = brokerClock$.mode.get() === "replay";
  const parts = rows.map((r) => ({ stale: priceStale(r.exchange, Number(r.token)).get(), atReference: atReferencePrice(replay, lastSequence(r.exchange, Number(r.token))) }));
  return totalStale(parts, feedHealth$.state.get() === "down");
}

/**
 * In a replay, the symbols of these rows whose price stands at its reference for want of ticks on the tape (none live).
 * Re-run when one's last quote turns to or from sequence 0 (the store's flag, as markNow reads it) or the replay mode
 * moves, not on each of their prices: a tape's first row at the reference price itself (a bar opening flat) moved no
 * price, so the name stayed beside the totals after the row was played, and every tick of a held share ran it again.
 */
export function useAtReference(rows: ReadonlyArray<{ exchange: Exchange; token: string | number; symbol: string }>): string[] {
  const names = useSelector(() => atReferenceNow(rows));
  return names === "" ? [] : names.split("\n");
}

/** useAtReference's selector, the symbols one a line (a string, so an unchanged answer renders nothing); its reads are tracked inside one. */
export function atReferenceNow(rows: ReadonlyArray<{ exchange: Exchange; token: string | number; symbol: string }>): string {
  const replay = brokerClock$.mode.get() === "replay";
  return rows
    .filter((r) => {
      // Read to be told when the last quote turns to or from sequence 0; the rule reads the sequence itself.
      sequenceZero(r.exchange, Number(r.token)).get();
      return atReferencePrice(replay, lastSequence(r.exchange, Number(r.token)));
    })
    .map((r) => r.symbol)
    .join("\n");
}

/** Last prices of many instruments at once (totals, summaries): one selector, re-run when any moves. */
export function useLtps(rows: ReadonlyArray<{ exchange: Exchange; token: string | number; ltp: number }>): number[] {
  return useSelector(() =>
    rows.map((r) => {
      const v = liveQuote(r.exchange, Number(r.token)).LastRate.get();
      return v > 0 ? v : r.ltp;
    }),
  );
}

/**
 * Declares this pane's topics for the positions or holdings source while it is mounted and shown.
 * "On this route [/funds] the holdings feed subscription is skipped": in the tiled workspace the
 * holdings topics are owned only by panes that show holdings, so a Funds pane never holds them
 * and a Holdings pane beside it keeps its prices whichever pane has focus.
 */
export function useFeedSource(source: "positions" | "holdings", instruments: ReadonlyArray<{ exchange: Exchange; token: string | number }>): void {
  usePaneTopics(source, instruments.map((i) => mwTopic(i.exchange, Number(i.token))));
}
