import { describe, expect, it } from "vitest";
import { gttFormProblem, gttFormReducer, initialGttForm, trailMovesAtOnce } from "../../../src/core/rules/gttForm";

const ref = { ltp: 1000, tickSize: 0.05 };

describe("GTT form numbers", () => {
  // "GTT default prices are 5 percent from the last price. The stop-loss side is opposite to the target side."
  it("a sell opens with the target 5% above and the stop-loss 5% below the last price", () => {
    const s = initialGttForm(ref, { transactionType: "SELL" }, 1);
    expect([s.leg1.trigger, s.leg1.percent, s.leg2.trigger, s.leg2.percent]).toEqual([1050, 5, 950, 5]);
    expect([s.leg1.price, s.leg2.price, s.quantity, s.triggerType]).toEqual([1050, 950, 1, "SINGLE"]);
  });

  it("a buy opens with the target 5% below and the stop-loss 5% above", () => {
    const s = initialGttForm(ref, { transactionType: "BUY" }, 75);
    expect([s.leg1.trigger, s.leg2.trigger, s.quantity]).toEqual([950, 1050, 75]);
  });

  it("a pre-filled line keeps its prices and shows their percentages", () => {
    const s = initialGttForm(ref, { transactionType: "SELL", triggerType: "OCO", quantity: 10, leg1: { trigger: 1100 }, leg2: { trigger: 900, price: 895 } }, 1);
    expect(s.leg1).toEqual({ trigger: 1100, price: 1100, percent: 10, priceTyped: false });
    expect(s.leg2).toEqual({ trigger: 900, price: 895, percent: 10, priceTyped: true });
  });

  // "stop-loss and target percentages kept in step with prices"
  it("typing a trigger updates its percentage, and typing a percentage updates its trigger on the tick", () => {
    let s = initialGttForm(ref, { transactionType: "SELL", triggerType: "OCO" }, 1);
    s = gttFormReducer(ref, s, { type: "trigger", leg: "leg1", value: 1080 });
    expect([s.leg1.trigger, s.leg1.percent, s.leg1.price]).toEqual([1080, 8, 1080]);
    s = gttFormReducer(ref, s, { type: "percent", leg: "leg2", value: 2.5 });
    expect([s.leg2.trigger, s.leg2.percent, s.leg2.price]).toEqual([975, 2.5, 975]);
    s = gttFormReducer(ref, s, { type: "percent", leg: "leg2", value: 3.333 });
    expect(s.leg2.trigger).toBe(966.65);
  });

  it("a typed price stops following the trigger", () => {
    let s = initialGttForm(ref, { transactionType: "BUY" }, 1);
    s = gttFormReducer(ref, s, { type: "price", leg: "leg1", value: 951 });
    s = gttFormReducer(ref, s, { type: "trigger", leg: "leg1", value: 940 });
    expect([s.leg1.trigger, s.leg1.price]).toEqual([940, 951]);
  });

  it("flipping the side keeps the distances and moves the legs to the other side", () => {
    let s = initialGttForm(ref, { transactionType: "SELL", triggerType: "OCO" }, 1);
    s = gttFormReducer(ref, s, { type: "percent", leg: "leg1", value: 10 });
    s = gttFormReducer(ref, s, { type: "side", value: "BUY" });
    expect([s.leg1.trigger, s.leg1.percent, s.leg2.trigger, s.leg2.percent]).toEqual([900, 10, 1050, 5]);
  });

  it.each([
    [{ quantity: 0 }, 1, "Enter a quantity"],
    [{ quantity: 10 }, 75, "Quantity must be a multiple of the lot size 75"],
  ])("refuses %o with lot %i", (over, lot, msg) => {
    expect(gttFormProblem({ ...initialGttForm(ref, { transactionType: "BUY" }, 1), ...over }, lot)).toBe(msg);
  });

  it("names the empty leg", () => {
    let s = initialGttForm(ref, { transactionType: "BUY", triggerType: "OCO" }, 1);
    s = gttFormReducer(ref, s, { type: "trigger", leg: "leg2", value: 0 });
    expect(gttFormProblem(s, 1)).toBe("Enter the stop-loss trigger price");
    expect(gttFormProblem(gttFormReducer(ref, s, { type: "triggerType", value: "SINGLE" }), 1)).toBeUndefined();
  });
});

// gttForm.ts trailMovesAtOnce, by trail.ts's rule: "moved in the order's favour by the most whole jumps
// that keep it at least the trail away from the price". An OCO sell at a price of 207.00, its stop-loss
// typed at 197.75, a trail of 2 points and a jump of one tick (0.05): the stop may go up to 207 − 2 =
// 205.00, 145 ticks, so it stands at 205.00 at once. A trail of 12 leaves it: 207 − 12 = 195 is below 197.75.
describe("a trail that moves the stop at once", () => {
  const oco = (trail: number) =>
    ({
      transactionType: "SELL",
      triggerType: "OCO",
      quantity: 75,
      leg1: { trigger: 217.35, price: 217.35, percent: 5, priceTyped: false },
      leg2: { trigger: 197.75, price: 197.75, percent: 4.47, priceTyped: false },
      trail: { value: trail, unit: "POINTS", jump: 0 },
    }) as const;
  it("a trail of 2 at 207.00 puts the stop typed at 197.75 at 205.00", () => {
    expect(trailMovesAtOnce(oco(2), 207, 0.05)).toEqual({ from: 197.75, to: 205 });
  });
  it("a trail of 12 leaves it where it was typed; no trail, none", () => {
    expect(trailMovesAtOnce(oco(12), 207, 0.05)).toBeUndefined();
    expect(trailMovesAtOnce(oco(0), 207, 0.05)).toBeUndefined();
  });
});
