import { optionPrice, RISK_FREE_RATE, yearsToExpiry } from "../../../src/core/rules/blackScholes.js";
import { ceilToTick, floorToTick, roundToTick } from "../../../src/core/rules/tick.js";
import { COMMODITIES, CURRENCIES, INDEX_DERIVATIVES } from "../instruments/specs.js";
import type { Instrument } from "../types.js";

/**
 * Fair values for derivatives from their underlying: futures carry the underlying at the
 * risk-free rate, options are Black-Scholes (src/core/rules/blackScholes.ts, the same module the
 * chain's implied volatility and greeks come from) at a per-contract volatility on a smile.
 * Commodity options are priced on their near future as if it were spot: a simplification the
 * simulator accepts.
 */
export function futureFairValue(underlying: number, yearsToExpiry: number): number {
  return underlying * Math.exp(RISK_FREE_RATE * Math.max(0, yearsToExpiry));
}

/**
 * The volatility of one strike: the underlying's volatility raised on both wings and tilted so
 * that out-of-the-money puts are dearer than calls (the equity skew). Moneyness m = ln(K / S);
 * 10 % below spot is 1.14 x the at-the-money volatility, 10 % above 0.98 x. Capped at 3 x.
 */
export function smileVol(atmVol: number, spot: number, strike: number): number {
  if (spot <= 0 || strike <= 0) return atmVol;
  const m = Math.log(strike / spot);
  return atmVol * Math.min(3, 1 - 0.8 * m + 6 * m * m);
}

/**
 * Black-Scholes at the strike's smile volatility, never below intrinsic value. A European put
 * deep in the money is worth less than intrinsic in the model (K e^-rT - S < K - S); the
 * simulator holds it at intrinsic, as the issue asks, so put-call parity holds only while
 * neither side sits on that floor (server/README.md, "Option chain").
 */
export function optionFairValue(underlying: number, strike: number, yearsToExpiry: number, atmVol: number, call: boolean): number {
  const intrinsic = Math.max(0, call ? underlying - strike : strike - underlying);
  const vol = smileVol(atmVol, underlying, strike);
  return Math.max(intrinsic, optionPrice({ spot: underlying, strike, years: yearsToExpiry, vol, call }));
}

/**
 * How near the money a strike is, 1 at the money and falling away on a bell: exp(-(m / 0.03)^2),
 * m = ln(K / S). 3 % away 0.37, 6 % away 0.02. Option volume and OI change crowd where it is high.
 */
export function nearMoneyWeight(strike: number, spot: number): number {
  if (!(strike > 0) || !(spot > 0)) return 0;
  const m = Math.log(strike / spot) / 0.03;
  return Math.exp(-m * m);
}

/**
 * An option trade's lots from the simulator's draw of 1 to 20: scaled by 0.3 + 1.7 x the strike's
 * nearness to the money, so the money trades up to 40 lots a print and the far wings a few.
 * A transform of the draw the walk already makes (replay determinism: no draw of its own).
 */
export function optionTradeLots(drawn: number, weight: number): number {
  return Math.max(1, Math.round(drawn * (0.3 + 1.7 * weight)));
}

/**
 * The change of open interest a trade of `lots` makes, in lots, from the simulator's draw of −30
 * to 40 (mean +5): lots x draw / 40, so OI can never move by more than the quantity traded (each
 * lot opens or closes at most one contract) and drifts up by an eighth of the volume on average.
 * Volume crowds near the money, so OI builds most there.
 */
export function openInterestLots(lots: number, draw: number): number {
  return Math.round((lots * draw) / 40);
}

/**
 * The level the options' at-the-money volatility stands at, as a multiple of the symbol's own: the
 * India VIX against its open for NSE and BSE options (the VIX walks with the market-wide shock
 * reversed, so volatility rises as the market falls), kept within 0.5x to 2x. Commodity and currency
 * options have no such gauge and stay at 1.
 */
export function volatilityLevel(vixNow: number | undefined, vixOpen: number | undefined): number {
  if (vixNow === undefined || vixOpen === undefined || !(vixNow > 0) || !(vixOpen > 0)) return 1;
  return Math.min(2, Math.max(0.5, vixNow / vixOpen));
}

/** The annual at-the-money volatility of each derivative symbol (its spec's). */
export const DERIVATIVE_VOL = new Map<string, number>([
  ...INDEX_DERIVATIVES.map((s) => [s.symbol, s.vol] as [string, number]),
  ...[...COMMODITIES, ...CURRENCIES].map((s) => [s.symbol, s.vol] as [string, number]),
]);

