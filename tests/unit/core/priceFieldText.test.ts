import { describe, expect, it } from "vitest";
import { priceFieldText } from "../../../src/core/format";
import { gttDefaultPrices } from "../../../src/core/rules/gtt";

// The GTT form's default trigger read "26135.7" where every price is written with the exchange's
// decimals: "Price decimals: 4 for currency exchanges, 2 otherwise" and "Prices are rounded to the tickSize".
describe("a price written into a price field", () => {
  it("has the exchange's decimals, without grouping (the field reads it back as a number)", () => {
    expect(priceFieldText(26135.7, "NSEFO")).toBe("26135.70");
    expect(priceFieldText(1300, "NSEEQ")).toBe("1300.00");
    expect(priceFieldText(83.4, "NSECURR")).toBe("83.4000");
  });

  it("keeps every decimal of a price that has more (an off-tick price is shown as it is, never rounded out of sight)", () => {
    expect(priceFieldText(1300.125, "NSEEQ")).toBe("1300.125");
  });

  it("is empty for no price", () => {
    expect(priceFieldText(0, "NSEEQ")).toBe("");
  });

  // "GTT default prices are 5 percent from the last price": a NIFTY future at 27,511.25 (tick 0.05) stops at
  // 27,511.25 x 0.95 = 26,135.6875, on the tick 26,135.70, written "26135.70"; its target 28,886.8125 -> 28,886.80.
  it("the GTT default trigger lands on the tick and is written with two decimals", () => {
    const d = gttDefaultPrices(27511.25, "SELL", 0.05);
    expect(priceFieldText(d.stopLossTriggerPrice, "NSEFO")).toBe("26135.70");
    expect(priceFieldText(d.targetTriggerPrice, "NSEFO")).toBe("28886.80");
  });
});
