import { describe, expect, it } from "vitest";
import { greeks, impliedVol, normCdf, optionPrice, RISK_FREE_RATE, yearsToExpiry } from "../../../../src/core/rules/blackScholes";

/*
 * The reference case, worked by hand: S = 100, K = 100, r = 0.065, sigma = 0.2, T = 0.25.
 *   sigma*sqrt(T) = 0.2 * 0.5 = 0.1
 *   d1 = (ln(100/100) + (0.065 + 0.2^2/2) * 0.25) / 0.1 = (0 + 0.085 * 0.25) / 0.1 = 0.2125
 *   d2 = d1 - 0.1 = 0.1125
 *   N(0.2125) = 0.584142, N(0.1125) = 0.544787 (normal table), phi(0.2125) = e^(-0.2125^2/2)/sqrt(2pi)
 *     = e^-0.022578 * 0.398942 = 0.390036
 *   discount e^(-0.065*0.25) = e^-0.01625 = 0.983881
 *   call = 100*0.584142 - 100*0.983881*0.544787 = 58.4142 - 53.6006 = 4.8136
 *   put (parity) = call - S + K*disc = 4.8136 - 100 + 98.3881 = 3.2018
 *   delta call = N(d1) = 0.584142; delta put = N(d1) - 1 = -0.415858
 *   gamma = phi(d1) / (S * sigma * sqrt T) = 0.390036 / (100 * 0.1) = 0.0390036
 *   vega per vol point = S * phi(d1) * sqrt T / 100 = 100 * 0.390036 * 0.5 / 100 = 0.195018
 *   theta call per day = (-S*phi*sigma/(2 sqrt T) - r*K*disc*N(d2)) / 365
 *     = (-100*0.390036*0.2/1 - 0.065*98.3881*0.544787) / 365 = (-7.80072 - 3.48402) / 365 = -0.030917
 *   theta put per day = (-7.80072 + 0.065*98.3881*(1-0.544787)) / 365 = (-7.80072 + 2.91120) / 365 = -0.013396
 */
const ref = { spot: 100, strike: 100, years: 0.25, vol: 0.2, rate: 0.065 };

