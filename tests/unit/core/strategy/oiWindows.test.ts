import { describe, expect, it } from "vitest";
import { oiWindow, oiWindows, type OiMinute } from "../../../../src/core/strategy/oiWindows";

/** Issue 31: OI build-up over the last 5, 15 and 30 minutes, from the broker's per-minute history. */
const at = (hhmm: string) => Date.parse(`2026-11-23T${hhmm}:00+05:30`);
const history: OiMinute[] = [
  { time: at("09:15"), oi: 1000, ltp: 100 },
  { time: at("09:20"), oi: 1300, ltp: 104 },
  { time: at("09:30"), oi: 1200, ltp: 110 },
  { time: at("09:40"), oi: 1500, ltp: 108 },
];

describe("OI windows", () => {
  // Now 09:45:30 with OI 1,600 at 109.
  const now = { time: at("09:45") + 30_000, oi: 1600, ltp: 109 };
  it("5 minutes back from the 09:45 minute is the end of 09:40: OI +100, price +1, long build-up", () => {
    expect(oiWindow(history, now, 5)).toEqual({ minutes: 5, oiChange: 100, priceChange: 1, buildUp: "Long build-up" });
  });
  it("15 back is 09:30 (1,200 at 110): OI +400, price −1, short build-up; 30 back is 09:15: +600, +9", () => {
    expect(oiWindows(history, now).map((w) => [w.minutes, w.oiChange, w.priceChange, w.buildUp])).toEqual([
      [5, 100, 1, "Long build-up"],
      [15, 400, -1, "Short build-up"],
      [30, 600, 9, "Long build-up"],
    ]);
  });
  it("a minute with no entry reads the latest before it: 25 back is 09:20 (1,300 at 104)", () => {
    expect(oiWindow(history, now, 25)).toMatchObject({ oiChange: 300, priceChange: 5 });
  });
  it("before the history starts, its first entry stands in (the opening figures)", () => {
    expect(oiWindow(history, now, 45)).toMatchObject({ oiChange: 600, priceChange: 9 });
  });
  it("OI down with price up is short covering; down with price down long unwinding; no history is neutral", () => {
    expect(oiWindow(history, { ...now, oi: 1100, ltp: 112 }, 15).buildUp).toBe("Short covering");
    expect(oiWindow(history, { ...now, oi: 1100, ltp: 105 }, 15).buildUp).toBe("Long unwinding");
    expect(oiWindow([], now, 5)).toEqual({ minutes: 5, oiChange: 0, priceChange: 0, buildUp: "Neutral" });
  });
});
