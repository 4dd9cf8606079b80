import { describe, expect, it } from "vitest";
import { linkRole } from "../../../../src/core/workspace/follow";
import { followsGroup } from "../../../../src/core/workspace/links";

/** The link key's status line says what the pane now does in its group (issue 32: the order window and strategy follow, within their rule). */
describe("what a pane does in the group it was linked to", () => {
  it("the order window follows while its order is untouched, and names the switch key", () => {
    expect(linkRole("orderwindow", followsGroup("orderwindow"), "green")).toBe("follows every green pane while its order is untouched (after that, Alt+G switches)");
  });
  it("the strategy follows while it has no legs", () => {
    expect(linkRole("strategy", followsGroup("strategy"), "blue")).toBe("follows every blue pane while it has no legs");
  });
  it("a chart follows; a watchlist chooses", () => {
    expect(linkRole("chart", followsGroup("chart"), "red")).toBe("follows every red pane");
    expect(linkRole("watchlist", followsGroup("watchlist"), "red")).toBe("chooses for every red pane");
  });
});
