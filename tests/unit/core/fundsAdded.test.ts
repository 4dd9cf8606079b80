import { describe, expect, it } from "vitest";
import { fundsAddedText } from "../../../src/core/rules/funds";

/**
 * Add funds (paper mode): "rupees into the client's one cash pool" (README; POST v2/funds/add). The
 * pool is one for every segment (src/core/rules/funds.ts: "Every row shows the same pool"), so the
 * toast says where the money went, that pool, for Equity and F&O alike (FINDINGS-30 #6: the dialog
 * asked for a segment the broker never used, and the toast named none). Worked by hand: 50000 in
 * Indian grouping with paise is 50,000.00; 1234567.5 is 12,34,567.50.
 */
describe("the add-funds toast says where the money went", () => {
  it("₹50,000.00 into the one cash pool, for Equity and F&O alike", () =>
    expect(fundsAddedText(50000)).toBe("₹50,000.00 added to your funds: one cash pool, for Equity and F&O alike"));
  it("lakhs grouped the Indian way, paise kept", () =>
    expect(fundsAddedText(1234567.5)).toBe("₹12,34,567.50 added to your funds: one cash pool, for Equity and F&O alike"));
});
