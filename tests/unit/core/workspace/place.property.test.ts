import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MIN_CHART, placeWithRoom, type Size } from "../../../../src/core/workspace/place";
import { LINK_COLOURS, type Link } from "../../../../src/core/workspace/linkColours";
import type { GroupInstruments } from "../../../../src/core/workspace/links";
import { pane, panes, split, type Layout, type LayoutNode, type PaneInstrument } from "../../../../src/core/workspace/tree";

/**
 * Where a pane that needs room goes (issue 29) and named workspaces (issue 32): "A placement
 * changes where panes are, nothing else: groups, their instruments and popped panes are kept."
 * So, whatever the layout and the screen, after placing a new pane: the groups' instruments are
 * the same, the popped panes are the same, every pane that was there is there with the same view
 * and state, and there is one pane more (the new one, focused).
 */
const INSTRUMENTS: PaneInstrument[] = [
  { exchange: "NSEEQ", token: 11536, tradingSymbol: "TCS" },
  { exchange: "NSEEQ", token: 1594, tradingSymbol: "INFY" },
  { exchange: "NSEFO", token: 26000, tradingSymbol: "NIFTY" },
];
const VIEWS = ["watchlist", "orders", "depth", "chart", "optionchain", "position"] as const;

/** A tiling of 1 to 7 panes, each with a view and maybe a link colour; ids p0, p1, … in build order. */
const tree: fc.Arbitrary<LayoutNode> = fc
  .array(
    fc.record({
      view: fc.constantFrom(...VIEWS),
      link: fc.constantFrom<Link | undefined>(undefined, "none", ...LINK_COLOURS),
      dir: fc.constantFrom("row" as const, "column" as const),
      ratio: fc.double({ min: 0.1, max: 0.9, noNaN: true }),
      at: fc.nat(),
    }),
    { minLength: 1, maxLength: 7 },
  )
  .map((specs) => {
    // Each spec after the first splits one of the panes so far: every shape of tree is reachable.
    const leaf = (i: number) => pane(specs[i]!.view, `p${i}`, specs[i]!.link ? { link: specs[i]!.link } : undefined);
    let root: LayoutNode = leaf(0);
    for (let i = 1; i < specs.length; i++) {
      const s = specs[i]!;
      const ids = panes(root).map((p) => p.id);
      const target = ids[s.at % ids.length]!;
      const replace = (n: LayoutNode): LayoutNode =>
        n.type === "pane" ? (n.id === target ? split(s.dir, n, leaf(i), s.ratio) : n) : { ...n, a: replace(n.a), b: replace(n.b) };
      root = replace(root);
    }
    return root;
  });

const groups: fc.Arbitrary<GroupInstruments> = fc
  .array(fc.tuple(fc.constantFrom(...LINK_COLOURS), fc.constantFrom(...INSTRUMENTS)), { maxLength: 4 })
  .map((pairs) => Object.fromEntries(pairs) as GroupInstruments);

const layout: fc.Arbitrary<Layout> = fc.tuple(tree, groups, fc.array(fc.nat(), { maxLength: 3 }), fc.nat()).map(([root, g, pops, f]) => {
  const ids = panes(root).map((p) => p.id);
  const popped = [...new Set(pops.map((n) => ids[n % ids.length]!))];
  return { root, focused: ids[f % ids.length]!, ...(Object.keys(g).length ? { groups: g } : {}), ...(popped.length ? { popped } : {}) };
});

/** Screens from a phone-sized tiling (where no pane has room and the band is taken) to a wide monitor. */
const tiling: fc.Arbitrary<Size> = fc.record({ w: fc.integer({ min: 300, max: 2560 }), h: fc.integer({ min: 200, max: 1400 }) });

describe("a placement changes where panes are, nothing else (issue 29 with issue 32's groups and popped panes)", () => {
  it("the issue's case: chart grid from Orders at 1280x800 with depth popped out keeps the depth out and the groups' instruments", () => {
    // Orders over positions beside a red depth and a red chain: no pane gives 480x260 at 1276x740 halved, so the band is taken.
    const TCS = INSTRUMENTS[0]!;
    const root = split("row", split("column", pane("orders", "o"), pane("position", "p")), split("row", pane("depth", "d", { link: "red" }), pane("optionchain", "oc", { link: "red" })), 0.4);
    const before: Layout = { root, focused: "o", groups: { red: TCS }, popped: ["d"] };
    const after = placeWithRoom(before, "multichart", undefined, { w: 1276, h: 740 }, MIN_CHART);
    // The band: the old tiling is one side of a split along the bottom.
    expect(after.root.type === "split" && after.root.direction === "column" && after.root.a).toBe(root);
    expect(after.groups).toEqual({ red: TCS });
    expect(after.popped).toEqual(["d"]);
  });

  it("whatever the layout and screen: the same groups, popped panes and panes, and one new focused pane", () => {
    const seed = Date.now() % 2 ** 31;
    fc.assert(
      fc.property(layout, tiling, (before, t) => {
        const after = placeWithRoom(before, "chart", undefined, t, MIN_CHART);
        expect(after.groups).toEqual(before.groups);
        expect(after.popped).toEqual(before.popped);
        const was = panes(before.root);
        const now = panes(after.root);
        // Every pane that was there, as it was (view, state, link): only its place may change.
        for (const p of was) expect(now.find((q) => q.id === p.id)).toEqual(p);
        const added = now.filter((q) => !was.some((p) => p.id === q.id));
        expect(added.map((q) => q.view)).toEqual(["chart"]);
        expect(after.focused).toBe(added[0]!.id);
      }),
      { seed, numRuns: 300 },
    );
  });
});
