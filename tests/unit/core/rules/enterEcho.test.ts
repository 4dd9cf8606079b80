import { describe, expect, it } from "vitest";
import { isEnterEcho, SAME_PRESS_MS } from "../../../../src/core/rules/enterEcho";

// enterEcho.ts: "An Enter that comes within SAME_PRESS_MS of an Enter pressed in a dialog that has
// since closed is that gesture's, and does nothing."
describe("the second Enter of one gesture", () => {
  it("within 500 ms of the dialog's Enter it is the same gesture's; at 500 ms or after, or with no dialog Enter, it is the trader's own", () => {
    expect(SAME_PRESS_MS).toBe(500);
    expect(isEnterEcho(1000, 1000)).toBe(true);
    expect(isEnterEcho(1000, 1499)).toBe(true);
    expect(isEnterEcho(1000, 1500)).toBe(false);
    expect(isEnterEcho(undefined, 1000)).toBe(false);
    // A clock that went back (another page's timeline) is no echo.
    expect(isEnterEcho(1000, 999)).toBe(false);
  });
});
