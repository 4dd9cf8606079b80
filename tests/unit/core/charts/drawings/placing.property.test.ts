import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { IDLE, stepDrawing, type DrawEvent, type DrawState } from "../../../../../src/core/charts/drawings/placing";
import { DRAWING_TOOLS, type DrawingTool } from "../../../../../src/core/charts/drawings/types";

/**
 * The draw mode over any sequence of keys (issue 34: "first key sets the anchor, move the
 * crosshair, the key again — or Enter — sets the second; Esc abandons"; ↑/↓ step the price by
 * ticks only while a drawing is placed). The model is written from the rules in
 * core/charts/drawings/placing.ts, with prices in whole ticks (tick 1) so it needs no rounding:
 *  - a tool key when idle or on another tool: a horizontal line waits for its one point; a
 *    two-point tool takes the crosshair's point as its anchor and the price follows the close;
 *  - the same key or Enter: done with [anchor?, crosshair] unless both points are one point;
 *  - Esc: idle, nothing drawn; ↑/↓: the price moves a tick (never below one tick) while placing;
 *  - outside the mode Enter, Esc, ↑/↓ are not taken.
 */
interface Model {
  tool: DrawingTool | null;
  anchor: [number, number] | null;
  stepped: number | null;
}

type Key = { k: "tool"; tool: DrawingTool } | { k: "enter" } | { k: "esc" } | { k: "up" } | { k: "down" };

const key: fc.Arbitrary<Key> = fc.oneof(
  fc.constantFrom(...DRAWING_TOOLS).map((tool) => ({ k: "tool" as const, tool })),
  fc.constant({ k: "enter" as const }),
  fc.constant({ k: "esc" as const }),
  fc.constant({ k: "up" as const }),
  fc.constant({ k: "down" as const }),
);
// Where the crosshair is at each key: a bar (time) and its close, in ticks; few values, so points repeat.
const at = fc.record({ time: fc.integer({ min: 1, max: 3 }), close: fc.integer({ min: 1, max: 4 }) });

describe("draw mode against a model", () => {
  it("any keys at any crosshair bars: the same drawings, the same mode, the same keys taken", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(key, at), { maxLength: 40 }), (keys) => {
        let s: DrawState = IDLE;
        let m: Model = { tool: null, anchor: null, stepped: null };
        for (const [k, bar] of keys) {
          const here: [number, number] = [bar.time, m.stepped ?? bar.close];
          // The model's step.
          let want: { taken: boolean; done?: { tool: DrawingTool; points: Array<[number, number]> } } = { taken: false };
          const finish = (tool: DrawingTool) => {
            if (m.anchor && m.anchor[0] === here[0] && m.anchor[1] === here[1]) return { taken: true };
            const points = m.anchor ? [m.anchor, here] : [here];
            m = { tool: null, anchor: null, stepped: null };
            return { taken: true, done: { tool, points } };
          };
          if (k.k === "tool") {
            if (m.tool === k.tool) want = finish(k.tool);
            else {
              m = k.tool === "hline" ? { tool: k.tool, anchor: null, stepped: m.stepped } : { tool: k.tool, anchor: here, stepped: null };
              want = { taken: true };
            }
          } else if (k.k === "enter") {
            if (m.tool) want = finish(m.tool);
          } else if (k.k === "esc") {
            if (m.tool) {
              m = { tool: null, anchor: null, stepped: null };
              want = { taken: true };
            }
          } else if (m.tool) {
            m = { ...m, stepped: Math.max(1, here[1] + (k.k === "up" ? 1 : -1)) };
            want = { taken: true };
          }
          // The code's step.
          const e: DrawEvent =
            k.k === "tool" ? { kind: "tool", tool: k.tool, at: bar } : k.k === "enter" ? { kind: "confirm", at: bar } : k.k === "esc" ? { kind: "abandon" } : { kind: "step", by: k.k === "up" ? 1 : -1, at: bar, tickSize: 1 };
          const got = stepDrawing(s, e);
          s = got.state;
          expect(got.taken).toBe(want.taken);
          expect(got.done ? { tool: got.done.tool, points: got.done.points.map((p) => [p.time, p.price]) } : undefined).toEqual(want.done);
          expect(s.placing?.tool ?? null).toBe(m.tool);
          expect(s.placing?.anchor ? [s.placing.anchor.time, s.placing.anchor.price] : null).toEqual(m.anchor);
          expect(s.price).toBe(m.stepped);
          // Never a stepped price outside the mode.
          if (!s.placing) expect(s.price).toBeNull();
        }
      }),
      { numRuns: 500 },
    );
  });

  it("the issue's example: t sets the anchor at 10:00's close, → then t again draws 10:00 → 10:01", () => {
    const a = stepDrawing(IDLE, { kind: "tool", tool: "trend", at: { time: 600, close: 100 } });
    expect(a.state.placing).toEqual({ tool: "trend", anchor: { time: 600, price: 100 } });
    const b = stepDrawing(a.state, { kind: "tool", tool: "trend", at: { time: 660, close: 101.5 } });
    expect(b.done).toEqual({ tool: "trend", points: [{ time: 600, price: 100 }, { time: 660, price: 101.5 }] });
    expect(b.state).toEqual(IDLE);
  });

  it("↑ twice on a 0.05 tick from a close of 100 puts the line at 100.10", () => {
    let s = stepDrawing(IDLE, { kind: "tool", tool: "hline", at: { time: 600, close: 100 } }).state;
    s = stepDrawing(s, { kind: "step", by: 1, at: { time: 600, close: 100 }, tickSize: 0.05 }).state;
    s = stepDrawing(s, { kind: "step", by: 1, at: { time: 600, close: 100 }, tickSize: 0.05 }).state;
    expect(stepDrawing(s, { kind: "confirm", at: { time: 600, close: 100 } }).done).toEqual({ tool: "hline", points: [{ time: 600, price: 100.1 }] });
  });
});
