import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { PRESETS } from "../../../src/core/workspace/presets";
import { closePane, isLayout, neighbour, pane, panes, rects, resizeFocused, setPaneState, setView, shownPanes, split, splitPane, type Layout } from "../../../src/core/workspace/tree";

const single = (): Layout => {
  const p = pane("home", "p1");
  return { root: p, focused: "p1" };
};

describe("tiling layout tree", () => {
  it("splits the focused pane, the new pane takes focus and shows the same view", () => {
    const l = splitPane(single(), "p1", "row");
    expect(panes(l.root).map((p) => p.view)).toEqual(["home", "home"]);
    expect(l.focused).not.toBe("p1");
  });

  it("closing a pane gives its place to its sibling and focus to the pane before it", () => {
    let l = splitPane(single(), "p1", "row");
    const second = l.focused;
    l = splitPane(l, second, "column");
    const third = l.focused;
    l = closePane(l, third);
    expect(panes(l.root).map((p) => p.id)).toEqual(["p1", second]);
    expect(l.focused).toBe(second);
  });

  it("the last pane cannot be closed", () => {
    const l = single();
    expect(closePane(l, "p1")).toBe(l);
  });

  it("Ctrl+Arrow finds the pane beside the focused one", () => {
    // a | (b over c)
    const a = pane("watchlist", "a");
    const b = pane("orders", "b");
    const c = pane("position", "c");
    const l: Layout = { root: split("row", a, split("column", b, c)), focused: "a" };
    expect(neighbour(l, "right")).toBe("b"); // b and c both touch a; b overlaps as much, and comes first
    expect(neighbour({ ...l, focused: "c" }, "up")).toBe("b");
    expect(neighbour({ ...l, focused: "c" }, "left")).toBe("a");
    expect(neighbour(l, "left")).toBeUndefined();
  });

  it("keyboard resize moves the nearest split of the matching direction, within bounds", () => {
    const a = pane("watchlist", "a");
    const b = pane("orders", "b");
    let l: Layout = { root: split("row", a, b), focused: "b" };
    l = resizeFocused(l, "right");
    expect(l.root.type === "split" && l.root.ratio).toBeCloseTo(0.55);
    for (let i = 0; i < 50; i++) l = resizeFocused(l, "left");
    expect(l.root.type === "split" && l.root.ratio).toBeCloseTo(0.1);
    expect(resizeFocused(l, "up")).toBe(l); // no column split above: nothing moves
  });

  it("pane rectangles tile the unit square (property)", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.boolean(), fc.nat()), { maxLength: 12 }), (ops) => {
        let l = single();
        for (const [row, pick] of ops) {
          const ids = panes(l.root).map((p) => p.id);
          l = splitPane(l, ids[pick % ids.length]!, row ? "row" : "column");
        }
        const area = [...rects(l.root).values()].reduce((s, r) => s + r.w * r.h, 0);
        expect(area).toBeCloseTo(1, 9);
        expect(isLayout(JSON.parse(JSON.stringify(l)))).toBe(true);
      }),
    );
  });

  it("a saved layout of the wrong shape is not trusted", () => {
    expect(isLayout({ root: { type: "pane", id: "x", view: "home" }, focused: "y" })).toBe(false);
    expect(isLayout({ root: { type: "split", id: "s", direction: "diagonal", ratio: 0.5 }, focused: "x" })).toBe(false);
    expect(isLayout(null)).toBe(false);
  });

  it("the Trading preset is watchlist | orders over positions | depth", () => {
    const l = PRESETS.find((p) => p.id === "trading")!.build();
    expect(panes(l.root).map((p) => p.view)).toEqual(["watchlist", "orders", "position", "depth"]);
    const r = rects(l.root);
    const [w, o, p, d] = panes(l.root).map((x) => r.get(x.id)!);
    expect(o!.x).toBeCloseTo(p!.x); // orders stands over positions
    expect(o!.y).toBeLessThan(p!.y);
    expect(w!.x).toBeLessThan(o!.x);
    expect(d!.x).toBeGreaterThan(o!.x);
  });
});

describe("panes are instances with their own state (issue 10)", () => {
  const two = (): Layout => {
    const a = pane("orders", "a", { tab: 3 });
    const b = pane("depth", "b", { instrument: { exchange: "NSEEQ", token: 1594, tradingSymbol: "INFY-EQ" } });
    return { root: split("row", a, b), focused: "a" };
  };

  it("a split copies the pane's tab and instrument into the new pane, which is a new instance", () => {
    const l = splitPane(two(), "b", "row");
    const [, first, copy] = panes(l.root);
    expect(copy!.id).not.toBe("b");
    expect(copy!.state).toEqual({ instrument: { exchange: "NSEEQ", token: 1594, tradingSymbol: "INFY-EQ" } });
    expect(first!.state).toEqual(copy!.state);
  });

  it("a split into another view starts that view afresh", () => {
    const l = splitPane(two(), "a", "column", "position");
    expect(panes(l.root).find((p) => p.view === "position")!.state).toBeUndefined();
  });

  it("setPaneState changes one pane only; switching the view drops the old view's state", () => {
    let l = setPaneState(two(), "a", { tab: 1 });
    expect(panes(l.root).map((p) => p.state?.tab)).toEqual([1, undefined]);
    l = setView(l, "a", "holdings");
    expect(panes(l.root)[0]).toEqual({ type: "pane", id: "a", view: "holdings" });
  });

  it("an unchanged state returns the same layout (no save, no re-render)", () => {
    const l = two();
    expect(setPaneState(l, "a", { tab: 3 })).toBe(l);
  });

  it("shown panes: all on a wide screen, the focused one on a phone, only the full-screen watchlist while one is open", () => {
    const l = two();
    expect(shownPanes(l, { mobile: false }).map((p) => p.id)).toEqual(["a", "b"]);
    expect(shownPanes(l, { mobile: true }).map((p) => p.id)).toEqual(["a"]);
    const full = setView(l, "b", "fullwl");
    expect(shownPanes(full, { mobile: false }).map((p) => p.id)).toEqual(["b"]);
  });

  it("a saved layout with a malformed pane state is not trusted", () => {
    const bad = { root: { type: "pane", id: "a", view: "orders", state: { tab: -1 } }, focused: "a" };
    expect(isLayout(bad)).toBe(false);
    expect(isLayout({ root: { type: "pane", id: "a", view: "depth", state: { instrument: { exchange: "NSEEQ", token: "1594" } } }, focused: "a" })).toBe(false);
    expect(isLayout(two())).toBe(true);
  });
});
