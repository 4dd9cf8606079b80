import { describe, expect, it } from "vitest";
import { acceptsFrame, orderFrame } from "../../../../src/core/rules/feedEpoch";

// DESIGN.md section 2: "A new feed epoch (reconnect, or a sequence that jumps backwards) resets the
// ordering baseline; frames of an older epoch never overwrite newer ones." Issue 11: "a restarted
// broker counts from zero".
describe("feed epoch rule", () => {
  it("the first frame of an instrument sets its baseline", () => {
    expect(orderFrame(undefined, 0, 1, 5000)).toBe("new-epoch");
  });

  it("in one connection a higher sequence is next, the same one a repeat", () => {
    expect(orderFrame(1, 41, 1, 42)).toBe("next");
    expect(orderFrame(1, 41, 1, 50)).toBe("next");
    expect(orderFrame(1, 42, 1, 42)).toBe("repeat");
  });

  it("a reconnect resets the baseline: a restarted broker's frame 1 after frame 1,800 is taken", () => {
    expect(orderFrame(1, 1800, 2, 1)).toBe("new-epoch");
    expect(acceptsFrame("new-epoch")).toBe(true);
  });

  it("a sequence that jumps backwards on the same connection starts a new baseline, however small the jump", () => {
    expect(orderFrame(1, 1800, 1, 3)).toBe("restart");
    expect(orderFrame(1, 9, 1, 8)).toBe("restart");
    expect(acceptsFrame("restart")).toBe(true);
  });

  it("a frame of an older connection never overwrites the newer baseline, whatever its sequence", () => {
    expect(orderFrame(3, 2, 2, 900_000)).toBe("older-epoch");
    expect(acceptsFrame("older-epoch")).toBe(false);
  });

  it("a repeated frame is dropped", () => {
    expect(acceptsFrame("repeat")).toBe(false);
    expect(acceptsFrame("next")).toBe(true);
  });
});
