import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { chartBars } from "../../../server/charts/bars.js";
import { createReplayMarket } from "../../../server/replay/market.js";
import { findDayTape } from "../../../server/replay/source.js";
import { istInstant } from "../../../src/core/time.js";
import { masterAt, OPEN } from "../market/fixtures.js";

const DATE = "2026-11-23";
const at = (h: number, m: number, s = 0) => istInstant(DATE, h * 60 + m).getTime() + s * 1000;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tape-opening-range-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/**
 * The tester's replay of the sample day, paused at 09:15:44: INFY's 52-week high and low read
 * 1,188.50 and 1,129.60, the day's high (15:01) and low (09:40); and the 1d chart's made-up year
 * topped out at 1,159.10, under the 52-week high shown, with 199 of 251 days' lows at exactly 1,129.60.
 * Rules (server/README.md, "What a tick knows" and "Charts of an instrument…"): the quote names no
 * level the day has not reached beyond the range it opened with; the days before are drawn inside
 * that opening range, reach each end of it on one day, and stay the same all day.
 */
describe("a replayed day's 52-week range and the days before it (issue 35)", () => {
  it("INFY at 09:15:44 shows neither the day's later high nor its low, and its year is drawn inside the range shown then, all day", () => {
    const tape = findDayTape(dir, DATE)!;
    let now = at(9, 15, 44);
    const replay = createReplayMarket({ master: masterAt(OPEN), read: tape.read, frames: tape.frames, now: () => new Date(now), driveMs: 0 });
    const infy = replay.bySymbol("NSEEQ", "INFY-EQ")!;
    replay.advanceTo(now);
    const q = replay.quote("NSEEQ", infy.token)!;
    // The day's high 1,188.50 comes at 15:01 and its low 1,129.60 at 09:40 (the CSV): neither is named at 09:15:44.
    expect(q.weekHigh).toBeLessThan(1188.5);
    expect(q.weekLow).toBeGreaterThan(1129.6);
    expect(q.weekHigh).toBeGreaterThanOrEqual(q.high);
    expect(q.weekLow).toBeLessThanOrEqual(q.low);

    const today = at(0, 0); // a day bar is stamped at its midnight (IST)
    const year = chartBars(replay, "NSEEQ", infy.token, "1d", new Date(now), 42).filter((b) => b.time < today);
    expect(year.length).toBe(250);
    expect(year.every((b) => b.low >= q.weekLow && b.high <= q.weekHigh)).toBe(true);
    // Each end of the range is reached, on one day (no floor or ceiling of wicks at one price).
    expect(year.filter((b) => b.high === q.weekHigh)).toHaveLength(1);
    expect(year.filter((b) => b.low === q.weekLow)).toHaveLength(1);

    // At 15:20 the day has passed the opening range (its high 1,188.50): the quote's range has widened to it, the year has not moved.
    now = at(15, 20);
    replay.advanceTo(now);
    const late = replay.quote("NSEEQ", infy.token)!;
    expect(late.weekHigh).toBe(1188.5);
    expect(late.weekLow).toBe(Math.min(q.weekLow, 1129.6));
    expect(chartBars(replay, "NSEEQ", infy.token, "1d", new Date(now), 42).filter((b) => b.time < today)).toEqual(year);
    replay.stop();
    tape.close();
  });
});
