import type { Position } from "../types/portfolio";
import type { DeskLeg, HeldLots } from "./legs";
import { deskOrderLeg } from "./placement";

/**
 * A placed leg's entry from its fill (pure). A leg prices at the price the trader typed, else at the
 * live price (legs.ts); once the run placed it and its order filled, the trader wants the strategy's
 * P&L, breakevens and net premium from what they got, not from a live price that moves on: the
 * entry becomes the fill, the order's average price. A typed price still wins (the trader's word).
 */

/** What the order book says of the order a leg was placed as (its row: trading-core section 3). */
export interface PlacedOrder {
  /** In the order's units, as it was sent. */
  quantity: number;
  filledQuantity: number;
  averageTradedPrice: number;
}

/** Where a leg's entry comes from: typed with `e`, its whole fill, its part fill blended with the live price, an open position's average ("Analyse positions"), or the live price. */
export type EntrySource = "typed" | "filled" | "part" | "held" | "live";

export interface LegEntry {
  /** Per unit; undefined: the live price, not known yet. */
  price: number | undefined;
  source: EntrySource;
  /** The share of the leg filled (0..1), when it is placed and some of it filled. */
  share?: number;
}

/**
 * A leg's entry. The fill is the leg's only while the order is the leg as it now stands: with its lots
 * changed after placing (`+`, `-`), the order filled another quantity than the leg holds, and the
 * leg goes back to the live price as any unplaced leg does.
 *
 * Part filled (senior-desk choice): the filled units at their average price, the rest at the live
 * price, blended by quantity: `share x average + (1 - share) x live`. So the leg's P&L,
 * `(live - entry) x units`, is exactly the filled units' `(live - average) x filled`, and the part not
 * filled counts nothing, as an unplaced leg's live price does; the breakevens and the premium move
 * only by the part still to fill. Taking the average for the whole leg would count P&L on units not
 * bought; keeping the live price till it all fills would drop the P&L of units that were.
 */
export function legEntry(leg: DeskLeg, ltp: number | undefined, order: PlacedOrder | undefined, book?: BookHeld): LegEntry {
  if (leg.held?.fromPositions && book) return bookEntry(leg, book, ltp);
  if (leg.held && leg.entry !== undefined) return heldEntry(leg, leg.held, leg.entry, ltp);
  if (leg.entry !== undefined) return { price: leg.entry, source: "typed" };
  const live: LegEntry = { price: ltp, source: "live" };
  if (!order || !(order.filledQuantity > 0) || !(order.averageTradedPrice > 0)) return live;
  // The same units the run sent for the leg (deskOrderLeg's quantity, whatever unit the segment's orders count in).
  if (order.quantity !== deskOrderLeg(leg, 0).qty) return live;
  const share = Math.min(1, order.filledQuantity / order.quantity);
  if (share >= 1) return { price: order.averageTradedPrice, source: "filled", share: 1 };
  // No live price yet: the units filled are the only price known for the leg.
  const price = ltp ? share * order.averageTradedPrice + (1 - share) * ltp : order.averageTradedPrice;
  return { price, source: "part", share };
}

/**
 * What the book's positions hold of an analysed leg's contract on the leg's side, every product
 * together: the open units and their average price (a long position's average buy price, a short
 * one's average sell price, by quantity across products, as analyse.ts takes them).
 */
export interface BookHeld {
  units: number;
  average: number;
}

/** The positions' holding of a leg's contract on its side (BookHeld), every product together. */
export function bookHeld(leg: Pick<DeskLeg, "exchange" | "token" | "side">, positions: readonly Pick<Position, "exchange" | "token" | "netQuantity" | "buyPrice" | "sellPrice">[]): BookHeld {
  let units = 0;
  let cost = 0;
  for (const p of positions) {
    if (p.exchange !== leg.exchange || Number(p.token) !== leg.token) continue;
    const open = leg.side === "BUY" ? p.netQuantity : -p.netQuantity;
    if (open <= 0) continue;
    units += open;
    cost += open * (leg.side === "BUY" ? p.buyPrice : p.sellPrice);
  }
  return { units, average: units > 0 ? cost / units : 0 };
}

/**
 * An analysed leg's entry, read from the book as it stands: the units the positions hold (up to the
 * leg's) at their average, any more of the leg's units (lots added, not yet filled) at the live
 * price, blended by units: `(held x average + rest x live) / units`. So lots added and placed here
 * are averaged in as they fill, at what they filled at, as the position's own average takes them;
 * the leg's saved entry (the average when it was analysed) would leave them at the old average.
 * With no live price yet, or nothing held any more (closed elsewhere), the one price known.
 */
function bookEntry(leg: DeskLeg, book: BookHeld, ltp: number | undefined): LegEntry {
  const units = leg.lots * leg.lotSize;
  const held = Math.min(Math.max(0, book.units), units);
  if (held >= units || (!ltp && held > 0)) return { price: book.average, source: "held" };
  if (!ltp) return { price: leg.entry, source: "held" };
  return { price: (held * book.average + (units - held) * ltp) / units, source: "held" };
}

/**
 * A held leg's entry with the book not read (a leg the pane placed, or the positions not loaded):
 * the held lots at the position's average; lots added beyond them (placed at MARKET, placement.ts
 * orderToPlace) at the live price, blended by lots as a part fill is:
 * `(held x average + added x live) / lots`. With no live price yet, the average.
 */
function heldEntry(leg: DeskLeg, held: HeldLots, average: number, ltp: number | undefined): LegEntry {
  const added = leg.lots - held.lots;
  if (added <= 0 || !ltp) return { price: average, source: "held" };
  return { price: (held.lots * average + added * ltp) / leg.lots, source: "held" };
}

/**
 * The legs as the payoff prices them: a filled (or part-filled) leg carries its fill as its entry, so
 * the figures (payoffLegs, legPnl) read it as they read a typed one; a leg at the live price keeps none.
 */
export function pricedLegs(legs: readonly DeskLeg[], entries: readonly LegEntry[]): DeskLeg[] {
  return legs.map((l, i) => {
    const e = entries[i];
    return e && (e.source === "filled" || e.source === "part" || e.source === "held") && e.price !== undefined ? { ...l, entry: e.price } : l;
  });
}
