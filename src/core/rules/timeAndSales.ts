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

export const PRINT_SIDE_LABEL: Record<PrintSide, string> = { bid: "At bid", ask: "At ask", between: "Between" };
