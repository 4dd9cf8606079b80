import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { labelledMarks } from "../../../../src/panes/strategy/payoffLabels";

// The payoff chart's labels were written over one another on a narrow chart ("BE 24,5…25,077"): a
// mark keeps its words only at `minGap` or more from every mark already labelled, the spot first.
describe("which payoff marks keep their labels", () => {
  it("a straddle on a wide chart: the spot and both breakevens labelled", () => {
    // Spot 24,800, breakevens 24,523 and 25,077; labels need 60 spot points here.
    expect(labelledMarks([{ x: 24_800, rank: 0 }, { x: 24_523, rank: 1 }, { x: 25_077, rank: 1 }], 60)).toEqual([true, true, true]);
  });
  it("the same straddle on a quarter-width chart: only the spot keeps its words", () => {
    // 300 points each way from the spot, labels need 400: both breakevens stand too near it.
    expect(labelledMarks([{ x: 24_800, rank: 0 }, { x: 24_523, rank: 1 }, { x: 25_077, rank: 1 }], 400)).toEqual([true, false, false]);
  });
  it("two breakevens near each other, the spot far: the left one keeps its words", () => {
    expect(labelledMarks([{ x: 23_000, rank: 0 }, { x: 24_633, rank: 1 }, { x: 24_967, rank: 1 }], 400)).toEqual([true, true, false]);
  });
  it("the spot's label high above the zero line (an iron condor's tent) does not take the breakevens' words", () => {
    // Breakevens 24,633 and 24,967, the spot between them; 790 points a label: the two breakevens still meet each other.
    expect(labelledMarks([{ x: 24_792, rank: 0, lane: 1 }, { x: 24_633, rank: 1 }, { x: 24_967, rank: 1 }], 790)).toEqual([true, true, false]);
    expect(labelledMarks([{ x: 24_792, rank: 0, lane: 1 }, { x: 24_633, rank: 1 }, { x: 24_967, rank: 1 }], 300)).toEqual([true, true, true]);
  });
  it("whatever the marks, no two labelled ones stand nearer than the gap, and the spot is always labelled", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 20_000, max: 30_000 }), { maxLength: 6 }), fc.integer({ min: 20_000, max: 30_000 }), fc.integer({ min: 1, max: 2_000 }), (bes, spot, gap) => {
        const marks = [{ x: spot, rank: 0 }, ...bes.map((x) => ({ x, rank: 1 }))];
        const keep = labelledMarks(marks, gap);
        expect(keep[0]).toBe(true);
        const shown = marks.filter((_, i) => keep[i]).map((m) => m.x);
        for (const a of shown) for (const b of shown) if (a !== b) expect(Math.abs(a - b)).toBeGreaterThanOrEqual(gap);
        // Nothing was dropped that stood clear of every label kept.
        marks.forEach((m, i) => {
          if (!keep[i]) expect(shown.some((x) => Math.abs(x - m.x) < gap)).toBe(true);
        });
      }),
    );
  });
});
