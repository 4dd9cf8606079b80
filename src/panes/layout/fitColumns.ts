import { useCallback } from "react";

/**
 * Grids that fit their pane, one mechanism for every grid: columns size to their content, each
 * cell carries `data-priority` (1 always shown, up to 4 hidden first), and the grid's `data-fit`
 * says which priorities are shown. When the grid is wider than its pane, the least important
 * columns hide one level at a time; when it still does not fit, the pane scrolls sideways
 * (.pane-body overflows auto). The CSS that hides the cells is in src/app/styles.css (.fit).
 */
export const ALL_PRIORITIES = 4;

/** Whether a grid is wider than the room it has: a table against its container, a div grid against itself. */
export type Overflows = (grid: HTMLElement) => boolean;

const tableOverflows: Overflows = (grid) => {
  const room = grid.parentElement?.clientWidth ?? Infinity;
  return grid.scrollWidth > room + 1;
};

/** Shows every priority, then hides the least important levels until the grid fits or only priority 1 is left. */
export function fitGrid(grid: HTMLElement, overflows: Overflows = tableOverflows): void {
  let level = ALL_PRIORITIES;
  grid.dataset.fit = String(level);
  while (level > 1 && overflows(grid)) {
    level -= 1;
    grid.dataset.fit = String(level);
  }
}

/** Hides one more level when the grid has grown too wide (its rows changed), never showing more on its own. */
function tighten(grid: HTMLElement, overflows: Overflows): void {
  let level = Number(grid.dataset.fit ?? ALL_PRIORITIES);
  while (level > 1 && overflows(grid)) {
    level -= 1;
    grid.dataset.fit = String(level);
  }
}

/**
 * A ref for a grid element (its className should include "fit"): refits when its pane's width
 * changes, tightens when its content grows wider.
 */
export function useFitColumns<T extends HTMLElement>(overflows: Overflows = tableOverflows): (grid: T | null) => (() => void) | undefined {
  return useCallback(
    (grid: T | null) => {
      if (!grid) return undefined;
      const container = grid.parentElement;
      fitGrid(grid, overflows);
      let width = container?.clientWidth ?? 0;
      const observer = new ResizeObserver(() => {
        const now = container?.clientWidth ?? 0;
        if (now !== width) {
          width = now;
          fitGrid(grid, overflows);
        } else tighten(grid, overflows);
      });
      if (container) observer.observe(container);
      observer.observe(grid);
      return () => observer.disconnect();
    },
    [overflows],
  );
}
