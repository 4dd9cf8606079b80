import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { rangeOfView, stepChartView, viewOfRange, type ChartKeyAction, type ChartView } from "../../../../src/core/charts/crosshair";

/**
 * The chart's keys over any sequence (issue 34: arrows move the crosshair bar by bar, Shift+arrows
 * pan, + and - zoom, Home and End go to the first and last bar, a key resets the view). The model
 * is written from the rules in core/charts/crosshair.ts, one bar at a time where the code clamps:
 *  - the view never leaves the bars: wider than the bars it shows them all, else only bars;
 *  - the crosshair is on a bar and in view; moving it scrolls the view the least;
 *  - a pan moves the view a quarter of its width (at least 1) and stops at the ends; the crosshair
 *    keeps its bar while in view, else rides the nearest edge;
 *  - + shows 1.5 times fewer bars (not below 10 unless already), - 1.5 times more (not past all
 *    the bars, or 10, unless already); the crosshair keeps its bar, or, off, the right edge stays;
 *  - reset: crosshair off, the opening width of the newest bars.
 */
interface Model {
  left: number;
  w: number;
  cursor: number | null;
}

const right = (m: Model) => m.left + m.w - 1;

/** "Never leaves the bars", as said: all of them when wider than them, else only bars. */
function inBounds(n: number, left: number, w: number): boolean {
  return w >= n ? left <= 0 && left + w - 1 >= n - 1 : left >= 0 && left + w - 1 <= n - 1;
}

/** Slides the view a bar at a time until it is on the bars. */
function settle(n: number, m: Model): Model {
  let left = m.left;
  while (!inBounds(n, left, m.w)) {
    // Wider than the bars: towards showing them all; else back onto them.
    if (m.w >= n) left += left > 0 ? -1 : 1;
    else left += left < 0 ? 1 : -1;
  }
  return { ...m, left };
}

/** Scrolls a bar at a time until the crosshair is in view. */
function follow(m: Model): Model {
  let left = m.left;
  if (m.cursor === null) return m;
  while (m.cursor < left) left--;
  while (m.cursor > left + m.w - 1) left++;
  return { ...m, left };
}

function zoomedWidth(w: number, n: number, by: "in" | "out"): number {
  if (by === "in") return w <= 10 ? w : Math.max(10, Math.round(w / 1.5));
  const all = Math.max(n, 10);
  return w >= all ? w : Math.min(all, Math.round(w * 1.5));
}

/** The model's step; for a zoom with the crosshair on, only the width and the crosshair (the anchor is checked apart). */
function modelStep(m0: Model, a: ChartKeyAction, n: number, openingWidth: number): Model {
  const m = settle(n, m0);
  const last = n - 1;
  switch (a.kind) {
    case "move": {
      let c = m.cursor ?? last;
      if (a.by < 0 && c > 0) c--;
      if (a.by > 0 && c < last) c++;
      return follow({ ...m, cursor: c });
    }
    case "first":
      return follow({ ...m, cursor: 0 });
    case "last":
      return follow({ ...m, cursor: last });
    case "pan": {
      let left = m.left;
      for (let i = 0; i < Math.max(1, Math.floor(m.w / 4)); i++) if (inBounds(n, left + a.by, m.w)) left += a.by;
      let c = m.cursor;
      if (c !== null) {
        while (c < Math.max(left, 0)) c++;
        while (c > Math.min(left + m.w - 1, last)) c--;
      }
      return { left, w: m.w, cursor: c };
    }
    case "zoom": {
      const w = zoomedWidth(m.w, n, a.by);
      if (m.cursor === null) return settle(n, { left: right(m) - w + 1, w, cursor: null });
      return { left: NaN, w, cursor: m.cursor };
    }
    case "reset":
      return settle(n, { left: n - openingWidth, w: openingWidth, cursor: null });
  }
}

const action: fc.Arbitrary<ChartKeyAction> = fc.oneof(
  fc.constantFrom<ChartKeyAction>({ kind: "move", by: -1 }, { kind: "move", by: 1 }, { kind: "pan", by: -1 }, { kind: "pan", by: 1 }),
  fc.constantFrom<ChartKeyAction>({ kind: "zoom", by: "in" }, { kind: "zoom", by: "out" }, { kind: "first" }, { kind: "last" }, { kind: "reset" }),
);

/** Any view the chart may report (the mouse scrolls anywhere) with the crosshair off or on a bar. */
const start = fc.integer({ min: 1, max: 400 }).chain((n) =>
  fc.record({
    n: fc.constant(n),
    from: fc.integer({ min: -300, max: 500 }),
    w: fc.integer({ min: 1, max: 300 }),
    cursor: fc.option(fc.integer({ min: 0, max: n - 1 }), { nil: null }),
    openingWidth: fc.integer({ min: 1, max: 300 }),
    actions: fc.array(action, { maxLength: 40 }),
  }),
);

