/**
 * Which of the payoff chart's marks keep their words. On a narrow chart a straddle's two
 * breakevens and the spot between them stand a few pixels apart and their labels were written
 * over one another ("BE 24,5…25,077"). Marks are taken in order of importance (the spot first,
 * then the breakevens from the left) and one keeps its label only if it stands at least `minGap`
 * from every mark already labelled in its lane; the others keep their mark without words (the
 * breakevens are written out in the figures above the chart). Lanes are heights: the breakevens'
 * labels sit on the zero line, the spot's above the P&L at the spot, clear of them unless that P&L
 * is near zero (a straddle's spot, at the foot of its V).
 */
export interface PayoffMark {
  /** Where it stands on the chart's horizontal axis (px on screen, as the chart places it). */
  x: number;
  /** Lower goes first. */
  rank: number;
  /** Marks in different lanes never collide (default 0). */
  lane?: number;
}

/** For each mark, in the order given, whether its label is drawn. */
export function labelledMarks(marks: readonly PayoffMark[], minGap: number): boolean[] {
  const order = marks.map((m, i) => ({ ...m, i })).sort((a, b) => a.rank - b.rank || a.x - b.x);
  const placed: Array<{ x: number; lane: number }> = [];
  const keep = marks.map(() => false);
  for (const m of order) {
    const lane = m.lane ?? 0;
    if (placed.some((p) => p.lane === lane && Math.abs(p.x - m.x) < minGap)) continue;
    placed.push({ x: m.x, lane });
    keep[m.i] = true;
  }
  return keep;
}
