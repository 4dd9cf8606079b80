/**
 * Time and sales (issue 32): the instrument's trades as they print, read off the feed's snapshots
 * of the simulator's own book. A snapshot whose traded volume rose carries a trade: its last price
 * and last quantity, at the last traded time; where it printed is told against the best bid and
 * offer of the snapshot before it (the book the trade met): at the offer or above, a buyer lifted
 * it; at the bid or below, a seller hit it; else between.
 */
export interface TapeSnapshot {
  ltp: number;
  lastQty: number;
  /** Traded volume of the day: a trade raises it. */
  volume: number;
  /** Seconds since midnight, exchange time (the frame's HH:MM:SS). */
  lastTradedTime: number;
  bid: number;
  ask: number;
}

export type PrintSide = "bid" | "ask" | "between";

export interface Print {
  time: number;
  price: number;
  qty: number;
  at: PrintSide;
}

export const PRINTS_KEPT = 200;

/** Where a trade at `price` printed against the book before it. A side with no quote (0) says nothing. */
export function printSide(price: number, bid: number, ask: number): PrintSide {
  if (ask > 0 && price >= ask) return "ask";
  if (bid > 0 && price <= bid) return "bid";
  return "between";
}

/** The trade the step from `prev` to `next` carries, or undefined (no trade: a quote moved, or the first snapshot seen). */
export function printOf(prev: TapeSnapshot | undefined, next: TapeSnapshot): Print | undefined {
  if (!prev || next.volume <= prev.volume || next.ltp <= 0) return undefined;
  // The last trade's quantity, never more than the volume rose by; a frame without it prints the rise.
  const qty = next.lastQty > 0 ? Math.min(next.lastQty, next.volume - prev.volume) : next.volume - prev.volume;
  return { time: next.lastTradedTime, price: next.ltp, qty, at: printSide(next.ltp, prev.bid, prev.ask) };
}

/** The tape after a snapshot: the newest print first, at most PRINTS_KEPT. */
export function addPrint(tape: readonly Print[], prev: TapeSnapshot | undefined, next: TapeSnapshot): readonly Print[] {
  const p = printOf(prev, next);
  return p ? [p, ...tape].slice(0, PRINTS_KEPT) : tape;
}

/**
 * One pane's tape: its instrument's key ("NSEEQ:1594"), the snapshot the next one is compared
 * with, and its prints, newest first. Kept outside the pane's component (data/stores/timeSales.ts):
 * the tiling remounts a pane whenever it changes around it, and the pane never closed.
 */
export interface Tape {
  key: string;
  prev: TapeSnapshot | undefined;
  prints: readonly Print[];
}

/**
 * The tape after a snapshot of instrument `key`. Another instrument's snapshot starts a tape afresh
 * (the old one's prints are not this one's); a snapshot with no price or no trade time yet (the
 * frame's depth half not in) is no point to compare from and changes nothing. The same snapshot
 * seen twice (a remounted pane reads the quote it last saw) prints nothing, so the tape is the
 * same object: nothing to store or draw.
 */
export function stepTape(tape: Tape | undefined, key: string, next: TapeSnapshot): Tape | undefined {
  const own = tape?.key === key ? tape : undefined;
  if (!(next.ltp > 0 && next.lastTradedTime > 0)) return own;
  const prints = addPrint(own?.prints ?? [], own?.prev, next);
  if (own && prints === own.prints && sameSnapshot(own.prev, next)) return own;
  return { key, prev: next, prints };
}

function sameSnapshot(a: TapeSnapshot | undefined, b: TapeSnapshot): boolean {
  return a !== undefined && a.ltp === b.ltp && a.lastQty === b.lastQty && a.volume === b.volume && a.lastTradedTime === b.lastTradedTime && a.bid === b.bid && a.ask === b.ask;
}

export const PRINT_SIDE_LABEL: Record<PrintSide, string> = { bid: "At bid", ask: "At ask", between: "Between" };
