import { describe, expect, it } from "vitest";
import { layOutLabels, offScale, offScaleText } from "../../../../../src/core/charts/drawings/labelLayout";

// Each expected box worked by hand from the rule in labelLayout.ts (gap 2 px, labels 16 px high).
describe("drawing labels laid out on the candle pane", () => {
  const pane = { width: 200, height: 100 };

  it("keeps a label that meets nothing where it was wanted", () => {
    expect(layOutLabels([{ left: 6, top: 40, right: 60, bottom: 56 }], pane)).toEqual([{ left: 6, top: 40, right: 60, bottom: 56 }]);
  });

  it("stacks a label pushed to the top onto another's spot just under it (the explorer's 1,144.40 over 1,140.20)", () => {
    // The second's middle (10) is in the upper half (< 50): down, to the first's bottom 18 + 2 = 20.
    const out = layOutLabels([{ left: 6, top: 2, right: 140, bottom: 18 }, { left: 6, top: 2, right: 165, bottom: 18 }], pane);
    expect(out).toEqual([{ left: 6, top: 2, right: 140, bottom: 18 }, { left: 6, top: 20, right: 165, bottom: 36 }]);
  });

  it("stacks a label at the bottom just over the one there", () => {
    // Middle 90 is in the lower half: up, to the first's top 82 − 2 − 16 = 64.
    const out = layOutLabels([{ left: 6, top: 82, right: 60, bottom: 98 }, { left: 6, top: 82, right: 60, bottom: 98 }], pane);
    expect(out[1]).toEqual({ left: 6, top: 64, right: 60, bottom: 80 });
  });

  it("moves a label off a box kept clear (the legend) as off another label", () => {
    const out = layOutLabels([{ left: 6, top: 2, right: 60, bottom: 18 }], pane, [{ left: 0, top: 0, right: 100, bottom: 30 }]);
    expect(out).toEqual([{ left: 6, top: 32, right: 60, bottom: 48 }]);
  });

  it("puts a label beside the others, at its height, where stacking leaves the pane", () => {
    // Pane 40 high: the second stacks at 20..36; the third would go to 38..54 (> 40), so beside the
    // first (the one it meets at its own height): left 60 + 2 = 62.
    const w = { left: 6, top: 2, right: 60, bottom: 18 };
    const out = layOutLabels([w, w, w], { width: 200, height: 40 });
    expect(out).toEqual([w, { left: 6, top: 20, right: 60, bottom: 36 }, { left: 62, top: 2, right: 116, bottom: 18 }]);
  });

  it("leaves a label out where it fits neither under nor beside", () => {
    // Pane 100×20: under would be 20..36 (> 20); beside 62..116 (> 100).
    const w = { left: 6, top: 2, right: 60, bottom: 18 };
    expect(layOutLabels([w, w], { width: 100, height: 20 })).toEqual([w, null]);
  });
});

describe("a line off the visible scale", () => {
  it("is above over the pane's top, below under its bottom, on it at the edges", () => {
    expect(offScale(-1, 100)).toBe("above");
    expect(offScale(0, 100)).toBeNull();
    expect(offScale(100, 100)).toBeNull();
    expect(offScale(100.5, 100)).toBe("below");
  });

  it("has its label say which way with an arrow", () => {
    expect(offScaleText("1,144.40 \u00b7 alert above", "above")).toBe("\u25b2 1,144.40 \u00b7 alert above");
    expect(offScaleText("1,100.00", "below")).toBe("\u25bc 1,100.00");
    expect(offScaleText("1,140.20", null)).toBe("1,140.20");
  });
});
