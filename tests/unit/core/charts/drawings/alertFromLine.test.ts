import { describe, expect, it } from "vitest";
import { alertConditionForLine } from "../../../../../src/core/charts/drawings/alertFromLine";

describe("a horizontal line made an alert: its side of the last price", () => {
  it("above the LTP alerts ABOVE, below it BELOW, at it or with no LTP it is refused", () => {
    expect(alertConditionForLine(1510, 1500)).toEqual({ condition: "ABOVE" });
    expect(alertConditionForLine(1490.05, 1500)).toEqual({ condition: "BELOW" });
    expect(alertConditionForLine(1500, 1500)).toEqual({ problem: "The line is at the last price: move it a tick up or down first" });
    expect(alertConditionForLine(1500, undefined)).toEqual({ problem: "No last price yet to tell whether the line is above or below it" });
  });
});
