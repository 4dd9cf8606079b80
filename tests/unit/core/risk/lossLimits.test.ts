import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { breachedLimit, checkLimits, dayOf, headroom, lossLimitsProblem, tripText, type DayFigures, type LimitName, type LimitsDay, type LossLimits } from "../../../../src/core/rules/lossLimits";

const limitsArb = fc.record({
  maxLoss: fc.option(fc.integer({ min: 1, max: 50_000 }), { nil: null }),
  maxOrders: fc.option(fc.integer({ min: 1, max: 30 }), { nil: null }),
  maxPositionValue: fc.option(fc.integer({ min: 1, max: 2_000_000 }), { nil: null }),
  squareOff: fc.boolean(),
});

/** A path of moments: the positions' P&L, orders placed so far, position value; and now and then a new day. */
const pathArb = fc.array(
  fc.record({ pnl: fc.integer({ min: -80_000, max: 80_000 }), newOrders: fc.integer({ min: 0, max: 3 }), positionValue: fc.integer({ min: 0, max: 3_000_000 }), nextDay: fc.boolean() }),
  { maxLength: 60 },
);

/** The spec by hand: loss = -pnl reaches maxLoss; orders beyond maxOrders; value above maxPositionValue; in that order. */
function breachByHand(l: LossLimits, f: DayFigures): LimitName | undefined {
  if (l.maxLoss !== null && -f.pnl >= l.maxLoss) return "loss";
  if (l.maxOrders !== null && f.orders > l.maxOrders) return "orders";
  if (l.maxPositionValue !== null && f.positionValue > l.maxPositionValue) return "positionValue";
  return undefined;
}

describe("daily loss limits (issue 33)", () => {
  it("model: over any P&L path a day trips exactly once if a limit is reached in it, at the first moment it is, by that limit; otherwise never", () => {
    fc.assert(
      fc.property(limitsArb, pathArb, (limits, path) => {
        let dayNo = 0;
        let state: LimitsDay | undefined;
        let orders = 0;
        const tripsByDay = new Map<number, Array<{ at: number; name: LimitName }>>();
        const firstBreachByDay = new Map<number, { at: number; name: LimitName }>();
        path.forEach((m, i) => {
          if (m.nextDay) {
            dayNo++;
            orders = 0;
          }
          orders += m.newOrders;
          const today = `2026-11-${String(10 + dayNo).padStart(2, "0")}`;
          // The day's P&L is measured from the positions' P&L at the day's first check.
          const day = dayOf(state, today, m.pnl);
          const figures = { pnl: m.pnl - day.baselinePnl, orders, positionValue: m.positionValue };
          const r = checkLimits(limits, day, figures);
          state = r.state;
          if (r.trips) tripsByDay.set(dayNo, [...(tripsByDay.get(dayNo) ?? []), { at: i, name: r.trips }]);
          const b = breachByHand(limits, figures);
          if (b && !firstBreachByDay.has(dayNo)) firstBreachByDay.set(dayNo, { at: i, name: b });
        });
        for (let d = 0; d <= dayNo; d++) {
          const expected = firstBreachByDay.get(d);
          expect(tripsByDay.get(d) ?? []).toEqual(expected ? [expected] : []);
        }
      }),
      { numRuns: 1000 },
    );
  });

  it("a loss of exactly the limit trips it; a rupee less does not", () => {
    const l: LossLimits = { maxLoss: 5000, maxOrders: null, maxPositionValue: null, squareOff: false };
    expect(breachedLimit(l, { pnl: -4999, orders: 0, positionValue: 0 })).toBeUndefined();
    expect(breachedLimit(l, { pnl: -5000, orders: 0, positionValue: 0 })).toBe("loss");
  });

  it("20 orders a day: the 20th passes, the 21st trips", () => {
    const l: LossLimits = { maxLoss: null, maxOrders: 20, maxPositionValue: null, squareOff: false };
    expect(breachedLimit(l, { pnl: 0, orders: 20, positionValue: 0 })).toBeUndefined();
    expect(breachedLimit(l, { pnl: 0, orders: 21, positionValue: 0 })).toBe("orders");
  });

  it("headroom: ₹1,200 lost of ₹5,000 leaves ₹3,800; 3 of 20 orders leave 17; no value limit leaves nothing to show", () => {
    const l: LossLimits = { maxLoss: 5000, maxOrders: 20, maxPositionValue: null, squareOff: true };
    expect(headroom(l, { pnl: -1200, orders: 3, positionValue: 150_000 })).toEqual([
      { name: "loss", limit: 5000, used: 1200, left: 3800 },
      { name: "orders", limit: 20, used: 3, left: 17 },
      { name: "positionValue", limit: null, used: 150_000, left: null },
    ]);
    // A day in profit has used none of the loss limit.
    expect(headroom(l, { pnl: 700, orders: 0, positionValue: 0 })[0]).toEqual({ name: "loss", limit: 5000, used: 0, left: 5000 });
  });

  it("limits are refused unless positive (orders whole)", () => {
    const base: LossLimits = { maxLoss: null, maxOrders: null, maxPositionValue: null, squareOff: false };
    expect(lossLimitsProblem(base)).toBeUndefined();
    expect(lossLimitsProblem({ ...base, maxLoss: -1 })).toMatch(/maximum loss/);
    expect(lossLimitsProblem({ ...base, maxOrders: 2.5 })).toMatch(/orders/);
    expect(lossLimitsProblem({ ...base, maxPositionValue: Number.NaN })).toMatch(/position value/);
  });

  it("the trip's sentence names the limit and the figures", () => {
    const l: LossLimits = { maxLoss: 1000, maxOrders: null, maxPositionValue: null, squareOff: true };
    expect(tripText("loss", l, { pnl: -1050, orders: 1, positionValue: 0 })).toBe("Daily loss limit reached: trading is stopped for the rest of the day (Maximum loss: ₹1,050.00 of ₹1,000.00)");
  });
});
