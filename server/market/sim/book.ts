import type { DepthLevel, Instrument } from "../types.js";
import { roundToTick } from "../../../src/core/rules/tick.js";
import type { Rng } from "./rng.js";

/**
 * Five levels of simulated depth each side around the last price: the best bid at or one tick
 * under the last price, the best ask one or two ticks above the best bid, levels one to three
 * ticks apart. Quantities are whole lots. At the upper circuit nobody sells (asks empty); at the
 * lower circuit nobody buys (bids empty), as on the exchange.
 *
 * The book keeps its levels from one change to the next (issue 35: a book drawn afresh on every
 * tick is white noise no recorder can compress). It is a ladder of resting quotes that follows
 * the price, as market makers re-quote the same sizes around a moving fair price: each level keeps
 * its distance from the last price, its quantity and its orders; only the level the price moved
 * into (the best ask on a rise, the best bid on a fall) is traded against and refilled with a new
 * quantity, and one level's quantity drifts by a few lots now and then. A book is drawn afresh
 * only at first and when it comes off a circuit. Only depth is drawn here, from the book's own
 * stream, so the price path does not depend on it.
 */
export interface Book {
  bids: DepthLevel[];
  asks: DepthLevel[];
  totalBuyQty: number;
  totalSellQty: number;
  /** The last price the book was built at (the next one moves its levels by the price's move). */
  at?: number;
}

export const EMPTY_BOOK: Book = { bids: [], asks: [], totalBuyQty: 0, totalSellQty: 0 };

const isLotted = (inst: Instrument) => inst.lotSize > 1 || inst.exchange.endsWith("COMM") || inst.exchange.endsWith("CURR");

function level(price: number, inst: Instrument, rng: Rng): DepthLevel {
  const lots = isLotted(inst) ? rng.int(1, 40) : rng.int(1, 1500);
  const quantity = lots * inst.lotSize;
  return { price, quantity, orders: Math.max(1, Math.min(quantity, rng.int(1, Math.max(1, Math.ceil(lots / 4))))) };
}

function sum(levels: DepthLevel[]): number {
  let total = 0;
  for (const l of levels) total += l.quantity;
  return total;
}

/** The book at `ltp`: carried on from `prev` (the last book built) when there is one, else drawn afresh. */
export function buildBook(inst: Instrument, ltp: number, lc: number, uc: number, rng: Rng, prev: Book | null = null): Book {
  if (inst.isIndex) return EMPTY_BOOK;
  const tick = inst.tickSize;
  const atUpper = uc > 0 && ltp >= uc;
  const atLower = lc > 0 && ltp <= lc;
  // At a circuit one side empties, and a book coming off one is drawn afresh.
  if (prev?.at !== undefined) return carryOn(inst, ltp, lc, uc, rng, prev, atUpper, atLower);
  const bids: DepthLevel[] = [];
  const asks: DepthLevel[] = [];
  let bid = roundToTick(ltp - (rng.next() < 0.5 ? 0 : tick), tick);
  let ask = roundToTick(bid + tick * rng.int(1, 2), tick);
  if (atUpper) bid = roundToTick(uc - tick, tick);
  for (let i = 0; i < 5; i++) {
    if (!atLower && bid >= tick && (lc <= 0 || bid >= lc)) bids.push(level(bid, inst, rng));
    if (!atUpper && (uc <= 0 || ask <= uc)) asks.push(level(ask, inst, rng));
    bid = roundToTick(bid - tick * rng.int(1, 3), tick);
    ask = roundToTick(ask + tick * rng.int(1, 3), tick);
  }
  // The totals cover the whole book, beyond the five levels shown.
  return { bids, asks, totalBuyQty: sum(bids) * rng.int(3, 12), totalSellQty: sum(asks) * rng.int(3, 12), at: ltp };
}

/** A level with up to `lots` lots more or fewer (at least one) and an order more or fewer. */
function drift(l: DepthLevel, inst: Instrument, rng: Rng, lots: number): DepthLevel {
  const quantity = Math.max(1, Math.round(l.quantity / inst.lotSize) + rng.int(-lots, lots)) * inst.lotSize;
  return { price: l.price, quantity, orders: Math.max(1, Math.min(quantity, l.orders + rng.int(-1, 1))) };
}

/** One side drawn afresh: five levels one to three ticks apart from a tick off the last price, inside the circuits. */
function freshSide(inst: Instrument, ltp: number, dir: 1 | -1, lc: number, uc: number, rng: Rng): DepthLevel[] {
  const tick = inst.tickSize;
  const out: DepthLevel[] = [];
  let p = roundToTick(ltp + dir * tick, tick);
  for (let i = 0; i < 5; i++) {
    if (dir < 0 ? p < tick || (lc > 0 && p < lc) : uc > 0 && p > uc) break;
    out.push(level(p, inst, rng));
    p = roundToTick(p + dir * tick * rng.int(1, 3), tick);
  }
  return out;
}

function carryOn(inst: Instrument, ltp: number, lc: number, uc: number, rng: Rng, prev: Book, atUpper: boolean, atLower: boolean): Book {
  const tick = inst.tickSize;
  const eps = tick / 2;
  const move = roundToTick(ltp - prev.at!, tick);
  // The ladder follows the price: each level keeps its distance from the last price, its quantity and its orders.
  const moved = (l: DepthLevel): DepthLevel => (move === 0 ? l : { price: roundToTick(l.price + move, tick), quantity: l.quantity, orders: l.orders });
  // At a circuit one side empties; a side coming back (off a circuit) is drawn afresh.
  const bids = atLower ? [] : prev.bids.length > 0 ? prev.bids.map(moved).filter((l) => l.price >= tick - eps && (lc <= 0 || l.price >= lc - eps)) : freshSide(inst, ltp, -1, lc, uc, rng);
  const asks = atUpper ? [] : prev.asks.length > 0 ? prev.asks.map(moved).filter((l) => uc <= 0 || l.price <= uc + eps) : freshSide(inst, ltp, 1, lc, uc, rng);
  // The level the price moved into was traded against: a few lots taken or put back.
  const touched = move > 0 ? asks : move < 0 ? bids : null;
  if (touched?.[0]) touched[0] = drift(touched[0], inst, rng, 5);
  // Now and then one level's quantity drifts by a few lots (orders come and go).
  if (rng.next() < 0.3) {
    const side = rng.next() < 0.5 ? bids : asks;
    const i = rng.int(0, Math.max(0, side.length - 1));
    const l = side[i];
    if (l) side[i] = drift(l, inst, rng, 3);
  }
  // The depth beyond the five levels shown stands; the totals move with the five.
  return {
    bids,
    asks,
    totalBuyQty: Math.max(0, prev.totalBuyQty - sum(prev.bids)) + sum(bids),
    totalSellQty: Math.max(0, prev.totalSellQty - sum(prev.asks)) + sum(asks),
    at: ltp,
  };
}
