import { describe, expect, it } from "vitest";
import { enterOnPanes, SAME_PRESS_MS } from "../../../../src/core/rules/enterEcho";

// enterEcho.ts: "An Enter that comes within SAME_PRESS_MS of an Enter pressed in a dialog that has
// since closed is that gesture's, and does nothing."
describe("the second Enter of one gesture", () => {
  it("within 500 ms of the dialog's Enter it is the same gesture's; at 500 ms or after, or with no dialog Enter, it is the trader's own", () => {
    expect(SAME_PRESS_MS).toBe(500);
    expect(enterOnPanes(1000, 1000)).toBe("echo");
    expect(enterOnPanes(1000, 1499)).toBe("echo");
    expect(enterOnPanes(1000, 1500)).toBe("own");
    expect(enterOnPanes(undefined, 1000)).toBe("own");
    // A clock that went back (another page's timeline) is no echo.
    expect(enterOnPanes(1000, 999)).toBe("own");
  });

  // "Until it shows, ... an Enter then is that line's, however long the lookup takes, and is told
  // rather than acted on by the pane."
  it("while the palette's line is still opening its window, an Enter is the line's, however long after, and says so", () => {
    expect(enterOnPanes(undefined, 5000, "ITC")).toBe("Opening the order window for ITC: this Enter sent nothing");
    expect(enterOnPanes(1000, 1100, "ITC")).toBe("Opening the order window for ITC: this Enter sent nothing");
  });
});
