import { describe, expect, it } from "vitest";
import { marginAskDelay, marginPricesKey } from "../../../../src/core/strategy/marginPace";

// The rule: "The margin check runs 200 ms after inputs change" (trading-core section 4); a re-read
// for the prices alone no sooner than 2 s after the last ask began (marginPace.ts).
describe("when the strategy pane asks its margin again", () => {
  it("asks 200 ms after the legs change, however recently it asked", () => {
    expect(marginAskDelay({ legsChanged: true, now: 10_000, lastAskedAt: 9_900 })).toBe(200);
  });
  it("asks 200 ms after a first change when nothing was asked yet", () => {
    expect(marginAskDelay({ legsChanged: false, now: 10_000, lastAskedAt: undefined })).toBe(200);
  });
  it("for prices alone, waits till 2 s after the last ask began: asked at 9,500, now 10,000, so 1,500 ms", () => {
    expect(marginAskDelay({ legsChanged: false, now: 10_000, lastAskedAt: 9_500 })).toBe(1_500);
  });
  it("for prices alone long after the last ask, the debounce: 200 ms", () => {
    expect(marginAskDelay({ legsChanged: false, now: 20_000, lastAskedAt: 9_500 })).toBe(200);
  });
  it("ticks twice a second for 10 s: at most 5 asks, not 20 (one per 2 s window)", () => {
    // Each tick restarts the wait (the caller clears its timer), as the order window's debounce does; the target time holds.
    let asked: number | undefined;
    let due: number | undefined;
    const asks: number[] = [];
    for (let t = 0; t < 10_000; t += 50) {
      if (due !== undefined && t >= due) {
        asks.push(t);
        asked = t;
        due = undefined;
      }
      if (t % 500 === 0) due = t + marginAskDelay({ legsChanged: false, now: t, lastAskedAt: asked });
    }
    expect(asks.length).toBe(5);
    expect(asks.slice(1).every((t, i) => t - asks[i]! >= 2_000)).toBe(true);
  });
  it("keys the prices it was read at, a missing price as 0", () => {
    expect(marginPricesKey([77.45, undefined, 71.75])).toBe("77.45|0|71.75");
  });
});
