import { describe, expect, it } from "vitest";
import { buildUp, maxPain, putCallRatio } from "../../../../src/core/strategy/chainAnalytics";
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