describe("Black-Scholes", () => {
  it("states its rate: 6.5 % a year", () => {
    expect(RISK_FREE_RATE).toBe(0.065);
  });

  it("normal CDF matches the table, tails included", () => {
    expect(normCdf(0)).toBeCloseTo(0.5, 12);
    expect(normCdf(1)).toBeCloseTo(0.841344746, 8);
    expect(normCdf(-1.96)).toBeCloseTo(0.024997895, 8);
    // A deep tail: N(-5) = 2.8665e-7; a 1e-7-accurate approximation would miss it by a third.
    expect(normCdf(-5) / 2.8665157e-7).toBeCloseTo(1, 5);
  });

  it("prices the reference call and put", () => {
    expect(optionPrice({ ...ref, call: true })).toBeCloseTo(4.8136, 3);
    expect(optionPrice({ ...ref, call: false })).toBeCloseTo(3.2018, 3);
  });

  it("the reference greeks", () => {
    const c = greeks({ ...ref, call: true });
    const p = greeks({ ...ref, call: false });
    expect(c.delta).toBeCloseTo(0.584142, 5);
    expect(p.delta).toBeCloseTo(-0.415858, 5);
    expect(c.gamma).toBeCloseTo(0.0390036, 6);
    expect(p.gamma).toBeCloseTo(0.0390036, 6);
    expect(c.vega).toBeCloseTo(0.195018, 5);
    expect(c.theta).toBeCloseTo(-0.030917, 5);
    expect(p.theta).toBeCloseTo(-0.013396, 5);
  });

  it("put-call parity: C - P = S - K e^(-rT) (100 - 98.3881 = 1.6119)", () => {
    const c = optionPrice({ ...ref, call: true });
    const p = optionPrice({ ...ref, call: false });
    expect(c - p).toBeCloseTo(1.6119, 4);
  });

  it("implied volatility recovers 20 % from the reference prices", () => {
    expect(impliedVol(4.813624, { ...ref, call: true })).toBeCloseTo(0.2, 5);
    expect(impliedVol(3.201756, { ...ref, call: false })).toBeCloseTo(0.2, 5);
  });

  /*
   * Deep in and out of the money a week out: S = 24000, sigma = 0.15, T = 7/365.
   * K = 22000 put: d1 = (ln(24000/22000) + (0.065+0.01125)*0.019178)/(0.15*0.138485)
   *   = (0.087011 + 0.001462)/0.020773 = 4.2591; d2 = 4.2384; put = K disc N(-d2) - S N(-d1) = 0.0011
   * K = 26000 call: d1 = (-0.080043 + 0.001462)/0.020773 = -3.7829; call = 0.0091
   * Vega there is tiny (0.0015 and 0.0104 per point): a plain Newton from 30 % would overshoot.
   */
  it("implied volatility is robust deep out of the money", () => {
    const wk = { spot: 24000, years: 7 / 365, rate: 0.065 };
    expect(optionPrice({ ...wk, strike: 22000, vol: 0.15, call: false })).toBeCloseTo(0.0011, 4);
    expect(optionPrice({ ...wk, strike: 26000, vol: 0.15, call: true })).toBeCloseTo(0.00908, 4);
    expect(impliedVol(0.0010999, { ...wk, strike: 22000, call: false })).toBeCloseTo(0.15, 3);
    expect(impliedVol(0.0090849, { ...wk, strike: 26000, call: true })).toBeCloseTo(0.15, 3);
  });

  /* Deep in the money: the K = 26000 put is worth 1967.6183 (= 0.0091 + 26000*0.998754 - 24000). */
  it("implied volatility is robust deep in the money", () => {
    const wk = { spot: 24000, years: 7 / 365, rate: 0.065, strike: 26000, call: false };
    expect(impliedVol(1967.6183189, wk)).toBeCloseTo(0.15, 2);
  });

  it("no volatility explains a price below the lower bound: a put at intrinsic (2000) is worth less than K e^-rT - S = 1967.61", () => {
    expect(impliedVol(1967.5, { spot: 24000, years: 7 / 365, strike: 26000, call: false })).toBeNull();
    expect(impliedVol(0, { spot: 100, years: 0.25, strike: 100, call: true })).toBeNull();
  });

  /*
   * One hour before expiry at the money: S = K = 24000, sigma = 0.13, T = 1/8760.
   * sigma sqrt T = 0.13 * 0.010684 = 0.0013890; d1 = (0 + (0.065 + 0.00845)/8760)/0.0013890 = 0.006037
   * call ~ S * sigma sqrt T * 0.398942 = 24000 * 0.0013890 * 0.398942 = 13.30 (+ carry) = 13.388
   */
  it("near expiry prices and inverts", () => {
    const hr = { spot: 24000, strike: 24000, years: 1 / 8760, rate: 0.065 };
    expect(optionPrice({ ...hr, vol: 0.13, call: true })).toBeCloseTo(13.388, 2);
    expect(impliedVol(13.3879848, { ...hr, call: true })).toBeCloseTo(0.13, 5);
  });

  it("at expiry: intrinsic value, delta 1/0/-1, no gamma, theta or vega, and no implied volatility", () => {
    const at = { spot: 105, strike: 100, years: 0, vol: 0.2 };
    expect(optionPrice({ ...at, call: true })).toBe(5);
    expect(optionPrice({ ...at, call: false })).toBe(0);
    expect(greeks({ ...at, call: true })).toEqual({ delta: 1, gamma: 0, theta: 0, vega: 0 });
    expect(greeks({ ...at, call: false })).toEqual({ delta: 0, gamma: 0, theta: 0, vega: 0 });
    expect(impliedVol(5, { ...at, call: true })).toBeNull();
  });

  it("time to expiry runs in calendar days to 15:30 IST (10:00 UTC) of the expiry day", () => {
    // 2026-11-24 10:00 UTC is 15:30 IST; 2026-11-23 10:00 UTC is exactly one day before.
    expect(yearsToExpiry("2026-11-24", new Date("2026-11-23T10:00:00Z"))).toBeCloseTo(1 / 365, 12);
    expect(yearsToExpiry("2026-11-24", new Date("2026-11-24T10:00:00Z"))).toBe(0);
    expect(yearsToExpiry("2026-11-24", new Date("2026-11-25T04:00:00Z"))).toBe(0);
  });
});
