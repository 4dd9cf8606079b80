import { istInstant } from "../time.js";

/**
 * Black-Scholes for European options on a non-dividend underlying: price, implied volatility
 * and the greeks the option chain shows. Hand-written rather than taken from npm because the
 * black-scholes/greeks packages there are unmaintained and untyped; this is small and its
 * tests are worked by hand (tests/unit/core/rules/blackScholes.test.ts).
 *
 * Conventions (also in server/README.md):
 * - risk-free rate RISK_FREE_RATE = 6.5 % a year, continuously compounded: about the 91-day
 *   Indian T-bill yield, and the carry the paper broker prices its futures with;
 * - time is calendar days / 365, to the expiry day's derivatives close at 15:30 IST;
 * - theta is per calendar day, vega per one volatility point (1 % absolute).
 */
export const RISK_FREE_RATE = 0.065;
export const DAYS_PER_YEAR = 365;
/** The derivatives close, 15:30 IST, in minutes after midnight: options expire then. */
export const EXPIRY_MINUTES_IST = 15 * 60 + 30;

export interface OptionInput {
  spot: number;
  strike: number;
  /** Years to expiry (calendar days / 365). */
  years: number;
  /** Annual volatility as a fraction (0.2 = 20 %). */
  vol: number;
  call: boolean;
  /** Defaults to RISK_FREE_RATE. */
  rate?: number;
}

export interface Greeks {
  delta: number;
  gamma: number;
  /** Rupees per calendar day. */
  theta: number;
  /** Rupees per one volatility point. */
  vega: number;
}

/** Years from `now` to 15:30 IST of the expiry date "YYYY-MM-DD"; 0 once it has passed. */
export function yearsToExpiry(expiry: string, now: Date): number {
  const close = istInstant(expiry, EXPIRY_MINUTES_IST).getTime();
  return Math.max(0, (close - now.getTime()) / (DAYS_PER_YEAR * 86_400_000));
}

/**
 * Standard normal CDF to double precision (Hart's algorithm 5666 as given by G. West, "Better
 * approximations to cumulative normal functions", 2005): implied volatility of deep
 * out-of-the-money options needs the tails accurate, which the usual 1e-7 approximations are not.
 */
export function normCdf(x: number): number {
  const a = Math.abs(x);
  let c: number;
  if (a > 37) c = 0;
  else {
    const e = Math.exp((-a * a) / 2);
    if (a < 7.07106781186547) {
      let n = 3.52624965998911e-2 * a + 0.700383064443688;
      n = n * a + 6.37396220353165;
      n = n * a + 33.912866078383;
      n = n * a + 112.079291497871;
      n = n * a + 221.213596169931;
      n = n * a + 220.206867912376;
      let d = 8.83883476483184e-2 * a + 1.75566716318264;
      d = d * a + 16.064177579207;
      d = d * a + 86.7807322029461;
      d = d * a + 296.564248779674;
      d = d * a + 637.333633378831;
      d = d * a + 793.826512519948;
      d = d * a + 440.413735824752;
      c = (e * n) / d;
    } else {
      let b = a + 0.65;
      b = a + 4 / b;
      b = a + 3 / b;
      b = a + 2 / b;
      b = a + 1 / b;
      c = e / b / 2.506628274631;
    }
  }
  return x > 0 ? 1 - c : c;
}

export function normPdf(x: number): number {
  return Math.exp((-x * x) / 2) / Math.sqrt(2 * Math.PI);
}

function intrinsic(o: OptionInput): number {
  return Math.max(0, o.call ? o.spot - o.strike : o.strike - o.spot);
}

function d1d2(o: OptionInput, r: number): { d1: number; d2: number; sd: number } {
  const sd = o.vol * Math.sqrt(o.years);
  const d1 = (Math.log(o.spot / o.strike) + (r + (o.vol * o.vol) / 2) * o.years) / sd;
  return { d1, d2: d1 - sd, sd };
}

/** The option's value; at or after expiry (or with no volatility) its intrinsic value. */
export function optionPrice(o: OptionInput): number {
  const r = o.rate ?? RISK_FREE_RATE;
  if (o.years <= 0 || o.vol <= 0 || o.spot <= 0 || o.strike <= 0) return intrinsic(o);
  const { d1, d2 } = d1d2(o, r);
  const df = Math.exp(-r * o.years);
  return o.call ? o.spot * normCdf(d1) - o.strike * df * normCdf(d2) : o.strike * df * normCdf(-d2) - o.spot * normCdf(-d1);
}

/** Delta, gamma, theta per calendar day and vega per volatility point; at expiry only delta remains. */
export function greeks(o: OptionInput): Greeks {
  const r = o.rate ?? RISK_FREE_RATE;
  if (o.years <= 0 || o.vol <= 0 || o.spot <= 0 || o.strike <= 0) {
    const itm = o.call ? o.spot > o.strike : o.spot < o.strike;
    return { delta: itm ? (o.call ? 1 : -1) : 0, gamma: 0, theta: 0, vega: 0 };
  }
  const { d1, d2, sd } = d1d2(o, r);
  const pdf = normPdf(d1);
  const df = Math.exp(-r * o.years);
  const decay = (-o.spot * pdf * o.vol) / (2 * Math.sqrt(o.years));
  const carry = o.call ? -r * o.strike * df * normCdf(d2) : r * o.strike * df * normCdf(-d2);
  return {
    delta: o.call ? normCdf(d1) : normCdf(d1) - 1,
    gamma: pdf / (o.spot * sd),
    theta: (decay + carry) / DAYS_PER_YEAR,
    vega: (o.spot * pdf * Math.sqrt(o.years)) / 100,
  };
}

const VOL_LOW = 1e-4;
const VOL_HIGH = 5;

/**
 * The volatility at which the model price equals `price`, or null when no volatility does:
 * a price at or below the no-arbitrage lower bound (a deep in-the-money put held at its
 * intrinsic value is one), above the upper bound, or at expiry. Newton steps kept inside a
 * bisection bracket: Newton alone overshoots where vega is tiny (deep ITM/OTM, near expiry),
 * bisection alone is slow; the bracket makes every step safe.
 */
export function impliedVol(price: number, o: Omit<OptionInput, "vol">): number | null {
  const r = o.rate ?? RISK_FREE_RATE;
  if (!(price > 0) || o.years <= 0 || o.spot <= 0 || o.strike <= 0) return null;
  const at = (vol: number) => optionPrice({ ...o, vol });
  let lo = VOL_LOW;
  let hi = VOL_HIGH;
  if (price <= at(lo) || price >= at(hi)) return null;
  const tolerance = Math.max(1e-10, price * 1e-10);
  let vol = Math.sqrt((2 * Math.abs(Math.log(o.spot / o.strike) + r * o.years)) / o.years) || 0.3;
  if (!(vol > lo && vol < hi)) vol = 0.3;
  for (let i = 0; i < 100; i++) {
    const diff = at(vol) - price;
    if (Math.abs(diff) < tolerance) return vol;
    if (diff > 0) hi = vol;
    else lo = vol;
    const vega = greeks({ ...o, vol }).vega * 100;
    const newton = vega > 1e-12 ? vol - diff / vega : NaN;
    vol = newton > lo && newton < hi ? newton : (lo + hi) / 2;
    if (hi - lo < 1e-12) return vol;
  }
  return vol;
}
