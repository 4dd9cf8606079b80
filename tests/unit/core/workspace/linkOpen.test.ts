import { describe, expect, it } from "vitest";
import { choose, linkOf, openedFrom, repointed, retargeted, shownInstrument } from "../../../../src/core/workspace/links";
import { gridsFollow } from "../../../../src/core/workspace/gridLinks";
import { newGrid } from "../../../../src/core/workspace/chartGrid";
import { findPane, pane, split, type Layout, type PaneInstrument } from "../../../../src/core/workspace/tree";

/**
 * Issue 32, README "Colour link groups": "Choosing an instrument in a linked pane … retargets every
 * chart, depth, option chain … and time-and-sales pane of that group; a pane of no group keeps its
 * own. … a search made outside any group goes to [red]." And, decided here: "a pane opened from a
 * linked pane (`c`, `d`, Time and sales) joins that pane's group; one already on screen that is
 * re-pointed keeps a group given it with Alt+L". Expected values worked by hand from those words.
 */
const INFY: PaneInstrument = { exchange: "NSEEQ", token: 1594, tradingSymbol: "INFY-EQ" };
const RELIANCE: PaneInstrument = { exchange: "NSEEQ", token: 2885, tradingSymbol: "RELIANCE-EQ" };
const SBIN: PaneInstrument = { exchange: "NSEEQ", token: 3045, tradingSymbol: "SBIN-EQ" };

/** The tester's screen: a watchlist of no group, a depth pane in red on INFY, a chart of its own (INFY), a grid of four of no group. */
function desk(): Layout {
  const root = split(
    "row",
    split("column", pane("watchlist", "w"), pane("depth", "d", { link: "red" })),
    split("column", pane("chart", "c", { instrument: INFY }), pane("multichart", "g", { link: "none", grid: newGrid(4, INFY) })),
  );
  return { root, focused: "g", groups: { red: INFY } };
}
const shown = (l: Layout, id: string) => shownInstrument(l, findPane(l.root, id)!);
/** What the store does with a choice (data/stores/workspace.ts): the groups' rule, then a grid's focused cell. */
const apply = (l: Layout, c: Parameters<typeof choose>[1]) => gridsFollow(choose(l, c), retargeted(l, c), c.instrument);

describe("a choice in a pane of no group (issue 32)", () => {
  it("a / search in a chart grid of no group fills its focused cell alone: the red depth stays on INFY", () => {
    let l = desk();
    // The search is a default-bound choice (toDefault), made in the grid.
    expect(retargeted(l, { from: "g", instrument: RELIANCE, toDefault: true })).toEqual(["g"]);
    l = apply(l, { from: "g", instrument: RELIANCE, toDefault: true });
    expect(l.groups?.red).toEqual(INFY);
    expect(shown(l, "d")).toEqual(INFY);
    const cells = findPane(l.root, "g")!.state!.grid!.cells.map((c) => c.instrument?.tradingSymbol);
    expect(cells).toEqual(["RELIANCE-EQ", "INFY-EQ", "INFY-EQ", "INFY-EQ"]);
  });

  it("a search in a chart of its own (no group) retargets that chart alone", () => {
    let l = { ...desk(), focused: "c" };
    expect(retargeted(l, { from: "c", instrument: SBIN, toDefault: true })).toEqual(["c"]);
    l = choose(l, { from: "c", instrument: SBIN, toDefault: true });
    expect(shown(l, "c")).toEqual(SBIN);
    expect(shown(l, "d")).toEqual(INFY);
  });

  it("a search with a watchlist of no group focused (it shows no instrument) still goes to red, as the active scrip did", () => {
    let l = { ...desk(), focused: "w" };
    expect(retargeted(l, { from: "w", instrument: SBIN, toDefault: true })).toEqual(["d"]);
    l = choose(l, { from: "w", instrument: SBIN, toDefault: true });
    expect(shown(l, "d")).toEqual(SBIN);
    expect(shown(l, "c")).toEqual(INFY);
    // A cursor move there (no toDefault) moves nothing.
    expect(retargeted(l, { from: "w", instrument: RELIANCE })).toEqual([]);
  });
});

describe("a pane opened from a linked pane (issue 32)", () => {
  it("c on a red watchlist: the new chart is red, shows the group's instrument, and follows its next cursor move", () => {
    let l: Layout = { root: split("row", pane("watchlist", "w", { link: "red" }), pane("orders", "o")), focused: "w" };
    const from = findPane(l.root, "w")!;
    l = choose(l, { from: "w", instrument: INFY, toDefault: true });
    const state = openedFrom(from, { instrument: INFY });
    expect(state).toEqual({ instrument: INFY, link: "red" });
    l = { ...l, root: split("row", l.root, pane("chart", "new", state)) };
    expect(linkOf(findPane(l.root, "new")!)).toBe("red");
    expect(shown(l, "new")).toEqual(INFY);
    expect(retargeted(l, { from: "w", instrument: SBIN })).toEqual(["new"]);
    l = choose(l, { from: "w", instrument: SBIN });
    expect(shown(l, "new")).toEqual(SBIN);
  });

  it("time and sales opened from a green chart is green; from a pane of no group it has its own instrument and no group", () => {
    expect(openedFrom(pane("chart", "c", { link: "green", instrument: INFY }), { instrument: INFY })).toEqual({ instrument: INFY, link: "green" });
    const fromNone = openedFrom(pane("watchlist", "w"), { instrument: INFY });
    expect(fromNone).toEqual({ instrument: INFY });
    expect(linkOf(pane("timesales", "t", fromNone))).toBe("none");
    // A chart never given an instrument is in red by default: what it opens is red too.
    expect(openedFrom(pane("chart", "c"), { instrument: INFY })).toEqual({ instrument: INFY, link: "red" });
  });

  it("a pane already on screen re-pointed keeps a group given it (Alt+L); one never given a group takes the opener's", () => {
    // Given by Alt+L: blue stays blue, none stays none, whatever the opener's group.
    expect(repointed(pane("chart", "c", { link: "blue", instrument: INFY }), { instrument: SBIN, link: "red" })).toEqual({ instrument: SBIN, link: "blue" });
    expect(repointed(pane("chart", "c", { link: "blue", instrument: INFY }), { instrument: SBIN })).toEqual({ instrument: SBIN, link: "blue" });
    expect(repointed(pane("depth", "d", { link: "none", instrument: INFY }), { instrument: SBIN, link: "red" })).toEqual({ instrument: SBIN, link: "none" });
    // Never given a group (a chart in red by default, a depth with an instrument of its own): as if opened now.
    expect(repointed(pane("chart", "c"), { instrument: SBIN, link: "green" })).toEqual({ instrument: SBIN, link: "green" });
    expect(repointed(pane("depth", "d", { instrument: INFY }), { instrument: SBIN, link: "red" })).toEqual({ instrument: SBIN, link: "red" });
    expect(linkOf(pane("depth", "d", repointed(pane("depth", "d"), { instrument: SBIN })))).toBe("none");
    // A pane that shows no instrument, or a state with none, is given the state as it is.
    expect(repointed(pane("strategy", "s", { link: "red" }), { tab: 1 })).toEqual({ tab: 1 });
  });
});
