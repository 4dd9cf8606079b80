import { describe, expect, it } from "vitest";
import { buildUp, chainOiReadings, maxPain, oiNotKnown, putCallRatio } from "../../../../src/core/strategy/chainAnalytics";
import { scenarioCsvRows, scenarioGrid } from "../../../../src/core/strategy/scenario";

describe("chain analytics (issue 31)", () => {
  const rows = [
    { strike: 100, callOi: 10, putOi: 50 },
    { strike: 110, callOi: 30, putOi: 30 },
    { strike: 120, callOi: 60, putOi: 5 },
  ];
  it("PCR is total put OI over total call OI: 85 / 100 = 0.85", () => {
    expect(putCallRatio(rows)).toBeCloseTo(0.85, 12);
    expect(putCallRatio([{ strike: 1, callOi: 0, putOi: 5 }])).toBeNull();
  });
  it("max pain is the strike paying holders least: at 100 the puts get 30x10 + 5x20 = 400; at 110 calls 10x10, puts 5x10 = 150; at 120 calls 10x20 + 30x10 = 500", () => {
    expect(maxPain(rows)).toBe(110);
  });
  it("OI build-up reads price and OI change together", () => {
    expect(buildUp(+2, +100)).toBe("Long build-up");
    expect(buildUp(-2, +100)).toBe("Short build-up");
    expect(buildUp(+2, -100)).toBe("Short covering");
    expect(buildUp(-2, -100)).toBe("Long unwinding");
    expect(buildUp(0, +100)).toBe("Neutral");
  });
});

/*
 * FINDINGS-29 §4, README (Market replay): a contract the replayed day has no ticks of is priced by the
 * model and "such a quote has no trades (volume and OI 0)": its OI is not known, not zero. PCR and max
 * pain are shown only when the OI they are built from is there: in a replay, every listed contract's.
 */
describe("PCR and max pain only from OI that is there", () => {
  // The replay of 07/12/2026: OI recorded for 24,550 CE alone (30.18L), every other contract modelled (OI 0).
  const replayDay = [
    { strike: 24000, callOi: 0, putOi: 0 },
    { strike: 24550, callOi: 3_018_000, putOi: 0 },
    { strike: 25000, callOi: 0, putOi: 0 },
  ];
  it("in a replay with OI for 1 of 6 contracts: no figures, 'no OI' with the count (it read PCR 0.09, max pain 24,000)", () => {
    expect(chainOiReadings(replayDay, true)).toEqual({ kind: "no OI", withOi: 1, contracts: 6 });
  });
  it("in a replay with OI for every listed contract: the figures, as live (a strike listing a call alone counts one contract)", () => {
    const rows = [
      { strike: 100, callOi: 10, putOi: 50 },
      { strike: 110, callOi: 30, putOi: 30 },
      { strike: 120, callOi: 60, putOi: 5 },
      { strike: 130, callOi: 1, putOi: undefined },
    ];
    // PCR: puts 85 over calls 101 = 0.8416; max pain: at 110 calls 10x10, puts 5x10 + 0 = 150, the least (at 120: 10x20 + 30x10 = 500).
    expect(chainOiReadings(rows, true)).toEqual({ kind: "figures", pcr: 85 / 101, maxPain: 110 });
  });
  it("live, an OI of 0 is a real 0: the figures stay (the same rows read 'no OI' only in a replay)", () => {
    // Calls 3,018,000, puts 0: PCR 0; max pain at 24,000 pays 0 (the call's strike is above it) — the lowest such strike.
    expect(chainOiReadings(replayDay, false)).toEqual({ kind: "figures", pcr: 0, maxPain: 24000 });
  });
  it("a contract's own OI: in a replay a 0 is not known (shown as such, never 0, +0 and Flat); a recorded OI is; live a 0 is the exchange's 0", () => {
    expect(oiNotKnown(0, true)).toBe(true);
    expect(oiNotKnown(3_018_000, true)).toBe(false);
    expect(oiNotKnown(0, false)).toBe(false);
  });
});

describe("the what-if grid", () => {
  it("a long future's P&L at expiry is (spot − entry) x quantity at each move; the CSV starts with the header", () => {
    const fut = [{ kind: "FUT" as const, strike: 0, expiry: "2026-12-01", side: "BUY" as const, quantity: 75, entry: 25000, iv: 0 }];
    const g = scenarioGrid(fut, 25000, new Date("2026-11-26T04:30:00Z"), ["2026-11-26", "2026-12-01"], 0);
    // +2 %: spot 25,500, at expiry (25,500 − 25,000) x 75 = 37,500.
    const up2 = g.rows.find((r) => r.movePercent === 2)!;
    expect(up2.spot).toBe(25500);
    expect(up2.pnl[1]).toBe(37500);
    expect(scenarioCsvRows(g)[0]).toEqual(["Move %", "Spot", "2026-11-26", "2026-12-01"]);
    expect(scenarioCsvRows(g)[8]).toEqual(["2", "25500.00", up2.pnl[0]!.toFixed(2), "37500.00"]);
  });
});
