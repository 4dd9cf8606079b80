import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { scenarioDatePriorities } from "../../../../src/panes/strategy/scenarioFit";

/**
 * The scenario grid's dates fold from the middles outward: today and the expiry (the payoff
 * chart's two lines) stay, the date halfway between them goes last of the rest, then the halves
 * of each half. Priorities 1 (always shown) to 5 (hidden first), as every grid fitted by priority.
 */
describe("the scenario grid's date columns, folded to fit a narrow pane", () => {
  it("seven dates (the most scenarioDates gives): today and expiry 1, the middle 2, the quarters 3, the rest 4", () => {
    // Indices 0..6: the middle of 0..6 is 3; of 0..3 is 2 (1.5 rounds up), of 3..6 is 5 (4.5 up); then 1 and 4.
    expect(scenarioDatePriorities(7)).toEqual([1, 4, 3, 2, 4, 3, 1]);
  });

  it("one, two and three dates", () => {
    expect(scenarioDatePriorities(1)).toEqual([1]);
    expect(scenarioDatePriorities(2)).toEqual([1, 1]);
    expect(scenarioDatePriorities(3)).toEqual([1, 2, 1]);
  });

  it("for any number of dates: the first and last always shown, every priority 1 to 5, and each level shown keeps the dates it shows spread (no gap more than twice another) (property)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 40 }), (n) => {
        const p = scenarioDatePriorities(n);
        expect(p).toHaveLength(n);
        expect([p[0], p[n - 1]]).toEqual([1, 1]);
        for (const v of p) expect(v >= 1 && v <= 5).toBe(true);
        // Below the cap, each level's shown dates split the span into near-equal gaps.
        for (let level = 1; level < 5; level++) {
          const shown = p.flatMap((v, i) => (v <= level ? [i] : []));
          const gaps = shown.slice(1).map((x, i) => x - shown[i]!);
          if (gaps.length > 1) expect(Math.max(...gaps)).toBeLessThanOrEqual(2 * Math.min(...gaps));
        }
      }),
    );
  });
});