/** The India VIX as it stands, for volatilityLevelOf (undefined where there is none). */
export interface VixReading {
  ltp: number;
  open: number;
}

/** NSE and BSE options follow the India VIX's move since its open (volatilityLevel); others stay at their own volatility. */
export function volatilityLevelOf(inst: Instrument, vix: VixReading | undefined): number {
  if (inst.exchange !== "NSEFO" && inst.exchange !== "BSEFO") return 1;
  return volatilityLevel(vix?.ltp, vix?.open);
}

/**
 * A derivative's fair value from its underlying's price at `now`: an option by Black-Scholes at its
 * symbol's volatility (raised or lowered with the VIX), never below its intrinsic value on the tick
 * grid, so rounding never cuts it; a future carried at the risk-free rate. The one model of the
 * simulator (which gives a future a little noise of its own) and of a replay's derivatives that
 * the day has no ticks for.
 */
export function derivativeFairValue(inst: Instrument, underlying: number, now: Date, vix: VixReading | undefined): number {
  const t = yearsToExpiry(inst.expiry, now);
  if (!inst.optionType) return futureFairValue(underlying, t);
  // No noise of its own: a call and a put of one strike move together, so put-call parity holds to the tick.
  const call = inst.optionType === "CE";
  const fair = optionFairValue(underlying, inst.strikePrice, t, (DERIVATIVE_VOL.get(inst.symbol) ?? 0.3) * volatilityLevelOf(inst, vix), call);
  const intrinsic = Math.max(0, call ? underlying - inst.strikePrice : inst.strikePrice - underlying);
  return Math.max(fair, ceilToTick(intrinsic, inst.tickSize));
}

/**
 * An instrument's price band from its previous close (and its underlying's, for an option's width).
 *
 * An option's band is the option rule whatever its `circuitPercent` (server/README.md, "Option
 * chain"): from one tick up to its previous close plus a tenth of its underlying's previous close.
 * A percentage of the option's own price is no band for an option: it moves several times as far,
 * in percent, as its underlying (MCX options took their future's 4 % and stood on a limit, with no
 * bid or no ask and a put below intrinsic, whenever the future moved half a percent). The width
 * holds the model price for any move of the underlying up to a tenth of its close: an option's
 * price moves by at most the underlying's move (|delta| <= 1), and a commodity's or currency's
 * future (bands of 3 % to 6 %) and an index (no band; 10 % is the market-wide halt) stay inside
 * that in a day. An F&O share's band is 20 %: a share that moved more than a tenth in a day would
 * hold its deep in-the-money options on a limit (at the simulator's 30 % a year, about 2 % a day,
 * that is a move of five standard deviations).
 */
export function circuitsFor(inst: Instrument, pClose: number, underlyingClose: number): { uc: number; lc: number } {
  const tick = inst.tickSize;
  if (inst.isIndex) return { uc: 0, lc: 0 };
  if (inst.optionType) return { uc: floorToTick(pClose + underlyingClose * 0.1, tick), lc: tick };
  if (inst.circuitPercent > 0) {
    return { uc: floorToTick(pClose * (1 + inst.circuitPercent / 100), tick), lc: ceilToTick(pClose * (1 - inst.circuitPercent / 100), tick) };
  }
  // Futures: the exchange's 10% operating range.
  return { uc: floorToTick(pClose * 1.1, tick), lc: ceilToTick(pClose * 0.9, tick) };
}

/**
 * The 52-week range an instrument opens a day with, when nothing before the day is known (the
 * simulator's first day, an imported day): a range 2 to 8 % wide drawn around the previous close
 * and the open, taking in both; the day widens it as its prices pass it. Three draws of `rng`.
 */
export function openingWeekRange(open: number, pClose: number, tick: number, rng: { next(): number }): { weekHigh: number; weekLow: number } {
  const range = 0.02 + rng.next() * 0.06;
  const weekHigh = roundToTick(Math.max(open, pClose) * (1 + range * rng.next()), tick);
  const weekLow = Math.max(tick, roundToTick(Math.min(open, pClose) * (1 - range * rng.next()), tick));
  return { weekHigh: Math.max(weekHigh, open, pClose), weekLow: Math.min(weekLow, open, pClose) };
}

/** A traded price on the tick grid and inside the band: at least one tick, at most the upper circuit, at least the lower (a 0 is no limit). */
export function priceInBand(price: number, tickSize: number, lc: number, uc: number): number {
  let p = roundToTick(price, tickSize);
  if (p < tickSize) p = tickSize;
  if (uc > 0 && p > uc) p = uc;
  if (lc > 0 && p < lc) p = lc;
  return p;
}
