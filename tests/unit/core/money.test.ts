import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { roundToPaisa, toPaise } from "../../../src/core/money";

/**
 * Money rounds to the paisa, once, in src/core/money.ts (issue 30). Tape's rule, which the spec
 * leaves open: half a paisa away from zero, an amount written with a half paisa (1.005) counted as
 * the half even where a binary float holds it a hair below, and no -0.
 */
describe("roundToPaisa", () => {
  it.each([
    [1.005, 1.01], // the float is 1.00499999999999989...: written as a half, rounded as one
    [-1.005, -1.01], // away from zero on the short side too
    [2.345, 2.35],
    [-2.345, -2.35],
    [0.1 + 0.2, 0.3],
    [1234.5649, 1234.56],
    [99.995, 100],
    [0.125, 0.13], // exactly 12.5 paise in binary: the half goes up
    [-0.125, -0.13], // and down on the short side (Math.round(-12.5) alone would give -0.12)
    [0.124, 0.12],
  ])("%f -> %f", (rupees, expected) => {
    expect(roundToPaisa(rupees)).toBe(expected);
  });

  it("never answers -0 (it would print as -0.00)", () => {
    expect(Object.is(roundToPaisa(-0.004), 0)).toBe(true);
    expect(Object.is(roundToPaisa(-0), 0)).toBe(true);
  });

  it("answers a whole number of paise within half a paisa of the amount, and is idempotent", () => {
    fc.assert(
      fc.property(fc.integer({ min: -1_000_000_000, max: 1_000_000_000 }), fc.integer({ min: 0, max: 99 }), (paise, thousandths) => {
        const rupees = paise / 100 + thousandths / 100_000;
        const r = roundToPaisa(rupees);
        expect(Math.abs(r - rupees)).toBeLessThanOrEqual(0.005 + 1e-9);
        expect(Number.isInteger(Math.round(r * 100)) && Math.abs(r * 100 - Math.round(r * 100)) < 1e-6).toBe(true);
        expect(roundToPaisa(r)).toBe(r);
      }),
      { seed: 30, numRuns: 500 },
    );
  });
});

describe("toPaise", () => {
  it("is the same rule in whole paise", () => {
    expect(toPaise(1500.05 * 10)).toBe(1_500_050);
    expect(toPaise(1.005)).toBe(101);
    expect(toPaise(-1.005)).toBe(-101);
    expect(toPaise(0)).toBe(0);
  });
});
