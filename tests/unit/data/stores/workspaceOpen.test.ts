import { beforeAll, describe, expect, it, vi } from "vitest";
import { MemoryStorage } from "../../../support/memoryStorage";

/**
 * Issue 28: "'Go to X' always shows X in the focused pane", and "a pane opened beside by c, d or
 * chart X takes the focus, so the next key acts on it". workspace.openView is what Go to X
 * (and the route) does; workspace.showBeside is what c, d and chart X do.
 */
vi.stubGlobal("localStorage", new MemoryStorage());

let ws: typeof import("../../../../src/data/stores/workspace");
let tree: typeof import("../../../../src/core/workspace/tree");
beforeAll(async () => {
  ws = await import("../../../../src/data/stores/workspace");
  tree = await import("../../../../src/core/workspace/tree");
});

const focusedView = () => ws.workspace.focusedPane()?.view;
const views = () => tree.panes(ws.layout$.peek().root).map((p) => p.view);
const INFY = { exchange: "NSEEQ", token: 1594, tradingSymbol: "INFY-EQ" };

describe("a pane opened beside takes the focus", () => {
  it("a new one (c on a watchlist row)", () => {
    ws.layout$.set({ root: tree.pane("watchlist", "w"), focused: "w" });
    ws.workspace.showBeside("chart", { instrument: INFY });
    expect(views()).toEqual(["watchlist", "chart"]);
    expect(ws.workspace.focusedPane()).toMatchObject({ view: "chart", state: { instrument: INFY } });
  });

  it("one already there, re-pointed at the instrument (d with a depth pane on screen)", () => {
    ws.layout$.set({ root: tree.split("row", tree.pane("watchlist", "w"), tree.pane("depth", "d")), focused: "w" });
    ws.workspace.showBeside("depth", { instrument: INFY });
    expect(ws.layout$.peek().focused).toBe("d");
    expect(ws.workspace.focusedPane()?.state?.instrument).toEqual(INFY);
  });

  it("one already there, from a green pane: a depth never given a group joins green; a chart linked blue stays blue, blue taking INFY (issue 32)", () => {
    ws.layout$.set({ root: tree.split("row", tree.pane("watchlist", "w", { link: "green" }), tree.split("row", tree.pane("depth", "d"), tree.pane("chart", "c", { link: "blue" }))), focused: "w" });
    ws.workspace.showBeside("depth", { instrument: INFY, link: "green" });
    ws.workspace.showBeside("chart", { instrument: INFY, link: "green" });
    const l = ws.layout$.peek();
    expect(tree.findPane(l.root, "d")?.state?.link).toBe("green");
    expect(tree.findPane(l.root, "c")?.state?.link).toBe("blue");
    expect(l.groups).toMatchObject({ green: INFY, blue: INFY });
  });
});

describe("Go to X: X ends up in the focused pane", () => {
  it("the pane that shows X takes the focus; none does: X shows in the focused pane", () => {
    ws.layout$.set({ root: tree.split("row", tree.pane("watchlist", "w"), tree.pane("orders", "o")), focused: "w" });
    ws.workspace.openView("orders");
    expect(ws.layout$.peek().focused).toBe("o");
    ws.workspace.openView("funds");
    expect(views()).toEqual(["watchlist", "funds"]);
    expect(focusedView()).toBe("funds");
  });

  it("the focused pane already showing X keeps the focus, even when another pane showing X comes first", () => {
    ws.layout$.set({ root: tree.split("row", tree.pane("chart", "c1"), tree.pane("chart", "c2")), focused: "c2" });
    ws.workspace.openView("chart");
    expect(ws.layout$.peek().focused).toBe("c2");
  });

  it("from the full-screen watchlist, X in another pane is shown: the full-screen pane goes back to the watchlist", () => {
    ws.layout$.set({ root: tree.split("row", tree.pane("fullwl", "f"), tree.pane("position", "p")), focused: "f" });
    expect(ws.workspace.shownPanes().map((p) => p.id)).toEqual(["f"]);
    ws.workspace.openView("position");
    expect(ws.layout$.peek().focused).toBe("p");
    expect(views()).toEqual(["watchlist", "position"]);
    expect(ws.workspace.shownPanes().map((p) => p.id)).toEqual(["f", "p"]);
  });

  it("the focused pane is in a window of its own: it keeps its view and instrument, X shows in a new pane beside its place, focused", () => {
    // A sign-in's landing route (/home) with the depth pane popped out and focused: that window
    // comes back to its depth, so Home is not put into it.
    // On a 1600 x 900 tiling the depth's place is 800 x 900, taller than wide: Home goes below it.
    ws.tilingSize$.set({ w: 1600, h: 900 });
    ws.layout$.set({ root: tree.split("row", tree.pane("watchlist", "w"), tree.pane("depth", "d", { instrument: INFY })), focused: "d", popped: ["d"] });
    ws.workspace.openView("home");
    const l = ws.layout$.peek();
    expect(views()).toEqual(["watchlist", "depth", "home"]);
    expect(l.root.type === "split" && l.root.b).toMatchObject({ type: "split", direction: "column", a: { id: "d" } });
    expect(tree.findPane(l.root, "d")?.state?.instrument).toEqual(INFY);
    expect(l.popped).toEqual(["d"]);
    expect(focusedView()).toBe("home");
    expect(ws.workspace.shownPanes().map((p) => p.view)).toEqual(["watchlist", "home"]);
  });
});
