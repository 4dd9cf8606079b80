import { describe, expect, it } from "vitest";
import { playedAxis } from "../../../../src/core/replay/playedAxis";

const T0 = Date.parse("2026-11-23T03:45:00Z"); // 09:15 IST
const min = (m: number) => T0 + m * 60_000;

describe("the report's curve on a time axis (playedAxis.ts: 'each point stands at the replay's start plus the time played up to it ... its labels read the clock's time there')", () => {
  // Played 09:15 to 09:17 (points at 09:16 and 09:17, where the jump left), then a jump back to 09:16 (its landing, at
  // the same time played) and a minute on to 09:17 again.
  const curve = [
    { time: min(1), pnl: 0, playedMs: 60_000 },
    { time: min(2), pnl: 10, playedMs: 120_000 },
    { time: min(1), pnl: 4, playedMs: 120_000, jumpedFrom: min(2) },
    { time: min(2), pnl: -5, playedMs: 180_000 },
  ];

  it("places the points by the time played, always rising, and reads the clock's time back", () => {
    const axis = playedAxis(curve);
    expect(axis.lines.flat().map((p) => (p.time - T0) / 60_000)).toEqual([1, 2, 2, 3]);
    expect(axis.lines.flat().map((p) => p.premium)).toEqual([0, 10, 4, -5]);
    // 09:15:30 on the axis is 09:15:30 of the clock; 09:17:30 is half way through the minute after the jump, 09:16:30.
    expect(axis.clockAt(min(0.5))).toBe(min(0.5));
    expect(axis.clockAt(min(2))).toBe(min(2));
    expect(axis.clockAt(min(2.5))).toBe(min(1.5));
    // Past the last point, on from the clock.
    expect(axis.clockAt(min(4))).toBe(min(3));
  });

  it("'a jump back is a break in the curve, not a line back over the earlier minutes': a line of its own from the landing, marked with the times of the jump", () => {
    const axis = playedAxis(curve);
    // Two lines, the second from the landing: no segment joins 10 at 09:17 to 4 at the landing.
    expect(axis.lines.map((l) => l.map((p) => p.premium))).toEqual([[0, 10], [4, -5]]);
    expect(axis.breaks).toEqual([{ at: min(2), from: min(2), to: min(1) }]);
  });

  it("a curve played straight through is one line, with no mark", () => {
    const axis = playedAxis(curve.slice(0, 2));
    expect(axis.lines).toHaveLength(1);
    expect(axis.breaks).toEqual([]);
  });

  it("an empty curve draws nothing", () => {
    expect(playedAxis([]).lines).toEqual([]);
  });
});
