import { describe, expect, it } from "vitest";
import { gttTrippedWarning } from "../../../src/core/rules/gttLossLimit";

// A day that lost ₹300.00 against a maximum loss of ₹200.00, tripped on 2026-12-04 (IST).
const row = {
  tripped: "loss" as const,
  day: "2026-12-04",
  dayPnl: -300,
  headroom: [
    { name: "loss" as const, limit: 200, used: 300, left: 0 },
    { name: "orders" as const, limit: 0, used: 2, left: 0 },
    { name: "positionValue" as const, limit: 0, used: 11_200, left: 0 },
  ],
};

describe("a GTT placed after the day's loss limit tripped", () => {
  it("is warned that an order it triggers today is refused, with the trip's figures", () => {
    expect(gttTrippedWarning(row, "2026-12-04")).toBe(
      "The day's loss limit has tripped (Maximum loss: ₹300.00 of ₹200.00): an order this GTT triggers today will be refused and the GTT will end Failed; it can still trigger on a later day",
    );
  });

  it("names the orders limit by its count", () => {
    const orders = { ...row, tripped: "orders" as const, headroom: [row.headroom[0]!, { name: "orders" as const, limit: 1, used: 2, left: 0 }, row.headroom[2]!] };
    expect(gttTrippedWarning(orders, "2026-12-04")).toContain("(Maximum orders: order 2 of 1)");
  });

  it("says nothing on a day that has not tripped, on the next day, or before the limits are read", () => {
    expect(gttTrippedWarning({ ...row, tripped: "" }, "2026-12-04")).toBeUndefined();
    expect(gttTrippedWarning(row, "2026-12-05")).toBeUndefined();
    expect(gttTrippedWarning(undefined, "2026-12-04")).toBeUndefined();
  });
});
