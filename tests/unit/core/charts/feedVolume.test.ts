import { describe, expect, it } from "vitest";
import { countedInBars, tradedQuantity } from "../../../../src/core/charts/feedVolume";
import type { Bar } from "../../../../src/core/types/bar";

/** An instant from an IST wall time (IST is UTC+05:30). */
const ist = (date: string, hhmm: string) => Date.parse(`${date}T${hhmm}:00+05:30`);
const bar = (time: number, volume: number): Bar => ({ time, open: 100, high: 100, low: 100, close: 100, volume });

describe("a tick's quantity from the feed's day volume (feedVolume.ts)", () => {
  // Friday's last minute, then Monday's 09:15, 09:16 and 14:00 (the bar after a replay's jump, reloaded).
  const bars = [bar(ist("2026-11-20", "15:29"), 700), bar(ist("2026-11-23", "09:15"), 1200), bar(ist("2026-11-23", "09:16"), 2400), bar(ist("2026-11-23", "14:00"), 300)];

  it("counts what the bars hold of their last bar's day: Monday's 1,200 + 2,400 + 300, not Friday's 700", () => {
    expect(countedInBars(bars)).toEqual({ day: "2026-11-23", volume: 3900 });
    expect(countedInBars([])).toBeUndefined();
  });

  it("the first tick after the bars adds what the day's total grew by since them: 3,950 - 3,900 = 50 (it added 0 before)", () => {
    const first = tradedQuantity(countedInBars(bars), { time: ist("2026-11-23", "14:00") + 5_000, dayVolume: 3950 });
    expect(first).toEqual({ quantity: 50, counted: { day: "2026-11-23", volume: 3950 } });
    // The next one, 3,960: 10 more.
    expect(tradedQuantity(first.counted, { time: ist("2026-11-23", "14:00") + 6_000, dayVolume: 3960 }).quantity).toBe(10);
  });

  it("a stale total (a state sent while the jump was played, come after the reload) adds nothing and does not lower the count", () => {
    const counted = { day: "2026-11-23", volume: 3900 };
    const stale = tradedQuantity(counted, { time: ist("2026-11-23", "13:10"), dayVolume: 3100 });
    expect(stale).toEqual({ quantity: 0, counted });
    // Then a fresh tick at 3,950: 50, not 3,950 - 3,100 = 850.
    expect(tradedQuantity(stale.counted, { time: ist("2026-11-23", "14:00"), dayVolume: 3950 }).quantity).toBe(50);
    // A repeated frame: the same total, nothing.
    expect(tradedQuantity(counted, { time: ist("2026-11-23", "14:00"), dayVolume: 3900 }).quantity).toBe(0);
  });

  it("a tick of a later day counts that day from 0; one of an earlier day adds nothing", () => {
    const friday = countedInBars(bars.slice(0, 1))!;
    expect(friday).toEqual({ day: "2026-11-20", volume: 700 });
    expect(tradedQuantity(friday, { time: ist("2026-11-23", "09:15"), dayVolume: 40 })).toEqual({ quantity: 40, counted: { day: "2026-11-23", volume: 40 } });
    expect(tradedQuantity({ day: "2026-11-23", volume: 3900 }, { time: ist("2026-11-20", "15:29"), dayVolume: 5000 }).quantity).toBe(0);
    // No bars at all: the day's total so far is this chart's.
    expect(tradedQuantity(undefined, { time: ist("2026-11-23", "09:15"), dayVolume: 25 }).quantity).toBe(25);
  });
});
