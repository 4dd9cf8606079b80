import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { chartBars } from "../../../server/charts/bars.js";
import { createMarket } from "../../../server/market/sim/market.js";
import { createReplayMarket } from "../../../server/replay/market.js";
import { Recorder } from "../../../server/replay/recorder.js";
import { readTapeIndex, tapePath, FRAME_TICKS } from "../../../server/replay/tapeFile.js";
import { istInstant } from "../../../src/core/time.js";
import { manualClock, masterAt, OPEN } from "../market/fixtures.js";

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

/**
 * "Replay today" drew the days before the replayed one flat (open = high = low = close a minute)
 * for an instrument the tape had not reached: its quote was the stand-in at the reference price,
 * whose previous close and 52-week range are that one price, and the charts host draws the history
 * inside that range (server/charts/history.ts). The rule now: no history from a stand-in quote; from
 * the instrument's first row on, the history the live broker served for that day.
 */
describe("a replay's chart history (issue 35)", () => {
  it("serves no history for an instrument the tape has no row of, then the live broker's history once it has", () => {
    // Record: the simulator, two minutes from 10:00 IST, the share watched (as the e2e's chart does).
    const clock = manualClock(OPEN);
    const live = createMarket({ master: masterAt(OPEN), clock, seed: 42, tickHz: 0 });
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tape-history-"));
    dirs.push(dir);
    const recorder = new Recorder(live, { dir, maxBytes: 1e9, wallFlushMs: 0 });
    const share = live.bySymbol("NSEEQ", "TATAMOTORS-EQ")!;
    const release = live.watch(share.exchange, share.token);
    clock.advance(500);
    live.step();
    // What the live broker's chart served at its first tick: the days before, then today's first minute.
    const today = istInstant("2026-11-23", 9 * 60 + 15).getTime();
    const liveHistory = chartBars(live, "NSEEQ", share.token, "1m", clock.now(), 42).filter((b) => b.time < today);
    for (let i = 0; i < 239; i++) {
      clock.advance(500);
      live.step();
    }
    recorder.close();
    release();
    live.stop();

    const tape = readTapeIndex(tapePath(dir, "2026-11-23"))!;
    const frames = tape.frames.filter((f) => f.kind === FRAME_TICKS);
    const now = frames[0]!.first;
    const replay = createReplayMarket({ master: masterAt(OPEN), buffer: tape.buffer, frames, now: () => new Date(now), driveMs: 0 });

    // The replay standing at its first tick, nothing played yet (its driver starts once the broker is up):
    // the share's quote is the stand-in. Before, 1,875 bars came, the five days before each minute flat at 351.65.
    const standIn = replay.quote("NSEEQ", share.token)!;
    expect([standIn.weekLow, standIn.weekHigh]).toEqual([standIn.pClose, standIn.pClose]);
    for (const interval of ["1m", "5m", "1d"] as const) expect(chartBars(replay, "NSEEQ", share.token, interval, new Date(now), 42)).toEqual([]);

    // Its first row played: the days before as the live broker drew them (5 trading days of 375 minutes, HISTORY_DAYS["1m"]), with their ranges.
    replay.advanceTo(now);
    const history = chartBars(replay, "NSEEQ", share.token, "1m", new Date(now), 42).filter((b) => b.time < today);
    expect(history.length).toBe(5 * 375);
    expect(history).toEqual(liveHistory);
    expect(history.some((b) => b.high > b.low)).toBe(true);

    // A NIFTY option nobody watched while the day was recorded: no row of its own, priced by the model from
    // NIFTY's rows, its 52-week range the model's day so far. Today's bars only (none yet: it is not watched), no days before.
    const option = masterAt(OPEN).all.find((i) => i.optionType && i.symbol === "NIFTY")!;
    expect(replay.quote(option.exchange, option.token)!.ltp).toBeGreaterThan(0);
    expect(chartBars(replay, option.exchange, option.token, "1m", new Date(now), 42).filter((b) => b.time < today)).toEqual([]);
    replay.stop();
  });
});
