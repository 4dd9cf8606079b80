import { describe, expect, it } from "vitest";
import { budgetLow, formatWait, parseRateLimit, RateLog } from "../../../src/core/rules/rateLimit";

/** Issue 19: "10 orders per second, 400 per minute, 5,000 per day ... amber below 20 %." */
describe("order rate limits (sliding windows)", () => {
  it("parses ORDER_RATE_LIMIT and refuses malformed parts with the reason", () => {
    expect(parseRateLimit("10/s,400/min,5000/day")).toEqual([
      { unit: "s", limit: 10 },
      { unit: "min", limit: 400 },
      { unit: "day", limit: 5000 },
    ]);
    expect(parseRateLimit("off")).toEqual([]);
    expect(String(parseRateLimit("10/s,5/s"))).toMatch(/given twice/);
    expect(String(parseRateLimit("0/s"))).toMatch(/"0\/s"/);
    expect(String(parseRateLimit("ten/s"))).toMatch(/"ten\/s"/);
  });

  it("budget: what is left of each window and when the next slot opens", () => {
    const log = new RateLog([{ unit: "s", limit: 3 }, { unit: "min", limit: 5 }]);
    log.record(0);
    log.record(200);
    log.record(400);
    // At 500 ms: 3 of 3 this second (next slot when the send at 0 is 1 s old: 500 ms), 3 of 5 this minute.
    expect(log.budget(500)).toEqual([
      { unit: "s", limit: 3, left: 0, nextSlotMs: 500 },
      { unit: "min", limit: 5, left: 2, nextSlotMs: 0 },
    ]);
    expect(log.waitMs(500)).toBe(500);
    // At exactly 1000 ms the send at 0 has left the second.
    expect(log.waitMs(1000)).toBe(0);
    log.record(1000);
    log.record(1200);
    // Five in the minute: the next when the send at 0 is a minute old.
    expect(log.waitMs(1300)).toBe(60_000 - 1300);
    // Two more at once wait for the two oldest (0 and 200) to leave the minute.
    expect(log.waitMs(1300, 2)).toBe(60_200 - 1300);
    expect(log.waitMs(1300, 4)).toBe(Infinity);
  });

  it("a client learns the broker's sends as ages", () => {
    const log = new RateLog([{ unit: "s", limit: 10 }]);
    log.resetTo(10_000, [100, 900, 1500]);
    // The send 1.5 s ago is outside the second; two are inside.
    expect(log.budget(10_000)[0]?.left).toBe(8);
    expect(log.agesMs(10_000)).toEqual([900, 100]);
  });

  it("amber below 20 % of a window", () => {
    expect(budgetLow({ unit: "s", limit: 10, left: 2, nextSlotMs: 0 })).toBe(false);
    expect(budgetLow({ unit: "s", limit: 10, left: 1, nextSlotMs: 0 })).toBe(true);
    expect(budgetLow({ unit: "min", limit: 400, left: 79, nextSlotMs: 0 })).toBe(true);
  });

  it("says the wait in words", () => {
    expect(formatWait(430)).toBe("0.5 s");
    expect(formatWait(20_000)).toBe("20 s");
    expect(formatWait(150_000)).toBe("3 min");
  });
});
