import { describe, expect, it } from "vitest";
import { toastMs } from "../../../../src/core/rules/toastTime";

/**
 * Decision (the spec's toast duration is 4,500 ms, cancels' errors 5,000 ms, whatever the text): a
 * toast stays its set time or as long as its words take to read, whichever is longer: a second to
 * notice it and 240 ms a word (250 words a minute). Word counts below are counted by hand.
 */
describe("how long a toast stays", () => {
  it("a fill toast of 12 words keeps the spec's 4,500 ms (1,000 + 12 × 240 = 3,880 is shorter)", () => {
    expect(toastMs("Filled: Qty 10 BUY INFY-EQ @ ₹1,501.25 (MARKET Order) DELIVERY, order 2612060000123", 4500)).toBe(4500);
  });

  it("a GTT placed with the loss-limit warning, 47 words, stays 1,000 + 47 × 240 = 12,280 ms", () => {
    const text =
      "GTT Placed Successfully: Qty 10 BUY INFY-EQ trigger ₹1,000.00 @ ₹1,001.00 (SINGLE GTT). The day's loss limit has tripped (Maximum loss: ₹300.00 of ₹200.00): an order this GTT triggers today will be refused and the GTT will end Failed; it can still trigger on a later day";
    expect(toastMs(text, 4500)).toBe(12_280);
  });

  it("a cancel's error keeps its 5,000 ms when short; spaces and line breaks do not count as words", () => {
    expect(toastMs("Not cancelled: order 12. Reason: EC993", 5000)).toBe(5000);
    expect(toastMs("  a\n\nb  ", 0)).toBe(1480);
  });
});
