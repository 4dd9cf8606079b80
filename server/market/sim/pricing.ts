import { MARKET_HOURS } from "../../../src/core/marketHours.js";
import { istInstant } from "../../../src/core/time.js";

/**
 * Fair values for derivatives from their underlying: futures carry the underlying at a flat
 * annual rate, options use Black-76 on the forward. The simulator only needs prices that move
 * sensibly with the underlying and time, not a market maker's model.
 */
const CARRY_RATE = 0.065;

export function futureFairValue(underlying: number, yearsToExpiry: number): number {
  return underlying * Math.exp(CARRY_RATE * Math.max(0, yearsToExpiry));
}

/** Abramowitz-Stegun normal CDF, good to 1e-7: plenty for a simulator. */
function normCdf(x: number): number {
  const t = 1 / (1 + 0.2316419 * Math.abs(x));
  const d = 0.3989423 * Math.exp((-x * x) / 2);
  const p = d * t * (0.3193815 + t * (-0.3565638 + t * (1.781478 + t * (-1.821256 + t * 1.330274))));
  return x > 0 ? 1 - p : p;
}

export function optionFairValue(underlying: number, strike: number, yearsToExpiry: number, vol: number, call: boolean): number {
  const intrinsic = Math.max(0, call ? underlying - strike : strike - underlying);
  const t = Math.max(yearsToExpiry, 1 / (365 * 24));
  if (underlying <= 0 || strike <= 0) return intrinsic;
  const forward = futureFairValue(underlying, t);
  const sd = vol * Math.sqrt(t);
  const d1 = (Math.log(forward / strike) + (sd * sd) / 2) / sd;
  const d2 = d1 - sd;
  const discount = Math.exp(-CARRY_RATE * t);
  const value = call ? discount * (forward * normCdf(d1) - strike * normCdf(d2)) : discount * (strike * normCdf(-d2) - forward * normCdf(-d1));
  return Math.max(value, intrinsic * discount);
}

/** Years from an instant to the derivatives close (15:30 IST) of an expiry date "YYYY-MM-DD". */
export function yearsToExpiry(expiry: string, now: Date): number {
  const close = istInstant(expiry, MARKET_HOURS.NSEFO.close).getTime();
  return Math.max(0, (close - now.getTime()) / (365 * 86_400_000));
}
