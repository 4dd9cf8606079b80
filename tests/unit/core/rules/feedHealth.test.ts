import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { feedState, judgedSilenceMs, RunningClock, silenceMs } from "../../../../src/core/rules/feedHealth";

// Issue 11: "`down` when the socket is closed or the broker does not answer, `stale` when the
// socket is up but no frame for a subscribed instrument arrived for 5 s while its market is open."
describe("feed health", () => {
  it("down when the socket is closed, whatever else holds", () => {
    expect(feedState({ socketOpen: false, brokerAnswers: true, silenceMs: 0 })).toBe("down");
  });
  it("down when the broker does not answer, even with the socket up", () => {
    expect(feedState({ socketOpen: true, brokerAnswers: false, silenceMs: 0 })).toBe("down");
  });
  it("stale when a subscribed instrument in an open market is silent for more than 5 s", () => {
    expect(feedState({ socketOpen: true, brokerAnswers: true, silenceMs: 5_001 })).toBe("stale");
    expect(feedState({ socketOpen: true, brokerAnswers: true, silenceMs: 5_000 })).toBe("live");
  });
  it("live before the first health answer when the socket is up and frames flow", () => {
    expect(feedState({ socketOpen: true, brokerAnswers: undefined, silenceMs: 100 })).toBe("live");
  });
  it("silence runs from the last tick, or from the subscription when none came since", () => {
    expect(silenceMs(10_000, 2_000, 7_000)).toBe(3_000);
    expect(silenceMs(10_000, 2_000, undefined)).toBe(8_000);
    // A tick of an earlier connection does not count for this one.
    expect(silenceMs(10_000, 6_000, 1_000)).toBe(4_000);
  });
});

// Issue 35: in a replay, "the day's tape decides which instruments tick": one silent instrument is a
// gap in the day, and the replay feed is stale only when none of them arrives.
describe("the silence the light judges", () => {
  it("live, the longest: one silent instrument is the feed's fault", () => {
    expect(judgedSilenceMs([200, 7_000, 300], false)).toBe(7_000);
  });
  it("in a replay, the shortest: an instrument the day has no ticks for does not make the feed stale", () => {
    expect(judgedSilenceMs([200, 7_000, 300], true)).toBe(200);
    expect(feedState({ socketOpen: true, brokerAnswers: true, silenceMs: judgedSilenceMs([7_000, 900], true) })).toBe("live");
  });
  it("in a replay where nothing arrives, stale all the same", () => {
    expect(feedState({ socketOpen: true, brokerAnswers: true, silenceMs: judgedSilenceMs([6_000, 9_000], true) })).toBe("stale");
  });
  it("0 when no subscribed instrument's market is open", () => {
    expect(judgedSilenceMs([], false)).toBe(0);
    expect(judgedSilenceMs([], true)).toBe(0);
  });
});

// Issue 35: a paused replay's prices are the market's at the paused instant, not late ones, so a
// silence does not grow while the market's clock stands; while it runs, it grows with the device's.
describe("the running clock", () => {
  it("stands while paused and runs on from where it stood", () => {
    const c = new RunningClock();
    expect(c.now(1_000)).toBe(1_000);
    c.observe(false, 2_000);
    expect(c.now(2_000)).toBe(2_000);
    expect(c.now(60_000)).toBe(2_000);
    c.observe(true, 60_000);
    // 58 s stood: 61,000 on the device is 3,000 on the running clock.
    expect(c.now(61_000)).toBe(3_000);
  });
  it("a second 'paused' or 'running' changes nothing", () => {
    const c = new RunningClock();
    c.observe(false, 1_000);
    c.observe(false, 5_000);
    c.observe(true, 9_000);
    c.observe(true, 12_000);
    // Stood from 1,000 (the first 'paused') to 9,000.
    expect(c.now(12_000)).toBe(4_000);
  });

  type Step = { wait: number; running: boolean };
  const steps = fc.array(fc.record({ wait: fc.integer({ min: 0, max: 20_000 }), running: fc.boolean() }), { maxLength: 40 });

  it("over any sequence of pauses and resumes, the running time is the device time spent running", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2e12 }), steps, (start, seq: Step[]) => {
        // Reference model, from the rule: the clock gains each wait when the last word before it was "running" (the first: running).
        const c = new RunningClock();
        const from = c.now(start);
        let device = start;
        let running = true;
        let ran = 0;
        for (const s of seq) {
          c.observe(s.running, device);
          running = s.running;
          device += s.wait;
          if (running) ran += s.wait;
          expect(c.now(device) - from).toBe(ran);
        }
      }),
    );
  });

  it("never goes back as the device's clock goes on, whatever it is told", () => {
    fc.assert(
      fc.property(steps, (seq: Step[]) => {
        const c = new RunningClock();
        let device = 1_000;
        let last = c.now(device);
        for (const s of seq) {
          c.observe(s.running, device);
          const here = c.now(device);
          expect(here).toBeGreaterThanOrEqual(last);
          device += s.wait;
          last = here;
        }
      }),
    );
  });
});
