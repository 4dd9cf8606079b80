import { deskBase, deskView, type DeskPrices } from "../../../src/core/strategy/desk";
import type { DeskLeg } from "../../../src/core/strategy/legs";
import { optionPrice, yearsToExpiry } from "../../../src/core/rules/blackScholes";

/**
 * The payoff bench's workload, one for Node (payoff.bench.ts) and the browser page
 * (payoffbench/main.ts), so the two figures time the same recomputes: a 4-leg NIFTY iron condor,
 * its legs priced at 14 % IV, the what-if key's recompute (deskView) and the full one a price tick
 * asks (deskBase, then deskView).
 */
const NOW = new Date("2026-11-10T05:00:00Z");
const EXPIRY = "2026-11-24";
const SPOT = 24_500;

function condor(): { legs: DeskLeg[]; prices: DeskPrices } {
  const leg = (optionType: "CE" | "PE", strike: number, side: "BUY" | "SELL", token: number): DeskLeg => ({
    token, symbol: `NIFTY26NOV${strike}${optionType}`, exchange: "NSEFO", optionType, strike, expiry: EXPIRY, side, lots: 1, lotSize: 75,
  });
  const legs = [leg("PE", 24_000, "BUY", 1), leg("PE", 24_200, "SELL", 2), leg("CE", 24_800, "SELL", 3), leg("CE", 25_000, "BUY", 4)];
  const years = yearsToExpiry(EXPIRY, NOW);
  const ltp = legs.map((l) => Math.round(optionPrice({ spot: SPOT, strike: l.strike, years, vol: 0.14, call: l.optionType === "CE" }) * 20) / 20);
  return { legs, prices: { spot: SPOT, ltp } };
}

export interface Recomputes {
  /** Milliseconds per what-if key's recompute, one a round. */
  view: number[];
  /** Milliseconds per full recompute (a price tick), one a round. */
  full: number[];
  points: number;
  /** Sum of the P&Ls read, so no recompute is optimised away. */
  checksum: number;
}

/** `rounds` of each recompute, each timed by `clock` (it runs its argument and returns the milliseconds it took). */
export function timeRecomputes(rounds: number, clock: (f: () => void) => number): Recomputes {
  const { legs, prices } = condor();
  const base = deskBase(legs, prices, NOW);
  // Warm the JIT the way a held key does.
  for (let i = 0; i < 50; i++) deskView(base, { days: i % 10, ivShift: i % 5, spotSteps: 0 });
  const view: number[] = [];
  const full: number[] = [];
  let checksum = 0;
  for (let i = 0; i < rounds; i++) {
    view.push(clock(() => (checksum += deskView(base, { days: i % 14, ivShift: (i % 7) - 3, spotSteps: (i % 5) - 2 }).pnl)));
    full.push(clock(() => (checksum += deskView(deskBase(legs, { ...prices, spot: SPOT + (i % 9) }, NOW), { days: i % 14, ivShift: 0, spotSteps: 0 }).pnl)));
  }
  return { view, full, points: deskView(base, { days: 0, ivShift: 0, spotSteps: 0 }).curves.spots.length, checksum };
}
