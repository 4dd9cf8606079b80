import { groupIndian } from "../format";
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
/** Beyond the strikes, breakevens and spot, the curves go this share of their span further on each side. */
export const CURVE_PAD = 0.25;
/** However close those stand, the curves span at least this share of the spot either side of it. */
export const CURVE_MIN_HALF = 0.01;
/** Breakevens above this many times the top strike (or the spot) are not shown (a long call's far one): 8 % beyond, three times. */
const FAR_BREAKEVEN = 1.08 * 3;

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

/** A future's carry read off its live price (payoff.ts StrategyLeg.carry): none before its price or the spot is known, or at its expiry. */
const carryOf = (leg: DeskLeg, ltp: number | undefined, spot: number, now: Date): { carry?: number } => {
  if (leg.optionType !== "FUT" || !ltp || !(spot > 0)) return {};
  const years = yearsToExpiry(leg.expiry, now);
  return years > 0 ? { carry: Math.log(ltp / spot) / years } : {};
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
      ...carryOf(l, prices.ltp[i], prices.spot, now),
    })),
    ivs,
    atmIv,
  };
}

/**
 * The spot range of the curves: what the payoff turns on (every strike, every breakeven, the spot
 * and the what-if's spot), CURVE_PAD of its span beyond it on each side, and at least CURVE_MIN_HALF
 * of the spot either side of the spot. So that part takes two thirds of the plot: a narrow iron
 * condor drawn from 8 % below its lowest strike to 8 % above its highest (the old range) had a
 * tenth of it in a split pane, its breakevens' labels over one another.
 */
export function curveRange(strikes: readonly number[], breakevens: readonly number[], spot: number, whatIfSpot = spot): { lo: number; hi: number } {
  const points = [spot, whatIfSpot, ...strikes, ...breakevens];
  const lo = Math.min(...points);
  const hi = Math.max(...points);
  const pad = (hi - lo) * CURVE_PAD;
  return { lo: Math.max(0, Math.min(lo - pad, spot * (1 - CURVE_MIN_HALF))), hi: Math.max(hi + pad, spot * (1 + CURVE_MIN_HALF)) };
}

const strikesOf = (legs: readonly StrategyLeg[]): number[] => legs.filter((l) => l.kind === "CE" || l.kind === "PE").map((l) => l.strike);

export function deskBase(legs: readonly DeskLeg[], prices: DeskPrices, now: Date): DeskBase {
  const p = payoffLegs(legs, prices, now);
  const expiry = firstExpiry(p.legs);
  // Breakevens anywhere from near 0 to far above (a long call's can be far above the strikes), searched
  // once over the probability's wider range and reused by it (issue 31's 2 ms per recompute).
  const strikes = strikesOf(p.legs);
  const far = Math.max(prices.spot, ...strikes) * FAR_BREAKEVEN;
  const found = breakevens(p.legs, 1e-6, profitSearchTop(p.legs, prices.spot));
  const shown = found.filter((b) => b <= far);
  const { lo, hi } = curveRange(strikes, shown, prices.spot);
  return {
    legs: p.legs,
    spot: prices.spot,
    now,
    ivs: p.ivs,
    atmIv: p.atmIv,
    lo,
    hi,
    breakevens: shown,
    extremes: extremes(p.legs),
    netPremium: netPremium(p.legs),
    probabilityOfProfit: probabilityOfProfit(p.legs, prices.spot, p.atmIv, now, RISK_FREE_RATE, found),
    maxDays: daysToExpiry(now, expiry),
    expiry,
  };
}

/**
 * The breakevens as the figures say them: each spot, else why there is none. A P&L at expiry that is
 * the same at every spot (its largest and smallest equal) has no breakeven to look for: at zero the
 * legs cancel out (a BUY and a SELL of one contract), elsewhere the set gains or loses that sum
 * whatever the spot does.
 */
export function breakevensSaid(breakevens: readonly number[], e: Extremes): string {
  if (breakevens.length > 0) return breakevens.map((b) => groupIndian(b, 2)).join(", ");
  if (typeof e.maxProfit === "number" && e.maxProfit === e.maxLoss) return e.maxProfit === 0 ? "none (the legs cancel out)" : "none (the P&L at expiry is the same at every spot)";
  return "none";
}

/** `count` spots evenly over the range (the chart's x axis: one point per spot, ascending). */
export function curveSpots(lo: number, hi: number, count = CURVE_POINTS): number[] {
  return Array.from({ length: count }, (_, i) => lo + ((hi - lo) * i) / Math.max(1, count - 1));
}

/** The curves' spots for a what-if: base's range, widened to hold the what-if's spot (`,` `.` move it past the strikes). */
export function viewSpots(base: DeskBase, whatIfSpot: number): number[] {
  if (whatIfSpot >= base.lo && whatIfSpot <= base.hi) return curveSpots(base.lo, base.hi);
  const { lo, hi } = curveRange(strikesOf(base.legs), base.breakevens, base.spot, whatIfSpot);
  return curveSpots(lo, hi);
}

export function deskView(base: DeskBase, w: DeskWhatIf, spots?: readonly number[]): DeskView {
  const at = targetMoment(base.now, w, expiryMoment(base.legs));
  const moment = { at, ivShift: w.ivShift };
  const spot = shiftedSpot(base.spot, w);
  spots ??= viewSpots(base, spot);
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
