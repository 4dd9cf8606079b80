import type { ShownColumn } from "../workspace/columns";
import type { GridId } from "../workspace/gridColumns";

/**
 * What a grid gives up when its pane is too narrow, beyond the optional columns (issue 29 folds
 * those first, src/core/workspace/columns.ts). A grid must never cut a column at the pane's edge:
 * an order book split to 405 px cut its Status ("TRIGGER PENDING" read "TRIGG") and pushed its
 * "+4 cols" sign off the pane, because once every optional column had folded the fit stopped and
 * the required columns overflowed. So a grid names the required columns it may still fold as a
 * last resort, the first listed first; they fold after every optional one and are counted by the
 * same sign. A column not listed (the instrument, an order's status) never folds.
 */
export const LAST_RESORT: Partial<Record<GridId, readonly string[]>> = {
  // An order is its instrument and its status. The order type goes first (a trigger says SL), then
  // the trigger, the quantity and the side (BUY or SELL is four letters), and the price last: on the
  // Pending tab every row says OPEN, and three "BUY GOLDM27JANFUT 1 OPEN" rows of a third-width pane
  // were told apart only by the price folded before them (FINDINGS-24 §9).
  orders: ["orderType", "trigger", "qty", "side", "price"],
  // A trade is its instrument and side, its quantity and price: the price goes first, the side last.
  trades: ["price", "qty", "side"],
  // A GTT is its instrument, its status and its trigger. When it was placed and when it lapses go
  // first (the GTT's info says both), then the live price, the quantity and the side; the trigger
  // last, since it is what the GTT waits for (an OCO's "T 1,48,310.00 / SL 1,09,620.00" is the
  // widest cell, and a 405 px split cut it with Created and Expires at the pane's edge).
  gtt: ["created", "expires", "ltp", "qty", "side", "trigger"],
};

/**
 * The shown columns with the last-resort ones numbered to fold after every optional column, in the
 * order `lastResort` lists them; the rest as they were.
 */
export function withLastResort(shown: readonly ShownColumn[], lastResort: readonly string[]): ShownColumn[] {
  const optional = shown.filter((c) => c.fold !== undefined).length;
  const last = lastResort.filter((id) => shown.some((c) => c.id === id && c.fold === undefined));
  return shown.map((c) => (c.fold === undefined && last.includes(c.id) ? { id: c.id, fold: optional + last.indexOf(c.id) + 1 } : c));
}

/**
 * A trading symbol in two parts for a cell too narrow for it: the head, which may be shortened, and
 * the end, which must stay, since it is what tells a contract from its neighbours: an option's
 * strike and CE or PE (BANKNIFTY26DEC53200CE cut to "BANKNIFTY26DEC53200…" could be the call or
 * the put), a future's FUT. Any other symbol shortens at its end as text does ({ keep: "" }).
 */
export function keptEnd(symbol: string): { head: string; keep: string } {
  const end = /(\d+(?:\.\d+)?(?:CE|PE)|FUT)$/.exec(symbol);
  // The whole symbol a strike and type (no underlying before it): nothing to shorten first.
  if (!end || end.index === 0) return { head: symbol, keep: "" };
  return { head: symbol.slice(0, end.index), keep: end[0] };
}
