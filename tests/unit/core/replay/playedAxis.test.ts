import { describe, expect, it } from "vitest";
import { playedAxis } from "../../../../src/core/replay/playedAxis";

const T0 = Date.parse("2026-11-23T03:45:00Z"); // 09:15 IST
const min = (m: number) => T0 + m * 60_000;

describe("the report's curve on a time axis (playedAxis.ts: 'each point stands at the replay's start plus the time played up to it ... its labels read the clock's time there')", () => {
  // Played 09:15 to 09:17 (points at 09:16 and 09:17, where the jump left), then a jump back to 09:16 and a minute on to 09:17 again.
  const curve = [
    { time: min(1), pnl: 0, playedMs: 60_000 },
    { time: min(2), pnl: 10, playedMs: 120_000 },
    { time: min(2), pnl: -5, playedMs: 180_000 },
  ];

  it("places the points by the time played, always rising, and reads the clock's time back", () => {
    const axis = playedAxis(curve);
    expect(axis.points.map((p) => (p.time - T0) / 60_000)).toEqual([1, 2, 3]);
    expect(axis.points.map((p) => p.premium)).toEqual([0, 10, -5]);
    // 09:15:30 on the axis is 09:15:30 of the clock; 09:17:30 is half way through the minute after the jump, 09:16:30.
    expect(axis.clockAt(min(0.5))).toBe(min(0.5));
    expect(axis.clockAt(min(2))).toBe(min(2));
    expect(axis.clockAt(min(2.5))).toBe(min(1.5));
    // Past the last point, on from the clock.
    expect(axis.clockAt(min(4))).toBe(min(3));
  });

  it("an empty curve draws nothing", () => {
    expect(playedAxis([]).points).toEqual([]);
  });
});
