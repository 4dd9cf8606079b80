import { impliedVol, RISK_FREE_RATE, yearsToExpiry, type Greeks } from "../rules/blackScholes";
import { legQuantity, type DeskLeg } from "./legs";
import {
  breakevens, expiryMoment, extremes, firstExpiry, netPremium, payoffCurves, pnlAt, probabilityOfProfit, profitSearchTop, strategyGreeks, type Curves, type Extremes, type StrategyLeg,
} from "./payoff";
import { daysToExpiry, shiftedSpot, targetMoment, type DeskWhatIf } from "./whatIf";

/**
 * The strategy pane's figures (issue 31), pure: the pane's legs and live prices turned into
 * payoff.ts's legs, and everything the pane shows worked out from them. Split in two so that a
 * what-if key recomputes only what it moves: `deskBase` (breakevens, extremes, premium,
 * probability: the expiry line and today's prices) and `deskView` (the T+0 line and the greeks
 * at the target date, IV and spot).
 */

/** When no leg's IV can be read off its price (no price yet, or below intrinsic value): the fallback. */
export const FALLBACK_IV = 0.15;
/** Spot points of the drawn curves. */
export const CURVE_POINTS = 400;
/** The curves span the spot and every strike, and this much beyond them on each side. */
export const CURVE_MARGIN = 0.08;

export interface DeskPrices {
  /** The underlying's live price. */
  spot: number;
  /** Each leg's live price, by index (0 or undefined: none yet). */
  ltp: ReadonlyArray<number | undefined>;
}

export interface DeskBase {
  legs: StrategyLeg[];
  spot: number;
  now: Date;
  /** The IV of each leg read off its live price (a fraction), or the fallback. */
  ivs: number[];
  /** The IV of the leg struck nearest the spot: the lognormal's for the probability of profit. */
  atmIv: number;
  lo: number;
  hi: number;
  breakevens: number[];
  extremes: Extremes;
  netPremium: number;
  probabilityOfProfit: number;
  /** Whole days to the first expiry: how far the target date can move. */
  maxDays: number;
  expiry: string;
}

export interface DeskView {
  curves: Curves;
  /** The moment the T+0 line is drawn for. */
  at: Date;
  /** The spot the figures are read at (the live one, shifted). */
  spot: number;
  /** The set's P&L at that spot, moment and IV. */
  pnl: number;
  greeks: Greeks;
}

const ivOf = (leg: DeskLeg, ltp: number | undefined, spot: number, now: Date): number | null => {
  if (leg.optionType === "FUT" || leg.optionType === "EQ" || !ltp || !(spot > 0)) return null;
  return impliedVol(ltp, { spot, strike: leg.strike, years: yearsToExpiry(leg.expiry, now), call: leg.optionType === "CE" });
};

/** The pane's legs as payoff.ts prices them: the entry typed, else the live price; the IV read off the live price. */
export function payoffLegs(legs: readonly DeskLeg[], prices: DeskPrices, now: Date): { legs: StrategyLeg[]; ivs: number[]; atmIv: number } {
  const read = legs.map((l, i) => ivOf(l, prices.ltp[i], prices.spot, now));
  const known = read.filter((v): v is number => v !== null);
  // A leg whose IV cannot be read is priced at the mean of those that can: the smile's level, near enough.
  const fallback = known.length > 0 ? known.reduce((a, b) => a + b, 0) / known.length : FALLBACK_IV;
  const ivs = read.map((v) => v ?? fallback);
  let atmIv = fallback;
  let nearest = Infinity;
  legs.forEach((l, i) => {
    const d = Math.abs(l.strike - prices.spot);
    if (read[i] !== null && d < nearest) {
      nearest = d;
      atmIv = read[i]!;
    }
  });
  return {
    legs: legs.map((l, i) => ({
      kind: l.optionType,
      strike: l.optionType === "CE" || l.optionType === "PE" ? l.strike : 0,
      expiry: l.expiry,
      side: l.side,
      quantity: legQuantity(l),
      entry: l.entry ?? prices.ltp[i] ?? 0,
      iv: ivs[i]!,
    })),
    ivs,
    atmIv,
  };
}

/** The spot range of the curves: the spot and every strike, CURVE_MARGIN beyond them. */
export function curveRange(legs: readonly DeskLeg[], spot: number): { lo: number; hi: number } {
  const strikes = legs.filter((l) => l.optionType === "CE" || l.optionType === "PE").map((l) => l.strike);
  const lo = Math.min(spot, ...strikes);
  const hi = Math.max(spot, ...strikes);
  return { lo: Math.max(0, lo * (1 - CURVE_MARGIN)), hi: hi * (1 + CURVE_MARGIN) };
}

export function deskBase(legs: readonly DeskLeg[], prices: DeskPrices, now: Date): DeskBase {
  const p = payoffLegs(legs, prices, now);
  const { lo, hi } = curveRange(legs, prices.spot);
  const expiry = firstExpiry(p.legs);
  // Breakevens anywhere from near 0 to far above (a long call's is above the range drawn), searched
  // once over the probability's wider range and reused by it (issue 31's 2 ms per recompute).
  const far = Math.max(hi, prices.spot) * 3;
  const found = breakevens(p.legs, 1e-6, profitSearchTop(p.legs, prices.spot));
  return {
    legs: p.legs,
    spot: prices.spot,
    now,
    ivs: p.ivs,
    atmIv: p.atmIv,
    lo,
    hi,
    breakevens: found.filter((b) => b <= far),
    extremes: extremes(p.legs),
    netPremium: netPremium(p.legs),
    probabilityOfProfit: probabilityOfProfit(p.legs, prices.spot, p.atmIv, now, RISK_FREE_RATE, found),
    maxDays: daysToExpiry(now, expiry),
    expiry,
  };
}

/** `count` spots evenly over the range (the chart's x axis: one point per spot, ascending). */
export function curveSpots(lo: number, hi: number, count = CURVE_POINTS): number[] {
  return Array.from({ length: count }, (_, i) => lo + ((hi - lo) * i) / Math.max(1, count - 1));
}

export function deskView(base: DeskBase, w: DeskWhatIf, spots: readonly number[] = curveSpots(base.lo, base.hi)): DeskView {
  const at = targetMoment(base.now, w, expiryMoment(base.legs));
  const moment = { at, ivShift: w.ivShift };
  const spot = shiftedSpot(base.spot, w);
  return {
    curves: payoffCurves(base.legs, spots, moment),
    at,
    spot,
    pnl: pnlAt(base.legs, spot, moment),
    greeks: strategyGreeks(base.legs, spot, moment),
  };
}

/** A leg's P&L now: (live - entry) x signed units; 0 while it follows the live price. */
export function legPnl(leg: DeskLeg, ltp: number | undefined): number {
  if (!ltp || leg.entry === undefined) return 0;
  return (leg.side === "BUY" ? 1 : -1) * legQuantity(leg) * (ltp - leg.entry);
}
