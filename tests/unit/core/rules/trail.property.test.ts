import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkTrail, describeTrail, trailedTrigger, type StopTrail } from "../../../../src/core/rules/trail";

/**
 * Issue 33's trailing stop: "the broker moves the trigger as the price moves in favour and never
 * back", "move the trigger only in steps of N". The reference model works in whole ticks and moves
 * the trigger one jump at a time while a whole jump still keeps it the trail away from the price;
 * the rule computes the same in one division. Worked examples below are done by hand.
 */

const TICK = 0.05;
const ticks = (p: number) => Math.round(p / TICK);

/** The model, from the words: one jump at a time, while the trigger stays the trail (at least a tick) off the price. */
function modelStep(side: "BUY" | "SELL", trigger: number, ltp: number, trailTicks: number, jump: number): number {
  let t = trigger;
  if (side === "SELL") while (t + jump <= ltp - trailTicks) t += jump;
  else while (t - jump >= ltp + trailTicks) t -= jump;
  return t;
}

const SEED = 3333;

describe("trailing stop trigger (issue 33)", () => {
  it("worked by hand: sell sl 1480 trail 5 (jump one tick)", () => {
    const trail: StopTrail = { value: 5, unit: "POINTS", jump: 0 };
    const step = (trigger: number, ltp: number) => trailedTrigger({ side: "SELL", trigger, ltp, trail, tickSize: TICK });
    // 1484 is less than 1480 + 5: the typed trigger holds.
    expect(step(1480, 1484)).toBe(1480);
    // 1490 - 5 = 1485.
    expect(step(1480, 1490)).toBe(1485);
    // The price falls back: the trigger stays.
    expect(step(1485, 1488)).toBe(1485);
    // 1492.30 - 5 = 1487.30, a whole number of 0.05 ticks above 1485.
    expect(step(1485, 1492.3)).toBe(1487.3);
  });

  it("worked by hand: a jump of 1 moves 1480 to 1487 at 1492.30 (7 whole jumps of the 7.30 of room)", () => {
    expect(trailedTrigger({ side: "SELL", trigger: 1480, ltp: 1492.3, trail: { value: 5, unit: "POINTS", jump: 1 }, tickSize: TICK })).toBe(1487);
  });

  it("worked by hand: a BUY stop at 1520 trailing 1% follows a fall to 1400 down to 1414 (1% of 1400 is 14)", () => {
    expect(trailedTrigger({ side: "BUY", trigger: 1520, ltp: 1400, trail: { value: 1, unit: "PERCENT", jump: 0 }, tickSize: TICK })).toBe(1414);
    // A rise moves nothing.
    expect(trailedTrigger({ side: "BUY", trigger: 1414, ltp: 1405, trail: { value: 1, unit: "PERCENT", jump: 0 }, tickSize: TICK })).toBe(1414);
  });

  it("the order book's words", () => {
    expect(describeTrail({ value: 5, unit: "POINTS", jump: 1 })).toBe("Trail 5 / jump 1");
    expect(describeTrail({ value: 1, unit: "PERCENT", jump: 0 })).toBe("Trail 1% / jump 1 tick");
    expect(describeTrail({ value: 2.5, unit: "POINTS", jump: 0.5 })).toBe("Trail 2.5 / jump 0.5");
  });

  it("any price path: the trigger ratchets only in favour, by whole jumps, never reaching the price, as the model does", () => {
    fc.assert(
      fc.property(
        fc.constantFrom<"BUY" | "SELL">("BUY", "SELL"),
        fc.integer({ min: 20_000, max: 40_000 }), // the start trigger, in ticks (1000 to 2000 rupees)
        fc.integer({ min: 1, max: 400 }), // trail in ticks
        fc.integer({ min: 0, max: 60 }), // jump in ticks (0 is one tick)
        fc.array(fc.integer({ min: -600, max: 600 }), { minLength: 1, maxLength: 60 }), // price moves, in ticks
        (side, start, trailT, jumpT, moves) => {
          const trail: StopTrail = { value: trailT * TICK, unit: "POINTS", jump: jumpT * TICK };
          const jump = Math.max(1, jumpT);
          // The price starts on the safe side of the stop: above a SELL stop, below a BUY stop.
          let price = side === "SELL" ? start + trailT : start - trailT;
          let trigger = start * TICK;
          let model = start;
          for (const m of moves) {
            price = Math.max(1, price + m);
            const before = ticks(trigger);
            trigger = trailedTrigger({ side, trigger, ltp: price * TICK, trail, tickSize: TICK });
            const after = ticks(trigger);
            model = modelStep(side, model, price, trailT, jump);
            expect(after).toBe(model);
            // Monotonic in the favourable direction.
            if (side === "SELL") expect(after).toBeGreaterThanOrEqual(before);
            else expect(after).toBeLessThanOrEqual(before);
            // Whole jumps, from where it started.
            expect(Math.abs(after - start) % jump).toBe(0);
            // A move never reaches the price: it stops at least the trail short of it.
            if (after !== before) {
              if (side === "SELL") expect(after).toBeLessThanOrEqual(price - trailT);
              else expect(after).toBeGreaterThanOrEqual(price + trailT);
            }
          }
        },
      ),
      { seed: SEED, numRuns: 400 },
    );
  });

  it("a percent trail never lets the trigger reach the price either, whatever the percent", () => {
    fc.assert(
      fc.property(
        fc.constantFrom<"BUY" | "SELL">("BUY", "SELL"),
        fc.integer({ min: 100, max: 5000 }), // percent x 100: 0.01 % .. 50 %
        fc.array(fc.integer({ min: 2, max: 100_000 }), { minLength: 1, maxLength: 40 }), // prices in ticks
        (side, pct100, prices) => {
          const trail: StopTrail = { value: pct100 / 100, unit: "PERCENT", jump: 0 };
          let trigger = side === "SELL" ? TICK : 200_000 * TICK;
          for (const p of prices) {
            const before = trigger;
            trigger = trailedTrigger({ side, trigger, ltp: p * TICK, trail, tickSize: TICK });
            if (side === "SELL") expect(trigger).toBeGreaterThanOrEqual(before);
            else expect(trigger).toBeLessThanOrEqual(before);
            if (trigger !== before) {
              if (side === "SELL") expect(ticks(trigger)).toBeLessThan(p);
              else expect(ticks(trigger)).toBeGreaterThan(p);
            }
          }
        },
      ),
      { seed: SEED, numRuns: 300 },
    );
  });
});

