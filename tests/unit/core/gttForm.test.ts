import { describe, expect, it } from "vitest";
import { followLtp, gttFormProblem, gttFormReducer, initialGttForm, trailMovesAtOnce } from "../../../src/core/rules/gttForm";

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

// followLtp: the trigger is held and its "% from LTP" follows the live price, except in the % field the
// trader is typing in. A sell OCO opened at 1,000 (tick 0.05): target 1,050, stop-loss 950, both 5 %.
describe("the legs' % follow the live LTP", () => {
  const oco = () => gttFormReducer(ref, initialGttForm(ref, { transactionType: "SELL", triggerType: "OCO" }, 1), { type: "trigger", leg: "leg1", value: 1080 });

  it("a typed trigger stays and its % says the distance from the LTP now", () => {
    // Target 1,080 at 1,040: (1080 - 1040) / 1040 = 3.846 % -> 3.85. Stop-loss 950 below 1,040: 90 / 1040 = 8.654 % -> 8.65.
    const s = followLtp({ ltp: 1040, tickSize: 0.05 }, oco());
    expect([s.leg1.trigger, s.leg1.percent, s.leg1.price, s.leg2.trigger, s.leg2.percent]).toEqual([1080, 3.85, 1080, 950, 8.65]);
  });

  it("a trigger the price has reached reads 0 %", () => {
    expect(followLtp({ ltp: 1080, tickSize: 0.05 }, oco()).leg1.percent).toBe(0);
  });

  it("a trigger typed after the LTP moved is measured from the LTP now", () => {
    // 1,092 at 1,040: 52 / 1040 = 5 %.
    expect(gttFormReducer({ ltp: 1040, tickSize: 0.05 }, oco(), { type: "trigger", leg: "leg1", value: 1092 }).leg1.percent).toBe(5);
  });

  it("a typed % is left as typed while the trader is in it; the trigger stays as worked out, and the % follows once they leave", () => {
    const at1040 = { ltp: 1040, tickSize: 0.05 };
    // 2.5 % under 1,040: 1040 x 0.975 = 1,014.00.
    let s = gttFormReducer(at1040, followLtp(at1040, oco()), { type: "percent", leg: "leg2", value: 2.5 });
    expect([s.leg2.trigger, s.leg2.percent]).toEqual([1014, 2.5]);
    const at1050 = { ltp: 1050, tickSize: 0.05 };
    s = followLtp(at1050, s, "leg2");
    // The other leg follows: (1080 - 1050) / 1050 = 2.857 % -> 2.86.
    expect([s.leg2.trigger, s.leg2.percent, s.leg1.percent]).toEqual([1014, 2.5, 2.86]);
    // Left: (1050 - 1014) / 1050 = 3.4286 % -> 3.43; the trigger has not moved.
    s = followLtp(at1050, s);
    expect([s.leg2.trigger, s.leg2.percent, s.leg2.price]).toEqual([1014, 3.43, 1014]);
  });

  it("an LTP that changes nothing leaves the form as it was", () => {
    const s = oco();
    expect(followLtp(ref, s)).toBe(s);
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
      singleIs: "target",
    }) as const;
  it("a trail of 2 at 207.00 puts the stop typed at 197.75 at 205.00", () => {
    expect(trailMovesAtOnce(oco(2), 207, 0.05)).toEqual({ from: 197.75, to: 205 });
  });
  it("a trail of 12 leaves it where it was typed; no trail, none", () => {
    expect(trailMovesAtOnce(oco(12), 207, 0.05)).toBeUndefined();
    expect(trailMovesAtOnce(oco(0), 207, 0.05)).toBeUndefined();
  });
});
