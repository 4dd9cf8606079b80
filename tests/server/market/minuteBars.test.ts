import { describe, expect, it } from "vitest";
import { MinuteBars } from "../../../server/market/sim/minuteBars";
import { MAX_MINUTES } from "../../../server/market/sim/minuteRing";

const MINUTE = 60_000;
const T0 = Date.parse("2026-11-23T03:45:00.000Z"); // 09:15 IST

describe("MinuteBars: one instrument's one-minute bars of the day", () => {
  it("opens a bar at the given open and moves its high, low, close and volume within the minute", () => {
    const bars = new MinuteBars();
    bars.record(T0, 100, 101, 5); // opens at the day's open 100, trades at 101
    bars.record(T0, 0, 99, 3); // the same minute (its start): the open argument is not used
    bars.record(T0, 0, 100.5, 0);
    expect(bars.toArray()).toEqual([{ time: T0, open: 100, high: 101, low: 99, close: 100.5, volume: 8 }]);
  });

  it("starts a new bar in a new minute, oldest first", () => {
    const bars = new MinuteBars();
    bars.record(T0, 100, 100, 1);
    bars.record(T0 + MINUTE, 100, 98, 2); // a new bar opens at the last price (100) and trades at 98
    expect(bars.toArray()).toEqual([
      { time: T0, open: 100, high: 100, low: 100, close: 100, volume: 1 },
      { time: T0 + MINUTE, open: 100, high: 100, low: 98, close: 98, volume: 2 },
    ]);
    expect(bars.length).toBe(2);
  });

  it(`keeps the newest ${MAX_MINUTES} bars in order as it grows and once it is full`, () => {
    const bars = new MinuteBars();
    const minutes = MAX_MINUTES + 5;
    // Bar k opens at k and closes at k + 0.5: each bar's own numbers say which minute it is.
    for (let k = 0; k < minutes; k++) bars.record(T0 + k * MINUTE, k, k + 0.5, k);
    const all = bars.toArray();
    expect(all).toHaveLength(MAX_MINUTES);
    // The first five minutes are gone: the oldest kept is minute 5, the newest minute 1,004.
    expect(all[0]).toEqual({ time: T0 + 5 * MINUTE, open: 5, high: 5.5, low: 5, close: 5.5, volume: 5 });
    expect(all.at(-1)).toEqual({ time: T0 + 1004 * MINUTE, open: 1004, high: 1004.5, low: 1004, close: 1004.5, volume: 1004 });
    all.forEach((b, i) => expect(b.time).toBe(T0 + (i + 5) * MINUTE));
    // The newest bar still moves after the ring wrapped.
    bars.record(T0 + 1004 * MINUTE, 0, 2000, 1);
    expect(bars.toArray().at(-1)).toEqual({ time: T0 + 1004 * MINUTE, open: 1004, high: 2000, low: 1004, close: 2000, volume: 1005 });
  });

  it("answers copies: a caller changing a bar changes nothing kept", () => {
    const bars = new MinuteBars();
    bars.record(T0, 100, 100, 1);
    bars.toArray()[0]!.close = 1;
    expect(bars.toArray()[0]!.close).toBe(100);
  });

  it("a new day starts with no bars", () => {
    const bars = new MinuteBars();
    bars.record(T0, 100, 100, 1);
    bars.clear();
    expect(bars.length).toBe(0);
    expect(bars.toArray()).toEqual([]);
    bars.record(T0 + 86_400_000, 90, 91, 2);
    expect(bars.toArray()).toEqual([{ time: T0 + 86_400_000, open: 90, high: 91, low: 90, close: 91, volume: 2 }]);
  });
});
