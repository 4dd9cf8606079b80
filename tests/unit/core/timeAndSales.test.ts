import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addPrint, printOf, PRINTS_KEPT, stepTape, type Print, type Tape, type TapeSnapshot } from "../../../src/core/rules/timeAndSales";

/**
 * Issue 32, time and sales: "the instrument's trades as they print (time, price, quantity, at
 * bid/ask/between), from the simulator's own trades". A snapshot whose volume rose is a trade;
 * at or above the offer before it is at the ask, at or below the bid before it at the bid.
 */
const snap = (ltp: number, volume: number, bid: number, ask: number, lastQty = 10, lastTradedTime = 33_300): TapeSnapshot => ({ ltp, volume, bid, ask, lastQty, lastTradedTime });

describe("time and sales", () => {
  it("prints a trade when the volume rises, placed against the book before it", () => {
    const before = snap(1500, 1000, 1499.5, 1500.5);
    // 1500.50 against an offer of 1500.50: a buyer lifted the offer.
    expect(printOf(before, snap(1500.5, 1025, 1500, 1501, 25, 33_301))).toEqual({ time: 33_301, price: 1500.5, qty: 25, at: "ask" });
    // 1499.50 against a bid of 1499.50: a seller hit the bid.
    expect(printOf(before, snap(1499.5, 1010, 1499, 1500))?.at).toBe("bid");
    // 1500.00 inside 1499.50 / 1500.50: between.
    expect(printOf(before, snap(1500, 1010, 1499.5, 1500.5))?.at).toBe("between");
    // The quote moved, nothing traded: no print; and the first snapshot has nothing to compare with.
    expect(printOf(before, snap(1501, 1000, 1500.5, 1501.5))).toBeUndefined();
    expect(printOf(undefined, before)).toBeUndefined();
  });

  it("over any run of snapshots: one print per rise of the volume, newest first, at most 200 kept", () => {
    const step = fc.record({ dv: fc.integer({ min: 0, max: 50 }), ltp: fc.integer({ min: 99, max: 101 }), bid: fc.constantFrom(0, 99, 100), ask: fc.constantFrom(0, 100, 101) });
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 260 }), (steps) => {
        let tape: readonly Print[] = [];
        let prev: TapeSnapshot | undefined;
        let volume = 0;
        const expected: Array<{ price: number; at: string }> = [];
        for (const [i, s] of steps.entries()) {
          volume += s.dv;
          const next = snap(s.ltp, volume, s.bid, s.ask, 5, i);
          if (prev && s.dv > 0) {
            const at = prev.ask > 0 && s.ltp >= prev.ask ? "ask" : prev.bid > 0 && s.ltp <= prev.bid ? "bid" : "between";
            expected.unshift({ price: s.ltp, at });
          }
          tape = addPrint(tape, prev, next);
          prev = next;
        }
        expect(tape.map((p) => ({ price: p.price, at: p.at }))).toEqual(expected.slice(0, PRINTS_KEPT));
      }),
    );
  });
});

describe("a pane's tape, kept outside the pane (a remount keeps it)", () => {
  const INFY = "NSEEQ:1594";
  const SBIN = "NSEEQ:3045";

  it("steps as addPrint does; the same snapshot seen again (a remounted pane's first read) is no print and the same tape", () => {
    const t1 = stepTape(undefined, INFY, snap(1500, 1000, 1499.5, 1500.5));
    expect(t1).toEqual({ key: INFY, prev: snap(1500, 1000, 1499.5, 1500.5), prints: [] });
    const t2 = stepTape(t1, INFY, snap(1500.5, 1025, 1500, 1501, 25, 33_301))!;
    expect(t2.prints).toEqual([{ time: 33_301, price: 1500.5, qty: 25, at: "ask" }]);
    expect(stepTape(t2, INFY, snap(1500.5, 1025, 1500, 1501, 25, 33_301))).toBe(t2);
    // A quote that moved without a trade keeps the prints and is the book the next trade is told against.
    const t3 = stepTape(t2, INFY, snap(1500.5, 1025, 1499, 1499.5, 25, 33_301))!;
    expect(t3.prints).toBe(t2.prints);
    expect(stepTape(t3, INFY, snap(1499.5, 1030, 1499, 1500, 5, 33_302))!.prints[0]!.at).toBe("ask");
  });

  it("a snapshot with no price or no trade time yet changes nothing", () => {
    const t = stepTape(undefined, INFY, snap(1500, 1000, 1499.5, 1500.5))!;
    expect(stepTape(t, INFY, snap(0, 1010, 1499.5, 1500.5))).toBe(t);
    expect(stepTape(t, INFY, snap(1500, 1010, 1499.5, 1500.5, 10, 0))).toBe(t);
    expect(stepTape(undefined, INFY, snap(0, 1010, 1, 2))).toBeUndefined();
  });

  it("another instrument starts afresh: none of the old one's prints, nothing to compare its first snapshot with", () => {
    let t = stepTape(undefined, INFY, snap(1500, 1000, 1499.5, 1500.5));
    t = stepTape(t, INFY, snap(1501, 1010, 1500, 1501));
    expect(t!.prints).toHaveLength(1);
    const other = stepTape(t, SBIN, snap(800, 50_000, 799.9, 800.1));
    expect(other).toEqual({ key: SBIN, prev: snap(800, 50_000, 799.9, 800.1), prints: [] });
    // Before the other's first usable snapshot there is no tape: the old one is not shown under its name.
    expect(stepTape(t, SBIN, snap(0, 0, 0, 0))).toBeUndefined();
  });

  it("over any run, with the same snapshot read again anywhere (remounts): the tape addPrint builds, at most PRINTS_KEPT", () => {
    const step = fc.record({ dv: fc.integer({ min: 0, max: 50 }), ltp: fc.integer({ min: 99, max: 101 }), bid: fc.constantFrom(0, 99, 100), ask: fc.constantFrom(0, 100, 101), again: fc.boolean() });
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 260 }), (steps) => {
        let tape: Tape | undefined;
        let plain: readonly Print[] = [];
        let prev: TapeSnapshot | undefined;
        let volume = 0;
        for (const [i, s] of steps.entries()) {
          volume += s.dv;
          const next = snap(s.ltp, volume, s.bid, s.ask, 5, i + 1);
          tape = stepTape(tape, INFY, next);
          if (s.again) tape = stepTape(tape, INFY, next);
          plain = addPrint(plain, prev, next);
          prev = next;
        }
        expect(tape!.prints).toEqual(plain);
        expect(tape!.prints.length).toBeLessThanOrEqual(PRINTS_KEPT);
      }),
    );
  });
});
