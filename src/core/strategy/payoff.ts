import { roundToPaisa } from "../money";
import { greeks, normCdf, optionPrice, RISK_FREE_RATE, yearsToExpiry, type Greeks } from "../rules/blackScholes";

/**
 * A strategy's payoff (issue 31), pure: P&L at expiry and today (T+0, Black-Scholes at each leg's
 * IV), breakevens, the largest profit and loss ("unlimited" when a tail rises or falls for ever),
 * the net premium, the probability of profit under the lognormal, and the set's greeks.
 *
 * Conventions, the chain's (rules/blackScholes.ts): calendar days / 365 to 15:30 IST of the expiry
 * day, the risk-free rate RISK_FREE_RATE, theta per calendar day, vega per volatility point. A
 * future is worth spot x e^(carry x T) until its expiry (its carry read off its price), and spot at it.
 */

/** EQ: the share itself (a covered call's, a protective put's), worth the spot at every moment. */
export type LegKind = "CE" | "PE" | "FUT" | "EQ";

const isOption = (l: StrategyLeg): boolean => l.kind === "CE" || l.kind === "PE";

export interface StrategyLeg {
  kind: LegKind;
  /** 0 for a future. */
  strike: number;
  /** YYYY-MM-DD, the contract's expiry day. */
  expiry: string;
  side: "BUY" | "SELL";
  /** Units: lots x lot size. */
  quantity: number;
  /** The price the leg is (or would be) traded at, per unit. */
  entry: number;
  /** The leg's implied volatility as a fraction (0.14 = 14 %): what its T+0 value is priced at. */
  iv: number;
  /**
   * A future's carry as the market prices it, a yearly rate: ln(its last price / spot) / years to its
   * expiry, read off its live price as an option's IV is (desk.ts payoffLegs). So at the live spot and
   * now its T+0 value is its last price, and the set's P&L there is the legs' P&L (FINDINGS-29 5: the
   * model's e^(rT) basis put a future ₹100-170 a lot away from its market). RISK_FREE_RATE when unknown.
   */
  carry?: number;
}

/** What-if: the moment the curve is drawn for, and a shift of every leg's IV in volatility points. */
export interface WhatIf {
  at: Date;
  /** +1 is one volatility point (0.01 absolute) on every leg. */
  ivShift: number;
}

const sign = (leg: StrategyLeg): 1 | -1 => (leg.side === "BUY" ? 1 : -1);

/** A leg's value per unit at a spot, `years` before its expiry. */
export function legValue(leg: StrategyLeg, spot: number, years: number, ivShift = 0, rate = RISK_FREE_RATE): number {
  if (leg.kind === "EQ") return spot;
  if (leg.kind === "FUT") return years > 0 ? spot * Math.exp((leg.carry ?? rate) * years) : spot;
  const vol = Math.max(1e-4, leg.iv + ivShift / 100);
  return optionPrice({ spot, strike: leg.strike, years, vol, call: leg.kind === "CE", rate });
}

/** The set's P&L in rupees at a spot, valued at the what-if moment and IV. */
export function pnlAt(legs: readonly StrategyLeg[], spot: number, w: WhatIf): number {
  return pnlCurve(legs, w)(spot);
}

/**
 * The set's P&L as a function of spot at one moment and IV: each leg's time to expiry is worked
 * out once (reading an expiry date costs more than pricing the option), so a curve of 400 spots
 * or a breakeven search over 2,000 asks it once (issue 31's 2 ms per recompute).
 */
export function pnlCurve(legs: readonly StrategyLeg[], w: WhatIf): (spot: number) => number {
  const years = legs.map((l) => yearsToExpiry(l.expiry, w.at));
  // An option with no time left is worth its intrinsic value (optionPrice's own rule), worked out
  // here without building optionPrice's input: the expiry line and the breakeven search read
  // nothing else, thousands of times a recompute.
  const expired = legs.map((l, i) => isOption(l) && years[i]! <= 0);
  return (spot) => {
    let total = 0;
    for (let i = 0; i < legs.length; i++) {
      const leg = legs[i]!;
      const value = expired[i] ? Math.max(0, leg.kind === "CE" ? spot - leg.strike : leg.strike - spot) : legValue(leg, spot, years[i]!, w.ivShift);
      total += sign(leg) * leg.quantity * (value - leg.entry);
    }
    return total;
  };
}

/** The first expiry among the legs: "at expiry" is then (a calendar's later leg is still priced by Black-Scholes). */
export function firstExpiry(legs: readonly StrategyLeg[]): string {
  // A share has no expiry ("").
  const dated = legs.filter((l) => l.kind !== "EQ");
  return dated.reduce((m, l) => (l.expiry < m ? l.expiry : m), dated[0]?.expiry ?? "");
}

