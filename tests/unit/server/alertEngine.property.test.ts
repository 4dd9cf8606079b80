import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { AlertEngine } from "../../../server/alerts/engine";
import type { AlertStore, StoredAlert } from "../../../server/alerts/store";
import type { Market, Quote } from "../../../server/market/types";
import { ALERT_CONDITIONS, type AlertCondition } from "../../../src/core/rules/alertCondition";

/**
 * Issue 33: an alert fires at most once, and on the first tick (from the one after it was made)
 * where its condition holds, whatever the condition. The broker's AlertEngine is run over random
 * tick streams with alerts made part-way, against a reference model that reads the conditions from
 * the spec (src/core/rules/alertCondition.ts's table) on its own.
 */

type Tick = { ltp: number; volume: number; openInterest: number };
const P_CLOSE = 100;

/** The spec's table, restated: does tick `t` satisfy the condition? */
function holds(condition: AlertCondition, value: number, t: Tick): boolean {
  if (t.ltp <= 0) return false;
  const pct = ((t.ltp - P_CLOSE) / P_CLOSE) * 100;
  if (condition === "ABOVE") return t.ltp >= value;
  if (condition === "BELOW") return t.ltp <= value;
  if (condition === "CHANGE") return pct >= value || pct <= -value;
  if (condition === "CHANGE_ABOVE") return pct >= value;
  if (condition === "CHANGE_BELOW") return pct <= value;
  if (condition === "DAY_HIGH") return t.ltp > value;
  if (condition === "DAY_LOW") return t.ltp < value;
  if (condition === "VOLUME_ABOVE") return t.volume >= value;
  return t.openInterest >= value;
}

function harness() {
  let listener: ((q: Quote) => void) | undefined;
  const market = {
    watch: () => () => undefined,
    onTick: (l: (q: Quote) => void) => {
      listener = l;
      return () => (listener = undefined);
    },
    instrument: () => ({ tradingSymbol: "X-EQ" }),
  } as unknown as Market;
  const active = new Set<number>();
  const store = { allActive: () => [], trigger: (id: number) => active.delete(id) } as unknown as AlertStore;
  const fired: Array<{ alertId: number; at: number }> = [];
  const placed: number[] = [];
  let now = 0;
  const engine = new AlertEngine(
    { clock: { now: () => new Date(0) }, log: { info: () => undefined } } as never,
    market,
    store,
    (_user, m) => fired.push({ alertId: m.alertId, at: now }),
    (a) => placed.push(a.alertId),
  );
  engine.start();
  return {
    add(a: StoredAlert) {
      active.add(a.alertId);
      engine.track(a);
    },
    tick(i: number, t: Tick) {
      now = i;
      listener?.({ exchange: "NSEEQ", token: 1, pClose: P_CLOSE, ...t } as Quote);
    },
    fired,
    placed,
  };
}

const tickArb = fc.record({ ltp: fc.integer({ min: 0, max: 200 }).map((n) => n / 2), volume: fc.integer({ min: 0, max: 50 }), openInterest: fc.integer({ min: 0, max: 50 }) });
const alertArb = fc.record({
  condition: fc.constantFrom(...ALERT_CONDITIONS),
  value: fc.integer({ min: -20, max: 120 }),
  madeAt: fc.nat({ max: 40 }),
  linked: fc.boolean(),
});

describe("alert engine (issue 33): fires at most once, on the first tick its condition holds", () => {
  it("matches the reference model over random ticks and alerts made part-way", () => {
    fc.assert(
      fc.property(fc.array(tickArb, { minLength: 1, maxLength: 40 }), fc.array(alertArb, { minLength: 1, maxLength: 8 }), (ticks, alerts) => {
        const h = harness();
        const made = alerts.map((a, i) => ({ ...a, alertId: i + 1, value: a.condition.startsWith("CHANGE_") ? a.value / 4 : Math.abs(a.value) + 1 }));
        const expected = new Map<number, number>();
        for (const [i, t] of ticks.entries()) {
          for (const a of made.filter((m) => m.madeAt === i)) {
            h.add({ alertId: a.alertId, userId: "U", exchange: "NSEEQ", token: 1, condition: a.condition, value: a.value, status: "ACTIVE", createdAt: "", triggeredAt: null, triggeredPrice: null, thenBasketId: a.linked ? 7 : null, thenOrder: null, ordersNote: "" });
          }
          for (const a of made) if (a.madeAt <= i && !expected.has(a.alertId) && holds(a.condition, a.value, t)) expected.set(a.alertId, i);
          h.tick(i, t);
        }
        const firedAt = new Map<number, number[]>();
        for (const f of h.fired) firedAt.set(f.alertId, [...(firedAt.get(f.alertId) ?? []), f.at]);
        for (const a of made) expect(firedAt.get(a.alertId) ?? []).toEqual(expected.has(a.alertId) ? [expected.get(a.alertId)] : []);
        // Its linked orders go once, and only for an alert that fired.
        expect(h.placed.sort((x, y) => x - y)).toEqual(made.filter((a) => a.linked && expected.has(a.alertId)).map((a) => a.alertId));
      }),
      { numRuns: 300 },
    );
  });
});
