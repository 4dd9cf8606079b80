import { describe, expect, it } from "vitest";
import { retryAtOf } from "../../../../src/core/rules/retryTimer";

const deviceNow = Date.parse("2026-11-23T18:00:00.000Z");

describe("the retry timer's end on the device clock", () => {
  it("counts the broker's retryAfterSeconds from the device's now, whatever instant the broker's own clock names", () => {
    // The paper broker's clock stood on 24 Nov while the device read 23 Nov 18:00: 900 s later is 18:15.
    const answer = { retryAfterSeconds: 900, retryAt: "2026-11-24T05:53:05.000Z" };
    expect(retryAtOf(answer, deviceNow)).toBe("2026-11-23T18:15:00.000Z");
  });

  it("takes the broker's instant when it names no duration", () => {
    expect(retryAtOf({ retryAt: "2026-11-23T18:05:00.000Z" }, deviceNow)).toBe("2026-11-23T18:05:00.000Z");
  });

  it("falls back to the 15-minute lock when the answer names neither, or names them badly", () => {
    expect(retryAtOf(undefined, deviceNow)).toBe("2026-11-23T18:15:00.000Z");
    expect(retryAtOf({ retryAfterSeconds: -5, retryAt: "soon" }, deviceNow)).toBe("2026-11-23T18:15:00.000Z");
  });
});