/** The moment "at expiry" means: 15:30 IST of the first expiry, when its legs are worth their intrinsic value. */
export function expiryMoment(legs: readonly StrategyLeg[]): Date {
  const e = firstExpiry(legs);
  // One millisecond past the close, so the first expiry's legs have no time left.
  return new Date(Date.parse(`${e}T10:00:00.001Z`));
}

/** P&L at the first expiry. */
export function pnlAtExpiry(legs: readonly StrategyLeg[], spot: number): number {
  return expiryCurve(legs)(spot);
}

/** P&L at the first expiry as a function of spot (pnlCurve at the expiry moment). */
export function expiryCurve(legs: readonly StrategyLeg[]): (spot: number) => number {
  return pnlCurve(legs, { at: expiryMoment(legs), ivShift: 0 });
}

export interface Curves {
  spots: number[];
  /** At the first expiry. */
  expiry: number[];
  /** At the what-if moment and IV (T+0 when it is now). */
  today: number[];
}

export function payoffCurves(legs: readonly StrategyLeg[], spots: readonly number[], w: WhatIf): Curves {
  const atExpiry = expiryCurve(legs);
  const today = pnlCurve(legs, w);
  return { spots: [...spots], expiry: spots.map(atExpiry), today: spots.map(today) };
}

/** `count` spots evenly from lo to hi, and every strike between them (where the expiry line bends). */
export function spotGrid(legs: readonly StrategyLeg[], lo: number, hi: number, count: number): number[] {
  const out = new Set<number>();
  for (let i = 0; i < count; i++) out.add(lo + ((hi - lo) * i) / Math.max(1, count - 1));
  for (const l of legs) if (isOption(l) && l.strike > lo && l.strike < hi) out.add(l.strike);
  return [...out].sort((a, b) => a - b);
}

/** Below half a paisa the P&L is zero as shown: legs that cancel (a BUY and a SELL of one contract) sum to float noise, not a sign. */
const ZERO_PNL = 0.005;
const signOf = (v: number): -1 | 0 | 1 => (Math.abs(v) < ZERO_PNL ? 0 : v > 0 ? 1 : -1);

/**
 * Where the expiry P&L crosses zero, between lo and hi: a breakeven is where the P&L goes from a
 * loss to a profit or back. Each sign change on the grid (strikes included) is narrowed by
 * bisection to a thousandth of a rupee: between two strikes the expiry line of one expiry is
 * straight, so bisection finds its root exactly; a calendar's curved line to the same tolerance.
 * A lone grid point at zero is one (a crossing through it, or a line that only touches zero at a
 * kink). Zero over a stretch of spots (two or more grid points in a row: legs that cancel out,
 * flat at zero everywhere) is no breakeven; where such a stretch parts a loss from a profit, the
 * breakeven is its edge on the profit side (the spot past which the set makes money, what a
 * trader reads a breakeven as; probabilityOfProfit then counts the stretch with the loss).
 */
export function breakevens(legs: readonly StrategyLeg[], lo: number, hi: number): number[] {
  if (legs.length === 0) return [];
  const f = expiryCurve(legs);
  const grid = spotGrid(legs, lo, hi, 2001);
  const values = grid.map(f);
  const signs = values.map(signOf);
  const out: number[] = [];
  for (let i = 0; i < grid.length; i++) {
    if (signs[i] === 0) {
      // The stretch at zero from i to j.
      let j = i;
      while (j + 1 < grid.length && signs[j + 1] === 0) j++;
      if (j === i) out.push(grid[i]!);
      else {
        const before = i > 0 ? signs[i - 1]! : 0;
        const after = j + 1 < grid.length ? signs[j + 1]! : 0;
        if (before !== 0 && after !== 0 && before !== after) out.push(after > 0 ? grid[j]! : grid[i]!);
      }
      i = j;
      continue;
    }
    const next = signs[i + 1];
    if (next === undefined || next === 0 || next === signs[i]) continue;
    let a = grid[i]!;
    let b = grid[i + 1]!;
    const sa = signs[i]!;
    for (let k = 0; k < 100 && b - a > 1e-7; k++) {
      const m = (a + b) / 2;
      if (Math.sign(f(m)) === sa) a = m;
      else b = m;
    }
    out.push(Math.round(((a + b) / 2) * 1000) / 1000);
  }
  return out;
}

export type Extreme = number | "unlimited";

export interface Extremes {
  /** The largest P&L at expiry (negative when the set never profits). */
  maxProfit: Extreme;
  /** The smallest P&L at expiry (positive when the set never loses). */
  maxLoss: Extreme;
}

/**
 * The largest profit and loss at expiry over every spot from 0 up. The expiry line is straight
 * between strikes and beyond the last one, so its extremes are at 0, at a strike, or, when the
 * last stretch slopes, unlimited. A calendar's later leg bends the line: it is sampled instead
 * (up to 3x the highest strike), and its tail judged by the same slope.
 */
