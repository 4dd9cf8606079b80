import { describe, expect, it } from "vitest";
import { foldSign } from "../../../../src/core/workspace/columns";

// Issue 29: "nothing vanishes silently": a grid with folded columns says how many, and its title names
// them and how to get them back; a grid with no column chooser (baskets) does not point to one.
describe("the fold sign", () => {
  it("says nothing when nothing is folded", () => {
    expect(foldSign([])).toBeUndefined();
  });
  it("counts the folded columns and names them, with the chooser where the grid has one", () => {
    expect(foldSign(["LTP", "Product"])).toEqual({ text: "+2 cols", title: "Folded to fit the pane: LTP, Product. Widen the pane to see them, or choose the columns (Columns…)." });
    expect(foldSign(["LTP"], true)).toEqual({ text: "+1", title: "Folded to fit the pane: LTP. Widen the pane to see it, or choose the columns (Columns…)." });
  });
  it("points to no chooser in a grid that has none", () => {
    expect(foldSign(["Scrips", "Required margin"], false, false)).toEqual({ text: "+2 cols", title: "Folded to fit the pane: Scrips, Required margin. Widen the pane to see them." });
  });
});
