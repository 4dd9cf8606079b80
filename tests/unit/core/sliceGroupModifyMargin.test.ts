import { describe, expect, it } from "vitest";
import { groupModifyMargin, groupModifyMarginBasis } from "../../../src/core/rules/groupModifyMargin";

/**
 * The rule (core/rules/groupModifyMargin.ts): "the margin a group modify needs is the new margin of
 * all open slices less the margin all of them already block". Each slice's check answers what it
 * would block on the new terms and "the trading limit plus what that slice blocks now".
 *
 * The set-up line: `buy NIFTY ATM PE 1875 @ 10` goes out as 1800 + 75. An option buy blocks its
 * premium, price × quantity (core/rules/margin.ts: "option buy | the premium (price x quantity)"):
 * at 10 the slices block 18,000 and 750; modified to 12 they would block 21,600 and 900.
 */
describe("the margin a group modify needs", () => {
  it("1800 + 75 from 10 to 12 with a trading limit of 4,000: needs 22,500 − 18,750 = 3,750, which the limit covers", () => {
    // Slice 1's check: holds 1800 × 12 = 21,600; available 4,000 + 18,000 = 22,000.
    // Slice 2's check: holds 75 × 12 = 900; available 4,000 + 750 = 4,750.
    const m = groupModifyMargin([{ holds: 21_600, available: 22_000 }, { holds: 900, available: 4_750 }], 4_000);
    expect(m).toEqual({ required: 22_500, blocked: 18_750, available: 22_750, needs: 3_750 });
    // Covered: 3,750 ≤ 4,000, i.e. required 22,500 ≤ available 22,750. Slice 1's release alone
    // (available 22,000 against 22,500) read as 500 short.
    expect(m.required).toBeLessThanOrEqual(m.available);
  });

  it("the same terms again needs nothing: what the slices would block is what they block", () => {
    // 1800 × 10 = 18,000 and 75 × 10 = 750, limit 4,000.
    expect(groupModifyMargin([{ holds: 18_000, available: 22_000 }, { holds: 750, available: 4_750 }], 4_000)).toEqual({ required: 18_750, blocked: 18_750, available: 22_750, needs: 0 });
  });

  it("a lower price releases margin: from 10 to 8 needs 15,000 − 18,750 = −3,750", () => {
    // 1800 × 8 = 14,400 and 75 × 8 = 600.
    expect(groupModifyMargin([{ holds: 14_400, available: 22_000 }, { holds: 600, available: 4_750 }], 4_000).needs).toBe(-3_750);
  });

  it("a trading limit below zero counts as zero, as each check's available margin does (funds.ts: 'never below zero')", () => {
    // The checks answered 0 + 18,000 and 0 + 750 with the limit at −200.
    expect(groupModifyMargin([{ holds: 21_600, available: 18_000 }, { holds: 900, available: 750 }], -200)).toEqual({ required: 22_500, blocked: 18_750, available: 18_750, needs: 3_750 });
  });

  it("paise add up to the paisa: 0.1 + 0.2 blocked reads 0.30", () => {
    // Limit 100: available 100.10 and 100.20 are 0.10 and 0.20 blocked.
    expect(groupModifyMargin([{ holds: 0.1, available: 100.1 }, { holds: 0.2, available: 100.2 }], 100)).toEqual({ required: 0.3, blocked: 0.3, available: 100.3, needs: 0 });
  });

  it("the window's line names what the slices block, what they would, and what the modify takes or gives back", () => {
    const up = groupModifyMargin([{ holds: 21_600, available: 22_000 }, { holds: 900, available: 4_750 }], 4_000);
    expect(groupModifyMarginBasis(up, 2, "Option buy: the premium")).toBe("The 2 open slices block ₹18,750.00 now and would block ₹22,500.00: the modify needs ₹3,750.00 of the trading limit. Option buy: the premium");
    const down = groupModifyMargin([{ holds: 14_400, available: 22_000 }, { holds: 600, available: 4_750 }], 4_000);
    expect(groupModifyMarginBasis(down, 2)).toBe("The 2 open slices block ₹18,750.00 now and would block ₹15,000.00: the modify releases ₹3,750.00");
  });
});
