/**
 * The chart grid in the layout (issue 32): a choice that retargets a grid pane (its colour
 * group's, or one made with the grid focused) goes to its focused cell only (chartGrid.ts says
 * why); each cell is drawn as a chart pane of its own under a cell id.
 */
import { chooseInGrid, readChartGrid, type ChartGrid } from "./chartGrid";
import { findPane, setPaneState, type Layout, type PaneInstrument } from "./tree";
import { shownInstrument } from "./links";

/** The view id of the grid pane. */
export const GRID_VIEW = "multichart";

/** The grid a pane keeps, read through readChartGrid (a saved layout is trusted piece by piece). */
export function gridOf(state: { grid?: unknown } | undefined): ChartGrid | undefined {
  return readChartGrid(state?.grid);
}

/**
 * The layout after `instrument` retargeted the panes `ids`: each grid among them puts it in its
 * focused cell. `before` is the layout the choice was made in, and `active` the active scrip then:
 * what a grid showed before it (its group's, its own, else the active scrip), which its cells
 * never given an instrument keep (chartGrid.ts chooseInGrid).
 */
export function gridsFollow(layout: Layout, ids: readonly string[], instrument: PaneInstrument, before?: Layout, active?: PaneInstrument): Layout {
  let next = layout;
  for (const id of ids) {
    const p = findPane(next.root, id);
    const g = p?.view === GRID_VIEW ? gridOf(p.state) : undefined;
    const was = before ? findPane(before.root, id) : undefined;
    const shown = (was ? shownInstrument(before!, was) : undefined) ?? active;
    if (g) next = setPaneState(next, id, { grid: chooseInGrid(g, instrument, shown) });
  }
  return next;
}

const CELL = "~cell";

/** The id a grid cell's chart is drawn under (its chart keys, drawings and selection are kept by it). */
export function cellId(paneId: string, index: number): string {
  return `${paneId}${CELL}${index}`;
}

/** The grid pane and cell a cell id names; undefined for a plain pane id. */
export function parseCellId(id: string): { paneId: string; index: number } | undefined {
  const at = id.lastIndexOf(CELL);
  if (at < 0) return undefined;
  const index = Number(id.slice(at + CELL.length));
  return Number.isInteger(index) && index >= 0 ? { paneId: id.slice(0, at), index } : undefined;
}
