import { describe, expect, it } from "vitest";
import { replayBadge, replayLightTitle } from "../../../../src/core/replay/replayBadge";

/**
 * A tester paused the replay, chose "Replay at 50×" from the palette: the status line said so, the
 * badge said only "REPLAY paused", nothing on screen said what resume would do. Paused, the badge
 * names the speed resume plays at.
 */
describe("the replay badge", () => {
  it("running: the speed it runs at", () => {
    expect(replayBadge({ runningSpeed: 2, setSpeed: 2, moving: false, ended: false }).text).toBe("REPLAY 2×");
  });
  it("paused: paused, and the speed resume plays at", () => {
    const b = replayBadge({ runningSpeed: 0, setSpeed: 50, moving: false, ended: false });
    expect(b.text).toBe("REPLAY paused · 50×");
    expect(b.title).toBe("Paused: resume plays at 50×");
  });
  it("paused at 1×: still says the speed (the same words at every speed)", () => {
    expect(replayBadge({ runningSpeed: 0, setSpeed: 1, moving: false, ended: false }).text).toBe("REPLAY paused · 1×");
  });
  it("moving or at the day's end: why it stands, not a speed", () => {
    expect(replayBadge({ runningSpeed: 0, setSpeed: 5, moving: true, ended: false }).text).toBe("REPLAY moving");
    expect(replayBadge({ runningSpeed: 0, setSpeed: 5, moving: false, ended: true }).text).toBe("REPLAY day ended");
  });
});

/** The light's title stayed "stale when no subscribed instrument ticks for 5 s" while a paused replay's light read live for a minute. */
describe("the feed light's title in a replay", () => {
  it("paused: prices stand still, none counted late", () => {
    expect(replayLightTitle({ runningSpeed: 0, setSpeed: 50, moving: false, ended: false })).toMatch(/^Replay paused: prices stand still at the paused instant, none counted late \(resume plays at 50×\)\. /);
  });
  it("running: stale after 5 s without a tick", () => {
    expect(replayLightTitle({ runningSpeed: 5, setSpeed: 5, moving: false, ended: false })).toMatch(/^Replay feed: .*stale when no subscribed instrument ticks for 5 s of a running replay, or down$/);
  });
  it("moving or ended: why prices stand", () => {
    expect(replayLightTitle({ runningSpeed: 0, setSpeed: 5, moving: true, ended: false })).toMatch(/^Replay moving to another time: prices stand until the tape arrives/);
    expect(replayLightTitle({ runningSpeed: 0, setSpeed: 5, moving: false, ended: true })).toMatch(/^Replay at the day's end: prices stand at the day's last ticks/);
  });
});
