import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { PRESETS } from "../../../src/core/workspace/presets";
import { MIN_CHART, placeWithRoom } from "../../../src/core/workspace/place";
import { closePane, keepMaximised, pane, panes, rects, shownPanes, split, splitPane, toggleMaximised, type Layout } from "../../../src/core/workspace/tree";

const trading = (): Layout => {
  // watchlist | (orders over positions) | depth, as Layout: Trading (presets.ts).
  const root = split("row", pane("watchlist", "w"), split("row", split("column", pane("orders", "o"), pane("position", "p")), pane("depth", "d"), 0.7), 0.3);
  return { root, focused: "w" };
};

describe("one key maximises the focused pane and restores it (issue 29)", () => {
  it("maximising shows the focused pane alone; restoring brings back the same tiling", () => {
    const l = { ...trading(), focused: "o" };
    const max = toggleMaximised(l);
    expect(shownPanes(max, { mobile: false }).map((p) => p.id)).toEqual(["o"]);
    // The tiling keeps the other panes, their places and ratios.
    expect(max.root).toBe(l.root);
    const back = toggleMaximised(max);
    expect(back).toEqual(l);
    expect(shownPanes(back, { mobile: false }).map((p) => p.id)).toEqual(["w", "o", "p", "d"]);
  });

  it("focusing another pane restores the tiling (the property's shrunk counterexample: maximise, then Alt+2)", () => {
    const l = keepMaximised({ ...toggleMaximised(trading()), focused: "o" });
    expect(l.maximised).toBeUndefined();
    expect(shownPanes(l, { mobile: false }).map((p) => p.id)).toEqual(["w", "o", "p", "d"]);
  });

  it("a lone pane has nothing to cover", () => {
    const l: Layout = { root: pane("home", "h"), focused: "h" };
    expect(toggleMaximised(l).maximised).toBeUndefined();
  });

  it("in any sequence of focus, split, close and maximise, the focused pane is a seen one, and only a maximised pane hides others", () => {
    type Op = { k: "toggle" } | { k: "focus"; n: number } | { k: "split"; dir: "row" | "column" } | { k: "close" };
    const op = fc.oneof(
      fc.constant<Op>({ k: "toggle" }),
      fc.nat(5).map<Op>((n) => ({ k: "focus", n })),
      fc.constantFrom<Op>({ k: "split", dir: "row" }, { k: "split", dir: "column" }),
      fc.constant<Op>({ k: "close" }),
    );
    const seed = Date.now() % 2 ** 31;
    fc.assert(
      fc.property(fc.array(op, { maxLength: 25 }), (ops) => {
        let l = trading();
        // The model: which pane is maximised, by the words: the key maximises the focused pane, the same key restores; any other pane taking the focus restores.
        let model: string | undefined;
        for (const o of ops) {
          const ids = panes(l.root).map((p) => p.id);
          if (o.k === "toggle") {
            model = model === undefined && ids.length > 1 ? l.focused : undefined;
            l = toggleMaximised(l);
          } else if (o.k === "focus") {
            const id = ids[o.n % ids.length]!;
            if (id !== l.focused) model = undefined;
            l = keepMaximised({ ...l, focused: id });
          } else if (o.k === "split") {
            model = undefined; // the new pane takes the focus
            l = keepMaximised(splitPane(l, l.focused, o.dir));
          } else {
            if (ids.length > 1) model = undefined;
            l = keepMaximised(closePane(l, l.focused));
          }
          const shown = shownPanes(l, { mobile: false }).map((p) => p.id);
          expect(l.maximised).toBe(model);
          expect(shown).toContain(l.focused);
          expect(shown).toEqual(model ? [model] : panes(l.root).map((p) => p.id));
        }
      }),
      { seed, numRuns: 200 },
    );
  });
});

describe("Layout: Single pane keeps the focused view (issue 29)", () => {
  it("an option chain stays an option chain, with its own state", () => {
    const single = PRESETS.find((p) => p.id === "single")!;
    const chain = pane("optionchain", "c", { chain: { symbol: "NIFTY", strikes: 20 } });
    const l = single.build(undefined, chain);
    expect(panes(l.root).map((p) => [p.view, p.state])).toEqual([["optionchain", { chain: { symbol: "NIFTY", strikes: 20 } }]]);
    expect(panes(single.build().root)[0]!.view).toBe("home");
  });
});

describe("a chart gets room (issue 29)", () => {
  const px = (l: Layout, id: string, t: { w: number; h: number }) => {
    const r = rects(l.root).get(id)!;
    return { w: r.w * t.w, h: r.h * t.h };
  };
  it("at 1280x800 no Trading pane can give 480x260, so the chart takes a band under the whole tiling, every pane keeping its width", () => {
    const t = { w: 1276, h: 740 };
    const l = placeWithRoom(trading(), "chart", undefined, t, MIN_CHART);
    const chart = panes(l.root).find((p) => p.view === "chart")!;
    expect(l.focused).toBe(chart.id);
    const size = px(l, chart.id, t);
    // Halving the focused watchlist gave 1276 * 0.3 / 2 = 191 px (the "about 165 px" with borders).
    expect(size.w).toBe(1276);
    expect(size.h).toBeGreaterThanOrEqual(MIN_CHART.h);
    expect(px(l, "w", t).w).toBeCloseTo(1276 * 0.3);
  });
  it("at 1680x1000 the widest pane that can give the room gives it, not the focused one by default", () => {
    const t = { w: 1676, h: 945 };
    // Orders 1676*0.7*0.7 = 821 x 472: halving either way is < 480 wide or < 260 high; the watchlist 503 x 945 stacked gives 503 x 472.
    const l = placeWithRoom({ ...trading(), focused: "d" }, "chart", undefined, t, MIN_CHART);
    const chart = panes(l.root).find((p) => p.view === "chart")!;
    const size = px(l, chart.id, t);
    expect(size.w).toBeGreaterThanOrEqual(MIN_CHART.w);
    expect(size.h).toBeGreaterThanOrEqual(MIN_CHART.h);
    expect(panes(l.root).map((p) => p.view)).toEqual(["watchlist", "chart", "orders", "position", "depth"]);
  });
  it("whatever the layout and screen, a new chart is at least the minimum when the tiling is", () => {
    const seed = Date.now() % 2 ** 31;
    fc.assert(
      fc.property(fc.array(fc.record({ n: fc.nat(8), dir: fc.constantFrom("row" as const, "column" as const) }), { maxLength: 6 }), fc.integer({ min: 960, max: 2560 }), fc.integer({ min: 600, max: 1400 }), (splits, w, h) => {
        let l = trading();
        for (const s of splits) {
          const ids = panes(l.root).map((p) => p.id);
          l = splitPane({ ...l, focused: ids[s.n % ids.length]! }, ids[s.n % ids.length]!, s.dir);
        }
        const t = { w, h };
        const placed = placeWithRoom(l, "chart", undefined, t, MIN_CHART);
        const size = px(placed, placed.focused, t);
        // Within a millionth of a pixel: ratios are floating point.
        expect(size.w).toBeGreaterThanOrEqual(MIN_CHART.w - 1e-6);
        expect(size.h).toBeGreaterThanOrEqual(MIN_CHART.h - 1e-6);
      }),
      { seed, numRuns: 300 },
    );
  });
});
