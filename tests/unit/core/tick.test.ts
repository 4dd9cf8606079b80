import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { ceilToTick, floorToTick, fromTicks, isOnTick, roundToTick, stepByTicks, toTicks } from "../../../src/core/rules/tick";

describe("tick arithmetic in integer units", () => {
  // "Prices are rounded to the tickSize."
  it.each([
    [1500.03, 0.05, 1500.05],
    [1500.02, 0.05, 1500],
    [1500.025, 0.05, 1500.05],
    [83.12345, 0.0025, 83.1225],
    [0.3, 0.1, 0.3],
    [101.7, 1, 102],
    [2950.5, 0.05, 2950.5],
  ])("%f with tick %f rounds to %f", (price, tick, expected) => {
    expect(roundToTick(price, tick)).toBe(expected);
  });

  it("floating-point sums that look off-tick are on tick", () => {
    expect(isOnTick(0.1 + 0.2, 0.1)).toBe(true);
    expect(isOnTick(1500.05, 0.05)).toBe(true);
    expect(isOnTick(1500.06, 0.05)).toBe(false);
    expect(isOnTick(83.1225, 0.0025)).toBe(true);
    expect(isOnTick(83.1226, 0.0025)).toBe(false);
  });

  it("steps by ticks without a floating-point tail", () => {
    expect(stepByTicks(0.1, 0.05, 4)).toBe(0.3);
    expect(stepByTicks(1500, 0.05, -1)).toBe(1499.95);
    expect(toTicks(1499.95, 0.05)).toBe(29999);
    expect(fromTicks(29999, 0.05)).toBe(1499.95);
  });

  it("a rounded price is always on tick (property)", () => {
    fc.assert(
      fc.property(fc.double({ min: 0.01, max: 1e6, noNaN: true }), fc.constantFrom(0.01, 0.05, 0.1, 0.0025, 0.25, 1, 5), (p, t) =>
        isOnTick(roundToTick(p, t), t),
      ),
    );
  });
});

describe("floor and ceiling to the tick (the simulator's circuit limits)", () => {
  it.each([
    [1500.04, 0.05, 1500, 1500.05],
    [1500.05, 0.05, 1500.05, 1500.05],
    [0.3, 0.1, 0.3, 0.3], // 0.1 + 0.2 style tails do not push a price off its own tick
    [83.1234, 0.0025, 83.1225, 83.125],
    [1649.99, 5, 1645, 1650],
  ])("%f with tick %f: floor %f, ceiling %f", (price, tick, floor, ceil) => {
    expect(floorToTick(price, tick)).toBe(floor);
    expect(ceilToTick(price, tick)).toBe(ceil);
  });
});
