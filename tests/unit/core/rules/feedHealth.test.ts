import { describe, expect, it } from "vitest";
import { feedState, silenceMs } from "../../../../src/core/rules/feedHealth";

// Issue 11: "`down` when the socket is closed or the broker does not answer, `stale` when the
// socket is up but no frame for a subscribed instrument arrived for 5 s while its market is open."
describe("feed health", () => {
  it("down when the socket is closed, whatever else holds", () => {
    expect(feedState({ socketOpen: false, brokerAnswers: true, longestSilenceMs: 0 })).toBe("down");
  });
  it("down when the broker does not answer, even with the socket up", () => {
    expect(feedState({ socketOpen: true, brokerAnswers: false, longestSilenceMs: 0 })).toBe("down");
  });
  it("stale when a subscribed instrument in an open market is silent for more than 5 s", () => {
    expect(feedState({ socketOpen: true, brokerAnswers: true, longestSilenceMs: 5_001 })).toBe("stale");
    expect(feedState({ socketOpen: true, brokerAnswers: true, longestSilenceMs: 5_000 })).toBe("live");
  });
  it("live before the first health answer when the socket is up and frames flow", () => {
    expect(feedState({ socketOpen: true, brokerAnswers: undefined, longestSilenceMs: 100 })).toBe("live");
  });
  it("silence runs from the last tick, or from the subscription when none came since", () => {
    expect(silenceMs(10_000, 2_000, 7_000)).toBe(3_000);
    expect(silenceMs(10_000, 2_000, undefined)).toBe(8_000);
    // A tick of an earlier connection does not count for this one.
    expect(silenceMs(10_000, 6_000, 1_000)).toBe(4_000);
  });
});
