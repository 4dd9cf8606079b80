import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fitGrid, keepFitted } from "../../../src/panes/layout/fitColumns";

/**
 * Issue 29: "At 1680 px the Orders pane drops Trigger, then Product and Actions after a long
 * option symbol or a sliced order appears, and they never come back". Fitting hides only what the
 * trader marked optional, and brings it back when there is room again.
 */

/** A grid of columns of known widths in a pane of `room` px; the cells with a fold hide by data-folded. */
function fakeGrid(widths: Array<{ w: number; fold?: number }>, room: { px: number }) {
  const grid = { dataset: {} as Record<string, string>, parentElement: {} } as unknown as HTMLElement;
  grid.dataset.folds = String(widths.filter((c) => c.fold !== undefined).length);
  const width = () => {
    const folded = new Set((grid.dataset.folded ?? "").split(" ").filter(Boolean).map(Number));
    return widths.filter((c) => c.fold === undefined || !folded.has(c.fold)).reduce((n, c) => n + c.w, 0);
  };
  const overflows = () => width() > room.px;
  return { grid, overflows, width };
}

let resized: Array<() => void> = [];
beforeEach(() => {
  resized = [];
  vi.stubGlobal("ResizeObserver", class { constructor(cb: () => void) { resized.push(cb); } observe() {} disconnect() {} });
  vi.stubGlobal("MutationObserver", class { observe() {} disconnect() {} });
});
afterEach(() => vi.unstubAllGlobals());

describe("fitting a grid with a column chooser", () => {
  // Instrument 200 (required), Product 80 (optional, fold 2), Trigger 90 (required), Actions 120 (optional, fold 1).
  const columns = [{ w: 200 }, { w: 80, fold: 2 }, { w: 90 }, { w: 120, fold: 1 }];

  it("folds the optional columns, the last first, and never a required one", () => {
    const room = { px: 300 };
    const g = fakeGrid(columns, room);
    fitGrid(g.grid, g.overflows);
    // 490 > 300: Actions goes (370), then Product (290): both optional folds, and 290 fits.
    expect(g.grid.dataset.folded).toBe("1 2");
    room.px = 100;
    fitGrid(g.grid, g.overflows);
    // Nothing more may fold: the required 290 px stay (the pane scrolls sideways).
    expect(g.grid.dataset.folded).toBe("1 2");
    expect(g.width()).toBe(290);
  });

  it("brings folded columns back when the rows narrow again, with no change of the pane's width", () => {
    const room = { px: 500 };
    const wide = [{ w: 200 }, { w: 80, fold: 2 }, { w: 90 }, { w: 120, fold: 1 }];
    const g = fakeGrid(wide, room);
    const stop = keepFitted(g.grid, g.overflows);
    expect(g.grid.dataset.folded).toBe("");
    // A long option symbol arrives: the instrument column grows to 300 px, and the grid reports its new size.
    wide[0]!.w = 300;
    for (const cb of resized) cb();
    expect(g.grid.dataset.folded).toBe("1");
    // The long symbol's order leaves the list: the instrument column is 200 px again, the pane is as wide as before.
    wide[0]!.w = 200;
    for (const cb of resized) cb();
    expect(g.grid.dataset.folded).toBe("");
    stop();
  });
});