describe("which orders may trail (issue 33)", () => {
  const sl = { orderType: "SL" as const, orderComplexity: "REGULAR" as const };
  it("a regular SL or SL-M order trails; a LIMIT, a BO or a CO does not (EC700)", () => {
    expect(checkTrail({ ...sl, trailValue: 5 }, TICK).ok).toBe(true);
    expect(checkTrail({ ...sl, orderType: "SLM", trailValue: 1, trailUnit: "PERCENT" }, TICK).ok).toBe(true);
    expect(checkTrail({ ...sl, orderType: "LIMIT", trailValue: 5 }, TICK)).toMatchObject({ ok: false, code: "EC700" });
    expect(checkTrail({ ...sl, orderComplexity: "BO", trailValue: 5 }, TICK)).toMatchObject({ ok: false, code: "EC700" });
    // No trail is no check, whatever the order.
    expect(checkTrail({ ...sl, orderType: "LIMIT" }, TICK).ok).toBe(true);
  });
  it("points on the tick, a percent up to 50 (EC701); a jump on the tick (EC702)", () => {
    expect(checkTrail({ ...sl, trailValue: 5.03 }, TICK)).toMatchObject({ ok: false, code: "EC701" });
    expect(checkTrail({ ...sl, trailValue: 50.5, trailUnit: "PERCENT" }, TICK)).toMatchObject({ ok: false, code: "EC701" });
    expect(checkTrail({ ...sl, trailValue: 50, trailUnit: "PERCENT" }, TICK).ok).toBe(true);
    expect(checkTrail({ ...sl, trailValue: 5, trailJump: 0.07 }, TICK)).toMatchObject({ ok: false, code: "EC702" });
    expect(checkTrail({ ...sl, trailJump: 1 }, TICK)).toMatchObject({ ok: false, code: "EC701" });
  });
});
