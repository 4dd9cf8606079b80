import { describe, expect, it } from "vitest";
import { sliceKey, sliceOrder } from "../../../src/core/rules/slicing";

/**
 * Issue 19: "an order above the freeze quantity on an instrument that allows slicing is offered as
 * N slices, each at most the freeze quantity and a multiple of the lot".
 */
const NIFTY = { exchange: "NSEFO" as const, lotSize: 75, freezeQty: 1800, sliceEnable: true };
const BANKNIFTY = { exchange: "NSEFO" as const, lotSize: 35, freezeQty: 900, sliceEnable: true };

describe("slicing above the freeze quantity", () => {
  it("at or below the freeze quantity the order goes whole", () => {
    expect(sliceOrder(1800, NIFTY)).toEqual({ kind: "whole" });
    expect(sliceOrder(75, NIFTY)).toEqual({ kind: "whole" });
  });

  it("3 x the freeze quantity is 3 full slices (NIFTY 5400 = 3 x 1800, 24 lots each)", () => {
    expect(sliceOrder(5400, NIFTY)).toEqual({ kind: "slices", slices: [1800, 1800, 1800], sliceSize: 1800 });
  });

  it("a remainder is the last slice (NIFTY 1875 = 1800 + 75)", () => {
    expect(sliceOrder(1875, NIFTY)).toEqual({ kind: "slices", slices: [1800, 75], sliceSize: 1800 });
  });

  it("a freeze quantity that is not a whole number of lots: slices of the largest multiple below it (BANKNIFTY 900 -> 25 lots of 35 = 875)", () => {
    // 2100 = 60 lots = 25 + 25 + 10 lots.
    expect(sliceOrder(2100, BANKNIFTY)).toEqual({ kind: "slices", slices: [875, 875, 350], sliceSize: 875 });
  });

  it("says why when slicing is not allowed", () => {
    expect(sliceOrder(1875, { ...NIFTY, sliceEnable: false })).toEqual({ kind: "refused", reason: "Above the freeze quantity of 1800, and this contract does not allow slicing" });
    expect(sliceOrder(1875, NIFTY, "BO").kind).toBe("refused");
    expect(sliceOrder(1850, NIFTY)).toEqual({ kind: "refused", reason: "Quantity must be a multiple of the lot size 75" });
    // 11 slices of 1800 would be 19800; 10 x 1800 + 75 = 18075 is 11 slices too.
    expect(sliceOrder(18_075, NIFTY)).toEqual({ kind: "refused", reason: "That is 11 slices of at most 1800; Tape sends at most 10" });
    expect(sliceOrder(18_000, NIFTY).kind).toBe("slices");
  });

  it("each slice has its own key, the same on a retry", () => {
    expect(sliceKey("k1", 0, 3)).toBe("k1-s1of3");
    expect(sliceKey("k1", 2, 3)).toBe("k1-s3of3");
  });
});
