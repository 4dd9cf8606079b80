import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { bracketDone, bracketStep, newBracket, openOf, splitShares, templateProblem, type BracketEvent, type BracketState, type BracketTemplate } from "../../../../src/core/rules/bracket";

/**
 * Issue 33, bracket templates. The reference model below is written from the rules, in whole
 * ticks of 0.05 and whole units, with no code of the rule: the targets cover the filled entry
 * nearest first up to their planned share; the stop covers what is held; the stop's fill cancels
 * the targets' rest; the break-even stop is the entry's average price.
 */
const SEED = 3321;
const TICK = 0.05;
const scalp3: BracketTemplate = { name: "scalp3", targets: [{ points: 5, share: 50 }, { points: 10, share: 30 }, { points: 20, share: 20 }], stopPoints: 8, breakEven: { after: "target" } };

describe("bracket shares (issue 33), worked by hand", () => {
  it("30 shares at 50/30/20 %: 15, 9 and 6", () => {
    expect(splitShares(30, 1, [50, 30, 20])).toEqual([15, 9, 6]);
  });

  it("7 lots of 75 (525) at 50/30/20 %: floor(3.5) = 3 lots, floor(2.1) = 2 lots, the rest 2 lots: 225, 150, 150", () => {
    expect(splitShares(525, 75, [50, 30, 20])).toEqual([225, 150, 150]);
  });

  it("10 at 33/33/34 %: 3, 3 and the rest 4", () => {
    expect(splitShares(10, 1, [33, 33, 34])).toEqual([3, 3, 4]);
  });

  it("shares that sum to 90 % are refused with EC723; targets out of order with EC724", () => {
    expect(templateProblem({ ...scalp3, targets: [{ points: 5, share: 50 }, { points: 10, share: 40 }] })?.code).toBe("EC723");
    expect(templateProblem({ ...scalp3, targets: [{ points: 10, share: 50 }, { points: 5, share: 50 }] })?.code).toBe("EC724");
    expect(templateProblem(scalp3)).toBeUndefined();
  });
});

describe("a bracket followed by hand (issue 33)", () => {
  const start = () => newBracket({ template: scalp3, side: "BUY", quantity: 30, limitPrice: 1500, step: 1, tickSize: TICK });
  const step = (s: BracketState, e: BracketEvent) => bracketStep(s, e, scalp3, TICK);

  it("10 of 30 filled at 1,500: target 1 covers 10 (its plan is 15), the stop covers 10 at 1,500 − 8 = 1,492", () => {
    const s = step(start(), { kind: "entryFill", quantity: 10, price: 1500 });
    expect(s.targets.map((t) => t.quantity)).toEqual([10, 0, 0]);
    expect(s.stop).toEqual({ quantity: 10, filled: 0 });
    expect(s.stopTrigger).toBe(1492);
  });

  it("all 30 filled, target 1 fills 15: the stop drops to 15 and moves to the entry price 1,500 (break-even after the first target)", () => {
    let s = step(start(), { kind: "entryFill", quantity: 30, price: 1500 });
    s = step(s, { kind: "targetFill", index: 0, quantity: 15 });
    expect(openOf(s.stop)).toBe(15);
    expect(s.stopTrigger).toBe(1500);
    expect(s.targets.map(openOf)).toEqual([0, 9, 6]);
  });

  it("the stop fills 5 of 30: targets 2 and 3 are cancelled, the stop keeps covering the other 25", () => {
    let s = step(start(), { kind: "entryFill", quantity: 30, price: 1500 });
    s = step(s, { kind: "stopFill", quantity: 5 });
    expect(s.targets.map(openOf)).toEqual([0, 0, 0]);
    expect(openOf(s.stop)).toBe(25);
    s = step(s, { kind: "stopFill", quantity: 25 });
    expect(bracketDone(s)).toBe(true);
  });
});

// ------------------------------------------------------------------ the model

interface Model {
  filled: number;
  value: number;
  open: boolean;
  plan: number[];
  tFilled: number[];
  sFilled: number;
  stopped: boolean;
  trigger: number;
  /** In ticks. */
  reference: number;
  brokeEven: boolean;
}

const templates = fc.record({
  shares: fc.constantFrom([100], [50, 50], [60, 40], [50, 30, 20], [34, 33, 33], [10, 10, 80]),
  stop: fc.integer({ min: 1, max: 100 }),
  be: fc.oneof(fc.constant(undefined), fc.constant({ after: "target" as const }), fc.integer({ min: 1, max: 20 }).map((ticks) => ({ after: "ticks" as const, ticks }))),
});

const events = fc.array(
  fc.oneof(
    fc.record({ kind: fc.constant("entryFill" as const), part: fc.integer({ min: 1, max: 100 }), move: fc.integer({ min: -10, max: 10 }) }),
    fc.record({ kind: fc.constant("targetFill" as const), index: fc.integer({ min: 0, max: 2 }), part: fc.integer({ min: 1, max: 100 }) }),
    fc.record({ kind: fc.constant("stopFill" as const), part: fc.integer({ min: 1, max: 100 }) }),
    fc.record({ kind: fc.constant("price" as const), move: fc.integer({ min: -40, max: 40 }) }),
    fc.record({ kind: fc.constant("cancel" as const) }),
  ),
  { maxLength: 40 },
);

