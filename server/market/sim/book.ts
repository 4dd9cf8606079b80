import type { DepthLevel, Instrument } from "../types.js";
import { roundToTick } from "../../../src/core/rules/tick.js";
import type { Rng } from "./rng.js";

/**
 * Five levels of simulated depth each side around the last price: the best bid at or one tick
 * under the last price, the best ask one or two ticks above the best bid, levels one to three
 * ticks apart. Quantities are whole lots. At the upper circuit nobody sells (asks empty); at the
 * lower circuit nobody buys (bids empty), as on the exchange.
 */
export interface Book {
  bids: DepthLevel[];
  asks: DepthLevel[];
  totalBuyQty: number;
  totalSellQty: number;
}

export const EMPTY_BOOK: Book = { bids: [], asks: [], totalBuyQty: 0, totalSellQty: 0 };

function level(price: number, inst: Instrument, rng: Rng): DepthLevel {
  const lots = inst.lotSize > 1 || inst.exchange.endsWith("COMM") || inst.exchange.endsWith("CURR") ? rng.int(1, 40) : rng.int(1, 1500);
  const quantity = lots * inst.lotSize;
  return { price, quantity, orders: Math.max(1, Math.min(quantity, rng.int(1, Math.max(1, Math.ceil(lots / 4))))) };
}

function sum(levels: DepthLevel[]): number {
  let total = 0;
  for (const l of levels) total += l.quantity;
  return total;
}

export function buildBook(inst: Instrument, ltp: number, lc: number, uc: number, rng: Rng): Book {
  if (inst.isIndex) return EMPTY_BOOK;
  const tick = inst.tickSize;
  const atUpper = uc > 0 && ltp >= uc;
  const atLower = lc > 0 && ltp <= lc;
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
  return { bids, asks, totalBuyQty: sum(bids) * rng.int(3, 12), totalSellQty: sum(asks) * rng.int(3, 12) };
}
