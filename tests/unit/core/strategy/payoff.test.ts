import { describe, expect, it } from "vitest";
import { breakevens, extremes, netPremium, payoffCurves, pnlAt, pnlAtExpiry, type StrategyLeg } from "../../../../src/core/strategy/payoff";

/** Issue 31, "Done when": the payoff against values worked by hand. */

const EXPIRY = "2026-11-26";
const opt = (kind: "CE" | "PE", strike: number, side: "BUY" | "SELL", entry: number, quantity = 75, iv = 0.14): StrategyLeg => ({ kind, strike, expiry: EXPIRY, side, quantity, entry, iv });

describe("a long straddle: breakevens are the strike ± the total premium", () => {
  // Buy the 24,800 call at 150 and the 24,800 put at 140: 290 paid per share.
  const legs = [opt("CE", 24800, "BUY", 150), opt("PE", 24800, "BUY", 140)];
  it("breakevens 24,800 − 290 = 24,510 and 24,800 + 290 = 25,090", () => {
    expect(breakevens(legs, 20000, 30000)).toEqual([24510, 25090]);
  });
  it("loses the whole premium at the strike, 290 x 75 = 21,750, and its profit is unlimited", () => {
    expect(pnlAtExpiry(legs, 24800)).toBeCloseTo(-21750, 6);
    expect(extremes(legs)).toEqual({ maxProfit: "unlimited", maxLoss: -21750 });
    expect(netPremium(legs)).toBe(-21750);
  });
  it("at 25,300 the call is worth 500: (500 − 290) x 75 = 15,750", () => {
    expect(pnlAtExpiry(legs, 25300)).toBeCloseTo(15750, 6);
  });
});

describe("an iron condor: the most it loses is the width less the credit", () => {
  // Width 200 on lot 75: buy 24,400 PE @ 20, sell 24,600 PE @ 60, sell 25,000 CE @ 70, buy 25,200 CE @ 15.
  // Credit 60 + 70 − 20 − 15 = 95 a share.
  const legs = [opt("PE", 24400, "BUY", 20), opt("PE", 24600, "SELL", 60), opt("CE", 25000, "SELL", 70), opt("CE", 25200, "BUY", 15)];
  it("max loss −(200 − 95) x 75 = −7,875; max profit 95 x 75 = 7,125; net premium a credit of 7,125", () => {
    expect(extremes(legs)).toEqual({ maxProfit: 7125, maxLoss: -7875 });
    expect(netPremium(legs)).toBe(7125);
  });
  it("breakevens at the short strikes ∓ the credit: 24,600 − 95 = 24,505 and 25,000 + 95 = 25,095", () => {
    expect(breakevens(legs, 20000, 30000)).toEqual([24505, 25095]);
  });
  it("past either wing the loss is the same 7,875 (at 24,000 and at 26,000)", () => {
    expect(pnlAtExpiry(legs, 24000)).toBeCloseTo(-7875, 6);
    expect(pnlAtExpiry(legs, 26000)).toBeCloseTo(-7875, 6);
  });
});

describe("the T+0 line obeys put-call parity", () => {
  // A bought call and a sold put of one strike, expiry and IV, both entered at 0, are worth C − P,
  // which parity says is S − K e^(−rT) whatever the volatility.
  // From 10:00 IST on 23/11/2026 to 15:30 IST on 26/11/2026: 3 days 5.5 hours = 77.5 hours.
  const now = new Date("2026-11-23T04:30:00Z");
  const years = 77.5 / 24 / 365;
  const r = 0.065;
  const K = 24800;
  for (const iv of [0.1, 0.14, 0.3]) {
    it(`within 0.01 a share at IV ${Math.round(iv * 100)} % and at IV shifted +5 points, spot 22,000 to 27,600`, () => {
      const legs = [opt("CE", K, "BUY", 0, 1, iv), opt("PE", K, "SELL", 0, 1, iv)];
      for (let S = 22000; S <= 27600; S += 400) {
        const parity = S - K * Math.exp(-r * years);
        expect(Math.abs(pnlAt(legs, S, { at: now, ivShift: 0 }) - parity)).toBeLessThan(0.01);
        expect(Math.abs(pnlAt(legs, S, { at: now, ivShift: 5 }) - parity)).toBeLessThan(0.01);
      }
      const curves = payoffCurves(legs, [23000, 24800, 26000], { at: now, ivShift: 0 });
      curves.today.forEach((v, i) => expect(Math.abs(v - (curves.spots[i]! - K * Math.exp(-r * years)))).toBeLessThan(0.01));
      // At expiry the same pair is worth exactly S − K.
      expect(curves.expiry).toEqual([23000 - K, 0, 26000 - K]);
    });
  }
});

describe("a breakeven is a crossing of zero, not a stretch at zero", () => {
  it("a BUY and a SELL of one contract at one price cancel out: the P&L is 0 at every spot, no breakeven (not every grid point)", () => {
    const legs = [opt("CE", 24500, "BUY", 122.5), opt("CE", 24500, "SELL", 122.5)];
    expect(breakevens(legs, 1e-6, 245000)).toEqual([]);
    expect(extremes(legs)).toEqual({ maxProfit: 0, maxLoss: 0 });
  });

  it("legs that cancel in another order (float noise about zero) have none either", () => {
    const legs = [opt("CE", 24500, "BUY", 94.625), opt("PE", 24300, "BUY", 14.95), opt("CE", 24500, "SELL", 94.625), opt("PE", 24300, "SELL", 14.95)];
    expect(breakevens(legs, 1e-6, 245000)).toEqual([]);
  });

  it("a loss, a stretch at zero, then a profit: one breakeven, where the profit begins", () => {
    // A short 100 put and a long 200 call, both at 0, one unit each: below 100 the P&L is S − 100 (a loss),
    // from 100 to 200 it is 0, above 200 it is S − 200 (a profit). The set makes money past 200.
    const legs = [opt("PE", 100, "SELL", 0, 1), opt("CE", 200, "BUY", 0, 1)];
    expect(breakevens(legs, 0, 1000)).toEqual([200]);
  });
});
