import { describe, expect, it } from "vitest";
import { barReadout } from "../../../../src/core/charts/readout";
import type { Bar } from "../../../../src/core/types/bar";

// 03:45 UTC is 09:15 IST (UTC+05:30); 2026-11-23T18:30Z is midnight IST of the 24th.
const bar = (utc: string, open: number, close: number, volume = 100): Bar => ({ time: Date.parse(utc), open, high: Math.max(open, close) + 1, low: Math.min(open, close) - 1, close, volume });
const bars = [bar("2026-11-23T03:45:00Z", 100, 102), bar("2026-11-23T03:46:00Z", 102, 99.45)];

describe("the chart's read-out of a bar", () => {
  it("names an intraday bar by its IST start, DD/MM/YYYY HH:MM", () => {
    expect(barReadout(bars, 0, false)?.label).toBe("23/11/2026 09:15");
    expect(barReadout(bars, 1, false)?.label).toBe("23/11/2026 09:16");
  });
  it("a day bar by its IST date: the bar starting at 00:00 IST of the 24th is the 24th", () => {
    expect(barReadout([bar("2026-11-23T18:30:00Z", 1, 2)], 0, true)?.label).toBe("24/11/2026");
  });
  it("the change is close to the previous close: 102 to 99.45 is -2.55 points, -2.5 %", () => {
    const c = barReadout(bars, 1, false)?.change;
    expect(c?.points).toBeCloseTo(-2.55, 10);
    expect(c?.percent).toBeCloseTo(-2.5, 10);
  });
  it("the first bar has no change, and there is no read-out past the bars", () => {
    expect(barReadout(bars, 0, false)?.change).toBeUndefined();
    expect(barReadout(bars, 2, false)).toBeUndefined();
    expect(barReadout([], 0, false)).toBeUndefined();
  });
});
