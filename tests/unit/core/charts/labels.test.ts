import { describe, expect, it } from "vitest";
import { axisPrice } from "../../../../src/core/charts/labels";

// labels.ts: "none below zero where the chart's prices never went there … a commodity future that
// did trade below zero keeps its negative marks."
describe("the price axis below zero", () => {
  const format = (v: number) => v.toFixed(2);
  it("an option whose lowest price is 0.05: no mark below zero, every mark from zero up", () => {
    expect([-4, -2, -0.05, 0, 2, 4].map((v) => axisPrice(v, 0.05, format))).toEqual(["", "", "", "0.00", "2.00", "4.00"]);
  });
  it("a future that traded at -37.63: its negative marks stay", () => {
    expect([-40, -20, 0].map((v) => axisPrice(v, -37.63, format))).toEqual(["-40.00", "-20.00", "0.00"]);
  });
});
