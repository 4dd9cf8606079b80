import { describe, expect, it } from "vitest";
import { steppedTabs } from "../../../../src/core/rules/tabs";

/**
 * trading-core section 2: "Funds (/funds) – Tab: INR Balance. The limits view has the tabs Equity
 * and F&O." DESIGN.md section 3: keys reach every view. `[` and `]` step the row of tabs a page
 * has to choose from: its tabs where it has two or more, else its sub-tabs, so a page whose one
 * tab holds a second row (Funds) steps that row and no tabs on screen go unreachable.
 */
describe("the tabs [ and ] step", () => {
  it("Funds, one tab INR Balance: its sub-tabs Equity and F&O", () => {
    expect(steppedTabs("funds")).toEqual({ level: "subTab", names: ["Equity", "F&O"] });
  });

  it("a page with two or more tabs: its tabs, even where it has sub-tabs too (Ideas keeps t for its product row)", () => {
    expect(steppedTabs("holdings")).toEqual({ level: "tab", names: ["Stocks", "BNPL"] });
    expect(steppedTabs("ideas")).toEqual({ level: "tab", names: ["Equity", "F&O", "Commodity"] });
  });

  it("a page with no tabs and no sub-tabs: none", () => {
    expect(steppedTabs("optionchain")).toBeUndefined();
    expect(steppedTabs("alerts")).toBeUndefined();
  });
});