describe("the chart's crosshair and view by keyboard", () => {
  it("follows the model over any sequence of keys, and always keeps the crosshair on a bar in view", () => {
    fc.assert(
      fc.property(start, ({ n, from, w, cursor, openingWidth, actions }) => {
        let v: ChartView = { from, to: from + w - 1, cursor };
        let m: Model = { left: from, w, cursor };
        for (const a of actions) {
          v = stepChartView(v, a, n, openingWidth);
          const want = modelStep(m, a, n, openingWidth);
          const width = v.to - v.from + 1;
          expect(width).toBe(want.w);
          expect(v.cursor).toBe(want.cursor);
          expect(inBounds(n, v.from, width)).toBe(true);
          if (v.cursor !== null) {
            expect(v.cursor).toBeGreaterThanOrEqual(0);
            expect(v.cursor).toBeLessThanOrEqual(n - 1);
            expect(v.cursor).toBeGreaterThanOrEqual(v.from);
            expect(v.cursor).toBeLessThanOrEqual(v.to);
          }
          if (Number.isNaN(want.left)) {
            // A zoom on the crosshair: it keeps its share of the view to its left, unless the view hit an end.
            const settled = settle(n, m);
            const c = want.cursor!;
            const aimed = c - Math.round(((c - settled.left) * want.w) / settled.w);
            if (inBounds(n, aimed, want.w) && c >= aimed && c <= aimed + want.w - 1) expect(v.from).toBe(aimed);
            m = { left: v.from, w: width, cursor: v.cursor };
          } else {
            expect(v.from).toBe(want.left);
            m = want;
          }
        }
      }),
      { numRuns: 400 },
    );
  });

  it("End, then Left k times, lands on bar bars-1-k (the first bar at most)", () => {
    fc.assert(
      fc.property(start, fc.nat(500), ({ n, from, w, cursor, openingWidth }, k) => {
        let v = stepChartView({ from, to: from + w - 1, cursor }, { kind: "last" }, n, openingWidth);
        for (let i = 0; i < k; i++) v = stepChartView(v, { kind: "move", by: -1 }, n, openingWidth);
        expect(v.cursor).toBe(Math.max(0, n - 1 - k));
      }),
    );
  });

  it("Home puts the crosshair on the first bar and End on the last, in view", () => {
    const v = stepChartView({ from: 50, to: 99, cursor: null }, { kind: "first" }, 100, 50);
    expect(v).toEqual({ from: 0, to: 49, cursor: 0 });
    expect(stepChartView(v, { kind: "last" }, 100, 50)).toEqual({ from: 50, to: 99, cursor: 99 });
  });

  it("a pan of 40 bars in view moves them 10 bars; the crosshair rides the edge it would leave by", () => {
    // Bars 60..99 of 100 in view, crosshair on 99: Shift+Left shows 50..89, the crosshair on 89.
    expect(stepChartView({ from: 60, to: 99, cursor: 99 }, { kind: "pan", by: -1 }, 100, 40)).toEqual({ from: 50, to: 89, cursor: 89 });
    // Crosshair on 70 stays on 70.
    expect(stepChartView({ from: 60, to: 99, cursor: 70 }, { kind: "pan", by: -1 }, 100, 40)).toEqual({ from: 50, to: 89, cursor: 70 });
    // At the newest bar already: Shift+Right moves nothing.
    expect(stepChartView({ from: 60, to: 99, cursor: null }, { kind: "pan", by: 1 }, 100, 40)).toEqual({ from: 60, to: 99, cursor: null });
  });

  it("+ on 90 bars shows 60, keeping the right edge with the crosshair off; - goes back to 90", () => {
    const zin = stepChartView({ from: 10, to: 99, cursor: null }, { kind: "zoom", by: "in" }, 100, 90);
    expect(zin).toEqual({ from: 40, to: 99, cursor: null });
    expect(stepChartView(zin, { kind: "zoom", by: "out" }, 100, 90)).toEqual({ from: 10, to: 99, cursor: null });
  });

  it("with no bars the crosshair is off and the view stays", () => {
    expect(stepChartView({ from: -5, to: 20, cursor: 3 }, { kind: "move", by: 1 }, 0, 30)).toEqual({ from: -5, to: 20, cursor: null });
  });

  it("the library's range and the bars in view go back and forth, whatever its rounding", () => {
    fc.assert(
      fc.property(fc.integer({ min: -200, max: 5000 }), fc.integer({ min: 0, max: 500 }), fc.double({ min: -1e-6, max: 1e-6, noNaN: true }), (from, extra, noise) => {
        const v = { from, to: from + extra, cursor: null };
        const r = rangeOfView(v);
        expect(viewOfRange({ from: r.from + noise, to: r.to + noise }, null)).toEqual(v);
      }),
    );
  });
});
