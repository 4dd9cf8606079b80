import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ToastRepeats } from "../../../../src/core/rules/toastRepeats";

/**
 * A model of "duplicate identical toasts are not stacked", written from the rule, not the code: a
 * toast shown at t stays on screen until t + its duration; shown again while on screen, the one
 * toast says how many times it has been shown since it came up (×n); shown after it went, it
 * comes up anew. Each id is its own toast.
 */
function model(shows: ReadonlyArray<{ id: string; at: number; ms: number }>): string[] {
  const screen = new Map<string, { n: number; gone: number }>();
  return shows.map(({ id, at, ms }) => {
    const on = screen.get(id);
    const n = on && at < on.gone ? on.n + 1 : 1;
    screen.set(id, { n, gone: at + ms });
    return n === 1 ? id : `${id} ×${n}`;
  });
}

describe("identical toasts over any sequence of shows", () => {
  it("count their repeats as the model says", () => {
    // The edges of a toast's life (shown again exactly as it goes) come often, not by chance alone.
    const show = fc.record({ id: fc.constantFrom("a", "b", "c"), gap: fc.oneof(fc.constantFrom(0, 4499, 4500, 4501, 5000), fc.integer({ min: 0, max: 6000 })), ms: fc.constantFrom(4500, 5000) });
    fc.assert(
      fc.property(fc.array(show, { maxLength: 60 }), (steps) => {
        let at = 0;
        const shows = steps.map((s) => ({ id: s.id, at: (at += s.gap), ms: s.ms }));
        const r = new ToastRepeats();
        expect(shows.map((s) => r.text(s.id, s.id, s.at, s.ms))).toEqual(model(shows));
      }),
    );
  });
});
