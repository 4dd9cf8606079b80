import { describe, expect, it } from "vitest";
import { marginInputsKey, marginStanding } from "../../../../src/core/rules/marginInputs";
import { emptyOrderWindowState } from "../../../../src/core/rules/orderWindow";

/**
 * trading-core section 4: "The margin check runs 200 ms after inputs change." FINDINGS-27 5: on a
 * broker answering 1.5 s late, `buy ITC 10 @ 300`, then Quantity 40 and Price 299.5, Enter: the
 * window still said "Margin ₹3,000.00" (10 x 300), unmarked, while 40 @ 299.50 (₹11,980) went out.
 * A figure is current only for the inputs it was checked for; from the keystroke until the check of
 * the inputs on screen answers it is marked as being for the previous ones.
 */
describe("whether the margin figure is of the inputs on screen", () => {
  const itc = 1660;
  const tenAt300 = { ...emptyOrderWindowState(), quantity: 10, price: 300 };
  const checked = marginInputsKey(itc, tenAt300);

  it("checked for 10 @ 300 and still 10 @ 300: current", () => {
    expect(marginStanding(checked, marginInputsKey(itc, { ...tenAt300 }), false)).toBe("current");
  });

  it("Quantity typed to 40: the figure of 10 @ 300 is for the previous inputs", () => {
    expect(marginStanding(checked, marginInputsKey(itc, { ...tenAt300, quantity: 40 }), false)).toBe("inputsChanged");
  });

  it("Price typed to 299.5: for the previous inputs", () => {
    expect(marginStanding(checked, marginInputsKey(itc, { ...tenAt300, price: 299.5 }), false)).toBe("inputsChanged");
  });

  it("40 @ 299.50 typed and then typed back to 10 @ 300: the figure is of the inputs on screen again", () => {
    const back = { ...tenAt300, quantity: 40, price: 299.5 };
    expect(marginStanding(checked, marginInputsKey(itc, { ...back, quantity: 10, price: 300 }), false)).toBe("current");
  });

  it("the side, the product, the order type or the instrument changed: for the previous inputs", () => {
    expect(marginStanding(checked, marginInputsKey(itc, { ...tenAt300, transactionType: "SELL" }), false)).toBe("inputsChanged");
    expect(marginStanding(checked, marginInputsKey(itc, { ...tenAt300, pcode: "INTRADAY" }), false)).toBe("inputsChanged");
    expect(marginStanding(checked, marginInputsKey(itc, { ...tenAt300, priceType: "MARKET" }), false)).toBe("inputsChanged");
    expect(marginStanding(checked, marginInputsKey(1594, tenAt300), false)).toBe("inputsChanged");
  });

  it("the disclosed quantity is no input of the margin: current", () => {
    expect(marginStanding(checked, marginInputsKey(itc, { ...tenAt300, disclosedQuantity: 5 }), false)).toBe("current");
  });

  it("nothing checked yet: not current", () => {
    expect(marginStanding(undefined, checked, false)).toBe("inputsChanged");
  });

  it("the inputs unchanged, the funds moved (a fill, an order update): being rechecked", () => {
    expect(marginStanding(checked, checked, true)).toBe("fundsMoved");
  });

  it("inputs changed while the funds are rechecked: for the previous inputs (what the trader typed is what is awaited)", () => {
    expect(marginStanding(checked, marginInputsKey(itc, { ...tenAt300, quantity: 40 }), true)).toBe("inputsChanged");
  });
});