const modelTargetQty = (m: Model): number[] => {
  let left = m.filled;
  return m.plan.map((p, i) => {
    const q = Math.min(p, left);
    left -= q;
    return m.stopped ? m.tFilled[i]! : q;
  });
};
const modelHeld = (m: Model) => m.filled - m.sFilled - m.tFilled.reduce((a, b) => a + b, 0);
const avgTicks = (m: Model) => Math.round(m.value / m.filled);

describe("brackets against the model (issue 33)", () => {
  it("exit never exceeds the filled entry, after the stop fills no target is open, a break-even stop is the entry price", () => {
    fc.assert(
      fc.property(templates, fc.integer({ min: 1, max: 40 }), fc.constantFrom(1, 25), fc.constantFrom("BUY" as const, "SELL" as const), events, (t, lots, lot, side, evs) => {
        const qty = lots * lot;
        const template: BracketTemplate = { name: "m", targets: t.shares.map((share, i) => ({ share, points: (i + 1) * 5 })), stopPoints: t.stop, ...(t.be ? { breakEven: t.be } : {}) };
        const refTicks = 30000; // 1,500.00
        let s = newBracket({ template, side, quantity: qty, limitPrice: refTicks * TICK, step: lot, tickSize: TICK });
        // The plan by hand: each share of the lots, floored; the rest on the last.
        const plan = t.shares.map((sh) => Math.floor((lots * sh) / 100) * lot);
        plan[plan.length - 1] = qty - plan.slice(0, -1).reduce((a, b) => a + b, 0);
        const m: Model = { filled: 0, value: 0, open: true, plan, tFilled: plan.map(() => 0), sFilled: 0, stopped: false, trigger: 0, reference: refTicks, brokeEven: false };
        const sign = side === "BUY" ? 1 : -1;
        for (const e of evs) {
          const tq = modelTargetQty(m);
          if (e.kind === "entryFill") {
            const q = Math.ceil(((qty - m.filled) * e.part) / 100 / lot) * lot;
            if (!m.open || q === 0) continue;
            const price = refTicks + e.move;
            s = bracketStep(s, { kind: "entryFill", quantity: q, price: price * TICK }, template, TICK);
            m.filled += q;
            m.value += q * price;
            if (m.filled === qty) m.open = false;
            if (m.trigger === 0) m.trigger = refTicks - sign * t.stop * 20;
            if (m.brokeEven) m.trigger = avgTicks(m);
          } else if (e.kind === "targetFill") {
            if (e.index >= plan.length || m.stopped) continue;
            const open = tq[e.index]! - m.tFilled[e.index]!;
            const q = Math.ceil((open * e.part) / 100);
            if (q === 0) continue;
            s = bracketStep(s, { kind: "targetFill", index: e.index, quantity: q }, template, TICK);
            m.tFilled[e.index]! += q;
            if (t.be?.after === "target" && !m.brokeEven) {
              m.brokeEven = true;
              m.trigger = avgTicks(m);
            }
          } else if (e.kind === "stopFill") {
            const q = Math.ceil((modelHeld(m) * e.part) / 100);
            if (q === 0) continue;
            s = bracketStep(s, { kind: "stopFill", quantity: q }, template, TICK);
            m.sFilled += q;
            m.stopped = true;
          } else if (e.kind === "price") {
            const ltp = refTicks + e.move;
            s = bracketStep(s, { kind: "price", ltp: ltp * TICK }, template, TICK);
            if (t.be?.after === "ticks" && m.filled > 0 && !m.stopped && (ltp - refTicks) * sign >= t.be.ticks && !m.brokeEven) {
              m.brokeEven = true;
              m.trigger = avgTicks(m);
            }
          } else {
            s = bracketStep(s, { kind: "cancel" }, template, TICK);
            m.open = false;
          }
          // The legs the rule asks for are the model's.
          const held = modelHeld(m);
          expect(s.targets.map((x) => x.quantity)).toEqual(modelTargetQty(m));
          expect(s.targets.map((x) => x.filled)).toEqual(m.tFilled);
          expect(s.stop).toEqual({ quantity: m.sFilled + held, filled: m.sFilled });
          expect(s.brokeEven).toBe(m.brokeEven);
          if (m.filled > 0) expect(Math.round(s.stopTrigger / TICK)).toBe(m.trigger);
          // The invariants, stated on their own.
          const exits = s.stop.filled + s.targets.reduce((a, x) => a + x.filled, 0);
          expect(exits).toBeLessThanOrEqual(s.entryFilled);
          expect(s.targets.reduce((a, x) => a + openOf(x), 0)).toBeLessThanOrEqual(held);
          expect(openOf(s.stop)).toBe(held);
          if (s.stop.filled > 0) expect(s.targets.every((x) => openOf(x) === 0)).toBe(true);
          if (s.brokeEven) expect(Math.round(s.stopTrigger / TICK)).toBe(avgTicks(m));
          expect(bracketDone(s)).toBe(!m.open && held === 0);
        }
      }),
      { seed: SEED, numRuns: 1500 },
    );
  });
});
