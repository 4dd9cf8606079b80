import type { CurvePoint } from "./report";

/**
 * The replay report's curve on a time axis (report.ts: the curve is in the order played, and after a jump
 * back the clock's times repeat, which a time axis cannot draw). Each point stands at the replay's start
 * plus the time played up to it, so the axis never goes back, and its labels read the clock's time there:
 * between two points, counted back from the later one, so the minutes after a jump back read as the times
 * jumped to. A jump back is a break (report.ts): the curve is cut into lines at each landing, so no segment
 * joins the P&L the jump left to the one it landed on, and each break says the times of its jump.
 */
export interface PlayedAxis {
  /** The curve's stretches at their place on the axis (ms), oldest first: a new line at each jump back. */
  lines: Array<Array<{ time: number; premium: number }>>;
  /** Each jump back: its place on the axis (ms), the clock's time it left and the time it went to. */
  breaks: Array<{ at: number; from: number; to: number }>;
  /** The replay clock's time at a place on the axis (ms). */
  clockAt: (at: number) => number;
}

export function playedAxis(curve: readonly CurvePoint[]): PlayedAxis {
  const first = curve[0];
  // The first point is in the first stretch played, where the clock ran from the replay's start.
  const start = first ? first.time - first.playedMs : 0;
  const points = curve.map((p) => ({ time: start + p.playedMs, premium: p.pnl }));
  const lines: PlayedAxis["lines"] = [];
  const breaks: PlayedAxis["breaks"] = [];
  curve.forEach((p, i) => {
    if (i === 0 || p.jumpedFrom !== undefined) lines.push([]);
    if (p.jumpedFrom !== undefined) breaks.push({ at: points[i]!.time, from: p.jumpedFrom, to: p.time });
    lines.at(-1)!.push(points[i]!);
  });
  const clockAt = (at: number): number => {
    // The first point at or past the place: at a break, the point the jump left (the clock's time before it).
    const i = points.findIndex((p) => p.time >= at);
    if (i < 0) return curve.length ? curve.at(-1)!.time + (at - points.at(-1)!.time) : at;
    return curve[i]!.time - (points[i]!.time - at);
  };
  return { lines, breaks, clockAt };
}
