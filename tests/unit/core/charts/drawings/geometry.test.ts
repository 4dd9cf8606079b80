import { describe, expect, it } from "vitest";
import { barIndexHolding, fibLevels, fibRatioLabel, measure, measureLabel } from "../../../../../src/core/charts/drawings/geometry";
import { drawingProblem } from "../../../../../src/core/charts/drawings/types";
import { drawingSummary } from "../../../../../src/core/charts/drawings/summary";

describe("Fibonacci retracement levels (0 % at the move's end, 100 % back at its start)", () => {
  it("a rise from 100 to 200: 200, 176.4, 161.8, 150, 138.2, 121.4, 100", () => {
    // end - (end - start) × r = 200 - 100 r
    const got = fibLevels(100, 200).map((l) => [fibRatioLabel(l.ratio), Number(l.price.toFixed(6))]);
    expect(got).toEqual([
      ["0%", 200],
      ["23.6%", 176.4],
      ["38.2%", 161.8],
      ["50%", 150],
      ["61.8%", 138.2],
      ["78.6%", 121.4],
      ["100%", 100],
    ]);
  });

  it("a fall from 1,500 to 1,450 gives back upwards: 61.8 % is 1,450 + 50 × 0.618 = 1,480.9", () => {
    const l = fibLevels(1500, 1450);
    expect(l[0]!.price).toBe(1450);
    expect(l[4]!.price).toBeCloseTo(1480.9, 9);
    expect(l[6]!.price).toBe(1500);
  });
});

describe("measure", () => {
  it("from 1,000 to 1,012.50 over 8 bars: +12.50, +1.25 %, 8 bars", () => {
    const m = measure({ time: 1, price: 1000 }, { time: 2, price: 1012.5 }, 8);
    expect(m).toEqual({ change: 12.5, percent: 1.25, bars: 8 });
    expect(measureLabel(m, 2)).toBe("+12.50 (+1.25%) \u00b7 8 bars");
  });

  it("a fall from 2,400 to 2,340 one bar back reads −60.00 (−2.50 %) · 1 bar", () => {
    // 60 / 2400 = 2.5 %; a bar earlier counts as one bar.
    expect(measureLabel(measure({ time: 5, price: 2400 }, { time: 4, price: 2340 }, -1), 2)).toBe("\u221260.00 (\u22122.50%) \u00b7 1 bar");
  });

  it("groups lakhs the Indian way: +1,25,000.00", () => {
    expect(measureLabel(measure({ time: 1, price: 25000 }, { time: 2, price: 150000 }, 3), 2)).toBe("+1,25,000.00 (+500.00%) \u00b7 3 bars");
  });
});

describe("the bar that holds a time", () => {
  const fives = [1000, 1300, 1600].map((time) => ({ time })); // bars starting at 1000, 1300, 1600
  it("a time inside a bar is that bar; before the first is none; past the last is the last", () => {
    expect(barIndexHolding(fives, 1000)).toBe(0);
    expect(barIndexHolding(fives, 1299)).toBe(0);
    expect(barIndexHolding(fives, 1300)).toBe(1);
    expect(barIndexHolding(fives, 999)).toBe(-1);
    expect(barIndexHolding(fives, 9999)).toBe(2);
  });
});

describe("what a kept drawing must be", () => {
  it("one point for a horizontal line, two different ones for the rest, real times and prices", () => {
    expect(drawingProblem("hline", [{ time: 60_000, price: 10 }])).toBeUndefined();
    expect(drawingProblem("hline", [{ time: 60_000, price: 10 }, { time: 120_000, price: 11 }])).toBe("a horizontal line takes 1 point");
    expect(drawingProblem("fib", [{ time: 60_000, price: 10 }])).toBe("a fibonacci retracement takes 2 points");
    expect(drawingProblem("trend", [{ time: 60_000, price: 10 }, { time: 60_000, price: 10 }])).toBe("the two points must differ");
    expect(drawingProblem("rect", [{ time: 60_000, price: 0 }, { time: 120_000, price: 10 }])).toBe("a point's price must be above 0");
    expect(drawingProblem("circle", [])).toBe("a drawing is one of hline, trend, rect, measure, fib");
  });
});

describe("a drawing as the side list reads it", () => {
  // 04:00 UTC on 05/01/2026 is 09:30 IST.
  const t = Date.UTC(2026, 0, 5, 4, 0);
  it("prices at the instrument's decimals, the start on the IST clock", () => {
    expect(drawingSummary("hline", [{ time: t, price: 1500.5 }], 2)).toBe("1,500.50");
    expect(drawingSummary("trend", [{ time: t, price: 1490 }, { time: t + 60_000, price: 1520 }], 2)).toBe("1,490.00 \u2192 1,520.00 from 05/01/2026 09:30");
    expect(drawingSummary("rect", [{ time: t, price: 1520 }, { time: t + 60_000, price: 1490 }], 2)).toBe("1,490.00 \u2013 1,520.00 from 05/01/2026 09:30");
    // (1,470 - 1,500) / 1,500 = -2 %.
    expect(drawingSummary("measure", [{ time: t, price: 1500 }, { time: t + 60_000, price: 1470 }], 2)).toBe("1,500.00 \u2192 1,470.00 (\u22122.00%) from 05/01/2026 09:30");
  });
});
