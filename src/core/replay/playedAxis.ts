import type { CurvePoint } from "./report";

/**
 * The replay report's curve on a time axis (report.ts: the curve is in the order played, and after a jump
 * back the clock's times repeat, which a time axis cannot draw). Each point stands at the replay's start
 * plus the time played up to it, so the axis always rises, and its labels read the clock's time there:
 * between two points, counted back from the later one, so the minutes after a jump back read as the times
 * jumped to.
 */
export interface PlayedAxis {
  /** The curve's points at their place on the axis (ms), oldest first. */
  points: Array<{ time: number; premium: number }>;
  /** The replay clock's time at a place on the axis (ms). */
  clockAt: (at: number) => number;
}

export function playedAxis(curve: readonly CurvePoint[]): PlayedAxis {
  const first = curve[0];
  // The first point is in the first stretch played, where the clock ran from the replay's start.
  const start = first ? first.time - first.playedMs : 0;
  const points = curve.map((p) => ({ time: start + p.playedMs, premium: p.pnl }));
  const clockAt = (at: number): number => {
    const i = points.findIndex((p) => p.time >= at);
    if (i < 0) return curve.length ? curve.at(-1)!.time + (at - points.at(-1)!.time) : at;
    return curve[i]!.time - (points[i]!.time - at);
  };
  return { points, clockAt };
}
