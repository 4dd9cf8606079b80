import { describe, expect, it } from "vitest";
import { limitWithTrigger } from "../../../src/core/rules/stopLimit";

/**
 * README, Risk desk: "On an SL order (`@ PRICE sl TRIGGER trail 5`) the limit moves with the
 * trigger", and the same when a trader moves an SL order's line on the chart (FINDINGS-29 7): the
 * limit moves by as many ticks as the trigger, so the gap the trader chose between them stays.
 * Every expected figure is worked out by hand.
 */
describe("an SL order's limit moves with its trigger", () => {
  it("a sell stop lowered three rupees: 1,126 → 1,123 takes the limit 1,125 → 1,122", () => {
    expect(limitWithTrigger(1125, 1126, 1123, 0.05)).toBe(1122);
  });
  it("a buy stop raised 1.25: trigger 100.00 → 101.25 takes the limit 100.50 → 101.75", () => {
    expect(limitWithTrigger(100.5, 100, 101.25, 0.05)).toBe(101.75);
  });
  it("on a currency's tick of 0.0025: trigger 84.5000 → 84.5100 (4 ticks) takes the limit 84.4900 → 84.5000", () => {
    expect(limitWithTrigger(84.49, 84.5, 84.51, 0.0025)).toBe(84.5);
  });
  it("a trigger that does not move leaves the limit where it is", () => {
    expect(limitWithTrigger(1125, 1126, 1126, 0.05)).toBe(1125);
  });
  it("the limit is not held at one tick: a sell stop's limit 0.50 under a trigger 1.00 lowered to 0.40 is −0.10 (the move is refused, not made into another gap)", () => {
    expect(limitWithTrigger(0.5, 1, 0.4, 0.05)).toBe(-0.1);
  });
});
