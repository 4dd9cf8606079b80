import { describe, expect, it } from "vitest";
import { PRESETS } from "../../../src/core/workspace/presets";
import type { LayoutNode } from "../../../src/core/workspace/tree";

/** Each pane's width in px: a row split gives its first child `ratio` of the width, a column split the whole width to both. */
function widths(node: LayoutNode, px: number): Array<{ view: string; px: number }> {
  if (node.type === "pane") return [{ view: node.view, px }];
  return node.direction === "row" ? [...widths(node.a, px * node.ratio), ...widths(node.b, px * (1 - node.ratio))] : [...widths(node.a, px), ...widths(node.b, px)];
}

/*
 * Issue 29, Widths: "At 2560 px a layout preset uses the width (more panes, or denser columns), not
 * empty space." On the standard screens (1280, 1680, 1920) the presets keep their definitions.
 */
describe("layout presets on a wide screen", () => {
  for (const id of ["trading", "investing", "monitor"] as const) {
    const preset = PRESETS.find((p) => p.id === id)!;

    it(`${id}: at 2560 px more panes than at 1680, every pane 500 to 1,250 px wide`, () => {
      const standard = widths(preset.build(1680).root, 1680);
      const wide = widths(preset.build(2560).root, 2560);
      expect(wide.length).toBeGreaterThan(standard.length);
      // Every view of the standard layout is still there.
      for (const p of standard) expect(wide.map((w) => w.view)).toContain(p.view);
      for (const p of wide) {
        expect(p.px, `${p.view} at 2560`).toBeGreaterThanOrEqual(500);
        expect(p.px, `${p.view} at 2560`).toBeLessThanOrEqual(1250);
      }
    });

    it(`${id}: 1280, 1680 and 1920 px, and an unknown width, get the one standard layout`, () => {
      const shape = (n: LayoutNode): unknown => (n.type === "pane" ? n.view : [n.direction, n.ratio, shape(n.a), shape(n.b)]);
      const standard = shape(preset.build().root);
      for (const w of [1280, 1680, 1920]) expect(shape(preset.build(w).root)).toEqual(standard);
    });
  }
});
