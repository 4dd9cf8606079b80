import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { INDICATORS, INDICATOR_KINDS, type IndicatorKind } from "../../../../src/core/charts/indicators/catalogue";
import { computeAll, updateSeries } from "../../../../src/core/charts/indicators/series";
import type { Bar } from "../../../../src/core/types/bar";

/**
 * Issue 34: "updated incrementally on each tick: the last value, not the whole series". Over any
 * sequence of ticks, where a tick either revises the forming bar (its high, low, close and volume
 * change, its start does not) or opens a new bar (sometimes on a new IST day, where VWAP starts
 * again), the incremental series equals a recompute from nothing over the same bars, value for
 * value, for every indicator and any settings in range; and a revision never grows the series.
 */

const MINUTE = 60_000;
const price = fc.double({ min: 1, max: 1000, noNaN: true, noDefaultInfinity: true });

const tick = fc.oneof(
  fc.record({ kind: fc.constant("revise" as const), p: price, q: fc.integer({ min: 0, max: 500 }) }),
  fc.record({ kind: fc.constant("append" as const), p: price, q: fc.integer({ min: 0, max: 500 }), gap: fc.integer({ min: 1, max: 2000 }) }),
);

/** Settings in each setting's range (whole where the setting is a period), MACD's fast below its slow. */
function paramsFor(kind: IndicatorKind): fc.Arbitrary<number[]> {
  const def = INDICATORS[kind];
  const one = def.params.map((p) => (p.whole ? fc.integer({ min: p.min, max: Math.min(p.max, 30) }) : fc.double({ min: p.min, max: p.max, noNaN: true })));
  return fc.tuple(...one).filter((ps) => kind !== "macd" || ps[0]! < ps[1]!);
}

const scenario = fc.constantFrom(...INDICATOR_KINDS).chain((kind) =>
  fc.record({
    kind: fc.constant(kind),
    params: paramsFor(kind),
    start: fc.array(fc.tuple(price, fc.integer({ min: 0, max: 500 })), { maxLength: 40 }),
    ticks: fc.array(tick, { maxLength: 80 }),
  }),
);

function applyTick(bars: Bar[], t: { kind: "revise" | "append"; p: number; q: number; gap?: number }): void {
  const last = bars[bars.length - 1];
  if (t.kind === "revise" && last) {
    last.high = Math.max(last.high, t.p);
    last.low = Math.min(last.low, t.p);
    last.close = t.p;
    last.volume += t.q;
    return;
  }
  const time = last ? last.time + (t.gap ?? 1) * MINUTE : Date.UTC(2026, 0, 5, 3, 45);
  bars.push({ time, open: t.p, high: t.p, low: t.p, close: t.p, volume: t.q });
}

describe("indicators: incremental update equals the full recompute", () => {
  it("over any sequence of revising and opening ticks", () => {
    fc.assert(
      fc.property(scenario, ({ kind, params, start, ticks }) => {
        const t0 = Date.UTC(2026, 0, 5, 3, 45);
        const bars: Bar[] = start.map(([p, q], i) => ({ time: t0 + i * MINUTE, open: p, high: p * 1.01, low: p * 0.99, close: p, volume: q }));
        const step = INDICATORS[kind].make(params);
        const s = computeAll(step, bars);
        for (const t of ticks) {
          const before = s.values.length;
          applyTick(bars, t);
          const how = updateSeries(s, bars);
          // A revision replaces the last value; an opening appends one; only the first bar ever recomputes.
          if (t.kind === "revise" && before > 0) {
            expect(how).toBe("revised");
            expect(s.values.length).toBe(before);
          } else if (before > 0) expect(how).toBe("appended");
          expect(s.values).toEqual(computeAll(step, bars).values);
        }
      }),
      { numRuns: 400 },
    );
  });
});
