import { describe, expect, it } from "vitest";
import { splitAcrossLonger } from "../../../../src/core/workspace/place";
import { findPane, pane, panes, rects, split, type Layout, type SplitNode } from "../../../../src/core/workspace/tree";

/**
 * "Splits pane `id` in two across its longer side (stacked when its place is taller than wide, side
 * by side otherwise), the new pane showing `view` and taking the focus." Worked by hand on a 1600 x
 * 900 px tiling split side by side 0.75 / 0.25: the left pane is 1200 x 900 (wider than tall), the
 * right one 400 x 900 (taller than wide).
 */
const TILING = { w: 1600, h: 900 };
const layout = (): Layout => ({ root: split("row", pane("orders", "o"), pane("depth", "d", { instrument: { exchange: "NSEEQ", token: 1594, tradingSymbol: "INFY-EQ" } }), 0.75), focused: "d", popped: ["d"] });
const parentOf = (l: Layout, id: string): SplitNode | undefined => {
  const walk = (n: Layout["root"]): SplitNode | undefined => (n.type === "pane" ? undefined : (n.a.id === id || n.b.id === id ? n : (walk(n.a) ?? walk(n.b))));
  return walk(l.root);
};

describe("a pane split across its longer side", () => {
  it("the 400 x 900 place is stacked: two 400 x 450 halves, the new pane below, focused", () => {
    const l = splitAcrossLonger(layout(), "d", "home", TILING);
    expect(parentOf(l, "d")).toMatchObject({ direction: "column", ratio: 0.5 });
    const home = panes(l.root).find((p) => p.view === "home")!;
    expect(l.focused).toBe(home.id);
    const r = rects(l.root).get(home.id)!;
    expect({ w: r.w * TILING.w, h: r.h * TILING.h }).toEqual({ w: 400, h: 450 });
  });

  it("the 1200 x 900 place is split side by side: two 600 x 900 halves", () => {
    const l = splitAcrossLonger({ ...layout(), focused: "o" }, "o", "home", TILING);
    expect(parentOf(l, "o")).toMatchObject({ direction: "row" });
    const home = panes(l.root).find((p) => p.view === "home")!;
    const r = rects(l.root).get(home.id)!;
    expect({ w: r.w * TILING.w, h: r.h * TILING.h }).toEqual({ w: 600, h: 900 });
  });

  it("the pane split keeps its view, its state and its window; only the new pane is added", () => {
    const before = layout();
    const l = splitAcrossLonger(before, "d", "home", TILING);
    expect(findPane(l.root, "d")).toEqual(findPane(before.root, "d"));
    expect(l.popped).toEqual(["d"]);
    expect(panes(l.root).map((p) => p.view)).toEqual(["orders", "depth", "home"]);
  });

  it("an unknown tiling size (0 x 0): side by side", () => {
    expect(parentOf(splitAcrossLonger(layout(), "d", "home", { w: 0, h: 0 }), "d")?.direction).toBe("row");
  });
});
