import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addLeg, flipLeg, MAX_LEGS, readPaneStrategy, removeLeg, setEntry, stepLots, type DeskLeg } from "../../../../src/core/strategy/legs";

/**
 * The strategy pane's legs over sequences of the trader's keys (a/Shift+A from the chain, Delete,
 * f, +/-, e), against a reference model written from the rules as the issue and legs.ts state
 * them: a contract and side is one leg (adding it again adds lots; flipping onto it joins it); a
 * leg has at least one lot; at most MAX_LEGS legs; remove takes the leg at the cursor away.
 */
type Op =
  | { op: "add"; contract: number; side: "BUY" | "SELL"; lots: number }
  | { op: "remove"; at: number }
  | { op: "flip"; at: number }
  | { op: "lots"; at: number; by: number }
  | { op: "entry"; at: number; entry: number | undefined };

// A few contracts, so sequences meet the same one again; and enough to pass MAX_LEGS on both sides.
const CONTRACTS = 8;
const legOf = (contract: number, side: "BUY" | "SELL", lots: number): DeskLeg => ({
  token: 1000 + contract, symbol: `NIFTY26DEC${24000 + contract * 50}CE`, exchange: "NSEFO", optionType: "CE", strike: 24000 + contract * 50, expiry: "2026-12-29", side, lots, lotSize: 75,
});

/** The model: rows of (contract, side, lots, entry), in the order first added. */
interface Row { contract: number; side: "BUY" | "SELL"; lots: number; entry: number | undefined }

function model(rows: Row[], o: Op): Row[] {
  switch (o.op) {
    case "add": {
      const same = rows.find((r) => r.contract === o.contract && r.side === o.side);
      if (same) return rows.map((r) => (r === same ? { ...r, lots: r.lots + o.lots } : r));
      return rows.length >= MAX_LEGS ? rows : [...rows, { contract: o.contract, side: o.side, lots: o.lots, entry: undefined }];
    }
    case "remove":
      return rows.filter((_, i) => i !== o.at);
    case "flip": {
      const r = rows[o.at];
      if (!r) return rows;
      const side = r.side === "BUY" ? "SELL" : "BUY";
      const other = rows.findIndex((x) => x.contract === r.contract && x.side === side);
      if (other < 0) return rows.map((x, i) => (i === o.at ? { ...x, side } : x));
      return rows.flatMap((x, i) => (i === o.at ? [] : i === other ? [{ ...x, lots: x.lots + r.lots }] : [x]));
    }
    case "lots":
      return rows.map((x, i) => (i === o.at ? { ...x, lots: Math.max(1, x.lots + o.by) } : x));
    case "entry":
      return rows.map((x, i) => (i === o.at ? { ...x, entry: o.entry } : x));
  }
}

function apply(legs: DeskLeg[], o: Op): DeskLeg[] {
  switch (o.op) {
    case "add":
      return addLeg(legs, legOf(o.contract, o.side, o.lots));
    case "remove":
      return removeLeg(legs, o.at);
    case "flip":
      return flipLeg(legs, o.at);
    case "lots":
      return stepLots(legs, o.at, o.by);
    case "entry":
      return setEntry(legs, o.at, o.entry);
  }
}

const side = fc.constantFrom<"BUY" | "SELL">("BUY", "SELL");
const at = fc.integer({ min: 0, max: MAX_LEGS });
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ op: fc.constant("add" as const), contract: fc.integer({ min: 0, max: CONTRACTS - 1 }), side, lots: fc.integer({ min: 1, max: 3 }) }),
  fc.record({ op: fc.constant("remove" as const), at }),
  fc.record({ op: fc.constant("flip" as const), at }),
  fc.record({ op: fc.constant("lots" as const), at, by: fc.integer({ min: -3, max: 3 }) }),
  fc.record({ op: fc.constant("entry" as const), at, entry: fc.option(fc.integer({ min: 1, max: 50_000 }).map((p) => p / 20), { nil: undefined }) }),
);

describe("strategy legs over sequences of edits", () => {
  it("match the model, keep one leg per contract and side, at least one lot each, at most MAX_LEGS", () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 60 }), (ops) => {
        let legs: DeskLeg[] = [];
        let rows: Row[] = [];
        for (const o of ops) {
          legs = apply(legs, o);
          rows = model(rows, o);
          expect(legs.map((l) => ({ contract: l.token - 1000, side: l.side, lots: l.lots, entry: l.entry }))).toEqual(rows);
          expect(new Set(legs.map((l) => `${l.token}:${l.side}`)).size).toBe(legs.length);
          expect(legs.every((l) => l.lots >= 1)).toBe(true);
          expect(legs.length).toBeLessThanOrEqual(MAX_LEGS);
        }
      }),
      { numRuns: 300 },
    );
  });

  it("survive the saved layout: what is written is read back as it was", () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 30 }), (ops) => {
        const legs = ops.reduce(apply, [] as DeskLeg[]);
        const s = { underlying: { symbol: "NIFTY", exchange: "NSEEQ" as const, token: 26000, isIndex: true }, legs };
        expect(readPaneStrategy(JSON.parse(JSON.stringify(s)))).toEqual(s);
      }),
    );
  });
});

describe("a saved strategy read back", () => {
  it("drops a malformed leg and refuses a malformed underlying", () => {
    const good = legOf(1, "BUY", 2);
    const underlying = { symbol: "NIFTY", exchange: "NSEEQ", token: 26000, isIndex: true };
    expect(readPaneStrategy({ underlying, legs: [good, { ...good, lots: 0 }, { ...good, side: "HOLD" }, { ...good, expiry: "29DEC" }] })?.legs).toEqual([good]);
    expect(readPaneStrategy({ underlying: { ...underlying, exchange: "MOON" }, legs: [good] })).toBeUndefined();
    expect(readPaneStrategy("nonsense")).toBeUndefined();
  });
});
