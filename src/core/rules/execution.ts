import type { TransactionType } from "../types/order";
import { fromTicks, roundToTick, toTicks } from "./tick";

/**
 * Pure helpers of the paper broker's matching engine, in integer ticks.
 *
 * Market protection: a MARKET order fills only within `percent` of the last price: a buy up to
 * ltp x (1 + p%), rounded down to the tick so the cap is never exceeded; a sell down to
 * ltp x (1 - p%), rounded up. Percent 0 means no protection (no cap).
 */
export function marketProtectionLimit(ltp: number, percent: number, side: TransactionType, tickSize: number): number | undefined {
  if (!(percent > 0)) return undefined;
  const raw = side === "BUY" ? ltp * (1 + percent / 100) : ltp * (1 - percent / 100);
  const nearest = roundToTick(raw, tickSize);
  const t = toTicks(nearest, tickSize) ?? 0;
  if (side === "BUY" && nearest > raw + 1e-9) return fromTicks(t - 1, tickSize);
  if (side === "SELL" && nearest < raw - 1e-9) return fromTicks(t + 1, tickSize);
  return nearest;
}

/**
 * Trailing stop-loss: for every full `trailAmount` the price has moved in the position's favour
 * beyond the reference (the entry), the stop moves the same amount in that direction. It never
 * moves back. For a long (entry BUY) the stop rises with the best high; for a short it falls with
 * the best low.
 */
export function trailedStopLoss(args: {
  entrySide: TransactionType;
  referencePrice: number;
  initialStop: number;
  bestPrice: number;
  trailAmount: number;
  tickSize: number;
}): number {
  const { entrySide, referencePrice, initialStop, bestPrice, trailAmount, tickSize } = args;
  const trail = toTicks(roundToTick(trailAmount, tickSize), tickSize) ?? 0;
  if (trail <= 0) return initialStop;
  const ref = toTicks(roundToTick(referencePrice, tickSize), tickSize) ?? 0;
  const best = toTicks(roundToTick(bestPrice, tickSize), tickSize) ?? 0;
  const stop = toTicks(roundToTick(initialStop, tickSize), tickSize) ?? 0;
  const favour = entrySide === "BUY" ? best - ref : ref - best;
  if (favour <= 0) return initialStop;
  const steps = Math.floor(favour / trail);
  return fromTicks(entrySide === "BUY" ? stop + steps * trail : stop - steps * trail, tickSize);
}
