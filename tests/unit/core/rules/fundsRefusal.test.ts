import { describe, expect, it } from "vitest";
import { fundsRefusalDetail, fundsRefusalFigures } from "../../../../src/core/rules/fundsRefusal";
import { checkSufficientFunds } from "../../../../src/core/rules/orderValidation";

describe("the insufficient-funds refusal's figures", () => {
  it("are read back from the message the broker sends (the explorer's GOLD refusal)", () => {
    expect(fundsRefusalFigures("Insufficient funds: required ₹23,51,480.00, available ₹12,75,093.01")).toEqual({ required: 2_351_480, available: 1_275_093.01 });
  });

  it("a message without them (another broker's words) has none", () => {
    expect(fundsRefusalFigures("Insufficient funds")).toBeUndefined();
    expect(fundsRefusalFigures("RMS: margin shortfall")).toBeUndefined();
  });

  it("the broker's check writes what is read back", () => {
    const refused = checkSufficientFunds(37_72_800, 12_75_093.01);
    expect(refused.ok).toBe(false);
    expect(fundsRefusalDetail(37_72_800, 12_75_093.01)).toBe("required ₹37,72,800.00, available ₹12,75,093.01");
    expect(fundsRefusalFigures(fundsRefusalDetail(37_72_800, 12_75_093.01))).toEqual({ required: 3_772_800, available: 1_275_093.01 });
  });
});
