import { describe, expect, it } from "vitest";
import { draggedPrice, movedPrice, TICKS_PER_SHIFT_STEP } from "../../../../../src/core/charts/orderLines/move";
import { crosshairOrder } from "../../../../../src/core/charts/orderLines/crosshairOrder";

describe("movedPrice: ↑/↓ move a line by ticks", () => {
  it.each<[string, number, number, number, number]>([
    // Rule 1: one tick of 0.05 up from 1500.00 is 1500.05; three are 1500.15 (not 1500.1500000000001).
    ["one tick up", 1500, 1, 0.05, 1500.05],
    ["three ticks up, no floating tail", 1500, 3, 0.05, 1500.15],
    ["one tick down", 1500, -1, 0.05, 1499.95],
    // Shift: TICKS_PER_SHIFT_STEP = 10 ticks of 0.05 is 0.50.
    ["Shift: ten ticks", 1500, TICKS_PER_SHIFT_STEP, 0.05, 1500.5],
    // Rule 2: 1500.03 is off a 0.05 tick; the nearest tick is 1500.05, one up is 1500.10.
    ["off the tick: nearest first, then moved", 1500.03, 1, 0.05, 1500.1],
    // 0.0025 currency tick: 83.5 + 2 x 0.0025 = 83.505.
    ["a currency tick", 83.5, 2, 0.0025, 83.505],
    // Rule 3: 0.10 down three ticks would be -0.05: it stops at one tick, 0.05.
    ["never below one tick", 0.1, -3, 0.05, 0.05],
  ])("%s", (_n, price, ticks, tick, expected) => {
    expect(movedPrice(price, ticks, tick)).toBe(expected);
  });

  it("a drag lands on the nearest tick (halves away from zero), at least one tick", () => {
    expect(draggedPrice(1500.074, 0.05)).toBe(1500.05);
    expect(draggedPrice(1500.075, 0.05)).toBe(1500.1);
    expect(draggedPrice(-4, 0.05)).toBe(0.05);
  });
});

describe("crosshairOrder: b / s at the crosshair", () => {
  it.each<[string, "BUY" | "SELL", number, number, ReturnType<typeof crosshairOrder>]>([
    // Rule 2: a buy below the last price 1500 waits as a LIMIT at 1490.
    ["buy below the price: LIMIT", "BUY", 1490, 1500, { priceType: "LIMIT", price: 1490 }],
    ["buy at the price: LIMIT", "BUY", 1500, 1500, { priceType: "LIMIT", price: 1500 }],
    // Rule 3: a buy above 1500 needs a stop: trigger 1510, price one tick of 0.05 above, 1510.05.
    ["buy above the price: SL, price a tick above the trigger", "BUY", 1510, 1500, { priceType: "SL", triggerPrice: 1510, price: 1510.05 }],
    ["sell above the price: LIMIT", "SELL", 1510, 1500, { priceType: "LIMIT", price: 1510 }],
    // A sell below 1500: trigger 1490, price one tick below, 1489.95.
    ["sell below the price: SL, price a tick below the trigger", "SELL", 1490, 1500, { priceType: "SL", triggerPrice: 1490, price: 1489.95 }],
    // Rule 1: 1490.123 is put on the 0.05 tick first: 1490.10.
    ["the crosshair's price on the tick", "BUY", 1490.123, 1500, { priceType: "LIMIT", price: 1490.1 }],
    // Rule 4: no last price: a LIMIT.
    ["no last price: LIMIT", "SELL", 1490, 0, { priceType: "LIMIT", price: 1490 }],
  ])("%s", (_n, side, at, ltp, expected) => {
    expect(crosshairOrder(side, at, ltp, 0.05)).toEqual(expected);
  });
});
