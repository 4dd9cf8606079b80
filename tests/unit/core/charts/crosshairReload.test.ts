import { describe, expect, it } from "vitest";
import { keptCursor } from "../../../../src/core/charts/crosshair";

/** An instant from an IST wall time of the sample day (IST is UTC+05:30). */
const ist = (hhmm: string) => Date.parse(`2026-11-23T${hhmm}:00+05:30`);
/** Five-minute bars from 09:15, `n` of them. */
const fives = (n: number) => Array.from({ length: n }, (_, i) => ({ time: ist("09:15") + i * 300_000 }));

describe("rule 8 of core/charts/crosshair.ts: the crosshair keeps its bar by time across a reload", () => {
  it("a jump from 11:00 to 14:00 at 5 minutes: the crosshair on 10:50 (bar 19 of 22) is on 10:50 of the 58 bars after", () => {
    // 09:15 + 19 x 5 min = 10:50; after the reload the bars run 09:15 to 14:00 (58), and 10:50 is still bar 19.
    expect(keptCursor(fives(58), ist("10:50"))).toBe(19);
  });

  it("a bar the new bars do not have: the nearest earlier one (10:52 falls in 10:50's bar); none that early: off", () => {
    expect(keptCursor(fives(58), ist("10:52"))).toBe(19);
    // A jump back to 10:00: the bars run 09:15 to 10:00 (10), and a crosshair on 10:50 goes to the last, 10:00 (bar 9).
    expect(keptCursor(fives(10), ist("10:50"))).toBe(9);
    expect(keptCursor(fives(10), ist("09:10"))).toBeNull();
    expect(keptCursor([], ist("10:50"))).toBeNull();
  });

  it("off stays off", () => {
    expect(keptCursor(fives(58), null)).toBeNull();
  });
});
