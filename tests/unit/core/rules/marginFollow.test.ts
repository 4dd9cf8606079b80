import { describe, expect, it } from "vitest";
import { marginFollowsPrice, priceRecheckDelay } from "../../../../src/core/rules/marginFollow";

/**
 * The rule (core/rules/marginFollow.ts): a MARKET order's margin is checked again when the price
 * moves at least 5 basis points (0.05%) from the price checked at, but never sooner than 2 s after
 * the last check; a smaller move 10 s after it; the price checked at needs nothing.
 * GOLD27FEBFUT was checked at 1,17,634 (a band of 1,17,634 x 0.0005 = 58.817 rupees).
 */
const checked = { ltp: 117_634, atMs: 1_000_000 };

describe("when a price move calls for the margin to be checked again", () => {
  it("the price checked at: nothing to ask", () => {
    expect(priceRecheckDelay(checked, 117_634, 1_060_000)).toBeUndefined();
  });

  it("a move beyond the band, 3 s after the check: now", () => {
    // 117,634 - 117,524 = 110 >= 58.817 (the screenshot's move: ₹23,52,580 to ₹23,51,480 for 2 lots of 10 at 10%).
    expect(priceRecheckDelay(checked, 117_524, 1_003_000)).toBe(0);
  });

  it("a move beyond the band 0.5 s after the check: when 2 s have passed, 1.5 s from now", () => {
    expect(priceRecheckDelay(checked, 117_700, 1_000_500)).toBe(1_500);
  });

  it("a move within the band (2 rupees) 3 s after the check: 10 s after the check, 7 s from now", () => {
    expect(priceRecheckDelay(checked, 117_636, 1_003_000)).toBe(7_000);
  });

  it("a move within the band 12 s after the check: now", () => {
    expect(priceRecheckDelay(checked, 117_632, 1_012_000)).toBe(0);
  });

  it("the band's edge: 58 rupees is within it, 59 beyond", () => {
    expect(priceRecheckDelay(checked, 117_634 + 58, 1_003_000)).toBe(7_000);
    expect(priceRecheckDelay(checked, 117_634 - 59, 1_003_000)).toBe(0);
  });

  it("no price yet (0): nothing to ask", () => {
    expect(priceRecheckDelay(checked, 0, 1_003_000)).toBeUndefined();
    expect(priceRecheckDelay({ ltp: 0, atMs: 0 }, 117_634, 1_003_000)).toBeUndefined();
  });

  it("only MARKET follows the price: SL-M's margin is at its trigger, LIMIT's and SL's at their price", () => {
    expect(marginFollowsPrice("MARKET")).toBe(true);
    expect(marginFollowsPrice("SLM")).toBe(false);
    expect(marginFollowsPrice("LIMIT")).toBe(false);
    expect(marginFollowsPrice("SL")).toBe(false);
  });
});