export function extremes(legs: readonly StrategyLeg[]): Extremes {
  const strikes = legs.filter(isOption).map((l) => l.strike);
  const top = Math.max(1, ...strikes, ...legs.map((l) => l.entry));
  const points = new Set<number>([0, ...strikes]);
  if (new Set(legs.map((l) => l.expiry)).size > 1) for (let i = 0; i <= 3000; i++) points.add((3 * top * i) / 3000);
  const atExpiry = expiryCurve(legs);
  let hi = -Infinity;
  let lo = Infinity;
  for (const s of points) {
    const v = atExpiry(s);
    hi = Math.max(hi, v);
    lo = Math.min(lo, v);
  }
  // The slope past every strike, per rupee of spot: a long call's is its quantity, a short call's minus it.
  const far = 4 * top;
  const slope = atExpiry(far + top) - atExpiry(far);
  const tail = slope / top;
  const tiny = 1e-6 * Math.max(1, ...legs.map((l) => l.quantity));
  return { maxProfit: tail > tiny ? "unlimited" : roundToPaisa(hi), maxLoss: tail < -tiny ? "unlimited" : roundToPaisa(lo) };
}

/** Premium received (positive, a credit) or paid (negative, a debit) for the whole set, in rupees. */
export function netPremium(legs: readonly StrategyLeg[]): number {
  return roundToPaisa(legs.reduce((s, l) => s + (isOption(l) ? -sign(l) * l.quantity * l.entry : 0), 0));
}

/** How far up probabilityOfProfit looks for breakevens: ten times the spot or the highest strike. */
export function profitSearchTop(legs: readonly StrategyLeg[], spot: number): number {
  return Math.max(spot, ...legs.filter(isOption).map((l) => l.strike)) * 10;
}

/**
 * The probability that the set's P&L at expiry is above zero, with the spot at expiry lognormal:
 * ln S_T ~ N(ln S + (r - vol^2/2) T, vol^2 T), vol the ATM IV, T to the first expiry. The profitable
 * stretches lie between the breakevens; P(a < S_T < b) = N(z(b)) - N(z(a)).
 */
export function probabilityOfProfit(
  legs: readonly StrategyLeg[],
  spot: number,
  atmIv: number,
  now: Date,
  rate = RISK_FREE_RATE,
  // The breakevens from 0 to profitSearchTop: a caller that has them already (the strategy pane) passes them, not searched twice.
  found?: readonly number[],
): number {
  if (legs.length === 0 || !(spot > 0)) return 0;
  const years = yearsToExpiry(firstExpiry(legs), now);
  const sd = atmIv * Math.sqrt(years);
  const z = (x: number) => (x <= 0 ? -Infinity : sd > 0 ? (Math.log(x / spot) - (rate - (atmIv * atmIv) / 2) * years) / sd : x > spot ? Infinity : -Infinity);
  const cdf = (x: number) => {
    const v = z(x);
    return v === Infinity ? 1 : v === -Infinity ? 0 : normCdf(v);
  };
  const top = profitSearchTop(legs, spot);
  const edges = [0, ...(found ?? breakevens(legs, 1e-6, top)), Infinity];
  const atExpiry = expiryCurve(legs);
  let p = 0;
  for (let i = 0; i + 1 < edges.length; i++) {
    const a = edges[i]!;
    const b = edges[i + 1]!;
    // The sign of a stretch, read in its middle (past the last breakeven, a point beyond it).
    const mid = b === Infinity ? Math.max(a * 1.5, top) : (a + b) / 2;
    if (atExpiry(mid) > 0) p += (b === Infinity ? 1 : cdf(b)) - cdf(a);
  }
  return Math.min(1, Math.max(0, p));
}

/** The set's greeks in rupees: each leg's times its signed quantity (a future's delta is e^(carry x T), the rest 0). */
export function strategyGreeks(legs: readonly StrategyLeg[], spot: number, w: WhatIf, rate = RISK_FREE_RATE): Greeks {
  const total: Greeks = { delta: 0, gamma: 0, theta: 0, vega: 0 };
  for (const leg of legs) {
    const years = yearsToExpiry(leg.expiry, w.at);
    const q = sign(leg) * leg.quantity;
    if (leg.kind === "EQ") {
      total.delta += q;
      continue;
    }
    if (leg.kind === "FUT") {
      total.delta += q * (years > 0 ? Math.exp((leg.carry ?? rate) * years) : 1);
      continue;
    }
    const g = greeks({ spot, strike: leg.strike, years, vol: Math.max(1e-4, leg.iv + w.ivShift / 100), call: leg.kind === "CE", rate });
    total.delta += q * g.delta;
    total.gamma += q * g.gamma;
    total.theta += q * g.theta;
    total.vega += q * g.vega;
  }
  return total;
}
