import { describe, expect, it } from "vitest";
import { clearOf } from "../../../src/panes/chart/drawings/clearOf";

/**
 * A drawing's label kept off the legend floating over the candles (drawings/clearOf.ts). The rule:
 * a label clear of it stays put; one under it goes beside it on the right at the same height (2 px
 * gap) if it fits 2 px inside the pane, else under it at the same left, else stays.
 */
const pane = { width: 400, height: 200 };
const legend = { left: 4, top: 0, right: 200, bottom: 30 };

describe("clearOf", () => {
  it("leaves a label clear of the legend where it is", () => {
    const label = { left: 6, top: 40, right: 136, bottom: 56 };
    expect(clearOf(label, legend, pane)).toEqual(label);
    expect(clearOf(label, null, pane)).toEqual(label);
  });

  it("moves a label under the legend beside it, at its height: left 200 + 2 = 202, 130 wide", () => {
    expect(clearOf({ left: 6, top: 2, right: 136, bottom: 18 }, legend, pane)).toEqual({ left: 202, top: 2, right: 332, bottom: 18 });
  });

  it("moves it under the legend when beside it would pass the pane's edge: 202 + 130 > 400 - 2 when the legend ends at 270; top 30 + 2 = 32", () => {
    const wide = { ...legend, right: 270 };
    expect(clearOf({ left: 6, top: 2, right: 136, bottom: 18 }, wide, pane)).toEqual({ left: 6, top: 32, right: 136, bottom: 48 });
  });

  it("leaves it where it was when neither fits: a legend as wide and as tall as the pane", () => {
    const label = { left: 6, top: 2, right: 136, bottom: 18 };
    expect(clearOf(label, { left: 0, top: 0, right: 390, bottom: 190 }, pane)).toEqual(label);
  });

  it("a label touching the legend's edge is clear of it", () => {
    const label = { left: 6, top: 30, right: 136, bottom: 46 };
    expect(clearOf(label, legend, pane)).toEqual(label);
  });
});
