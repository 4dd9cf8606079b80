import { describe, expect, it } from "vitest";
import { createClock, defaultStart } from "../../../server/clock";
import { istParts } from "../../../src/core/time";

describe("paper broker clock (DESIGN.md section 4)", () => {
  it("inside market hours on a weekday, the default clock is real time", () => {
    const wed1100 = new Date("2026-11-18T05:30:00Z"); // 11:00 IST, Wednesday
    expect(defaultStart(wed1100).toISOString()).toBe(wed1100.toISOString());
  });
  it("before the open of a trading day it starts at 10:00 IST that day", () => {
    expect(defaultStart(new Date("2026-11-18T02:00:00Z")).toISOString()).toBe("2026-11-18T04:30:00.000Z");
  });
  it("after the close it starts at 10:00 IST of the next trading day", () => {
    expect(defaultStart(new Date("2026-11-18T12:00:00Z")).toISOString()).toBe("2026-11-19T04:30:00.000Z");
  });
  it("on a Sunday it starts at 10:00 IST on Monday", () => {
    const sat = new Date("2026-11-21T23:52:00Z"); // Sunday 05:22 IST
    const start = defaultStart(sat);
    expect(istParts(start).weekday).toBe(1);
    expect(start.toISOString()).toBe("2026-11-23T04:30:00.000Z");
  });
  it("SIM_TIME fixes the start and the clock runs from there at real speed", () => {
    let real = 1_000_000;
    const clock = createClock("2026-01-05T04:00:00Z", () => real);
    expect(clock.now().toISOString()).toBe("2026-01-05T04:00:00.000Z");
    real += 1500;
    expect(clock.now().toISOString()).toBe("2026-01-05T04:00:01.500Z");
  });
  it("refuses a SIM_TIME that is not a timestamp", () => {
    expect(() => createClock("tomorrow")).toThrow(/SIM_TIME/);
  });
});
