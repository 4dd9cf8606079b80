import type { Exchange } from "../../core/types";

/**
 * The one seam between the portfolio panes and the live feed: a cell asks for the last price
 * of one instrument and re-renders alone when it moves. Until the quote store is wired in, the
 * broker's own last price (the row's ltp) is what is shown.
 */
export function useLtp(_exchange: Exchange, _token: string | number, fallback: number): number {
  return fallback;
}

/** The topics a portfolio source needs, declared to the subscription manager while the pane is up. */
export function useFeedSource(_source: "positions" | "holdings", _instruments: ReadonlyArray<{ exchange: Exchange; token: string | number }>): void {}

/** Last prices of many instruments at once (totals, summaries): one hook, re-run when any moves. */
export function useLtps(rows: ReadonlyArray<{ exchange: Exchange; token: string | number; ltp: number }>): number[] {
  return rows.map((r) => r.ltp);
}
