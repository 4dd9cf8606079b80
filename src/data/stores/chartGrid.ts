import { moveCellFocus, newGrid, resizeGrid, setCellIndicators, setCellInterval, toggleSync, type CellMove, type ChartGrid, type GridSize, type SyncKind } from "../../core/workspace/chartGrid";
import { GRID_VIEW, gridOf, parseCellId } from "../../core/workspace/gridLinks";
import type { ChartInterval } from "../../core/charts/intervals";
import type { PaneInstrument } from "../../core/workspace/tree";
import { MIN_CHART } from "../../core/workspace/place";
import { workspace } from "./workspace";
import { activeScrip$ } from "./activeScrip";
import { FIRST_CHART } from "../../core/charts/firstChart";

/**
 * The chart grid's actions on the layout (issue 32): the pure rules are core/workspace/chartGrid.ts;
 * here they are applied to the grid pane's state, which the layout saves.
 */

/** The focused pane when it is a chart grid. */
export function focusedGrid(): { id: string; grid: ChartGrid } | undefined {
  const p = workspace.focusedPane();
  const grid = p?.view === GRID_VIEW ? gridOf(p.state) : undefined;
  return p && grid ? { id: p.id, grid } : undefined;
}

function gridPane(id: string): ChartGrid | undefined {
  const p = workspace.allPanes().find((x) => x.id === id);
  return p?.view === GRID_VIEW ? gridOf(p.state) : undefined;
}

function update(id: string, fn: (g: ChartGrid) => ChartGrid): void {
  const g = gridPane(id);
  if (g) workspace.setPaneState(id, { grid: fn(g) });
}

/** A grid room: a 9-chart grid wants the space of about four single charts. */
function roomFor(size: GridSize) {
  const { w, h } = MIN_CHART;
  return size <= 2 ? { w: w * 1.5, h } : { w: w * 1.5, h: h * 1.6 };
}

/**
 * "Chart grid: N": the focused grid (else the one on screen) takes N cells, keeping its charts;
 * with none, a grid opens beside the focused pane, every cell on `instrument`.
 */
export function openGrid(size: GridSize, instrument?: PaneInstrument): void {
  const focused = focusedGrid();
  const existing = focused ?? workspace.shownPanes().filter((p) => p.view === GRID_VIEW).map((p) => ({ id: p.id, grid: gridOf(p.state) })).find((x) => x.grid);
  if (existing?.grid) {
    workspace.setPaneState(existing.id, { grid: resizeGrid(existing.grid, size) });
    workspace.focus(existing.id);
    return;
  }
  // link "none": a new grid keeps its own cells until the trader puts it in a group (Alt+L).
  // Nothing selected: every cell starts on the active scrip (NIFTY before one), which it would show anyway, as a cell of its
  // own, so a later choice in one cell leaves the others where they are (core/workspace/chartGrid.ts).
  workspace.showBeside(GRID_VIEW, { grid: newGrid(size, instrument ?? activeScrip$.peek().scrip ?? { ...FIRST_CHART }), link: "none" }, roomFor(size));
}

export function moveGridFocus(id: string, move: CellMove): void {
  update(id, (g) => moveCellFocus(g, move));
}

export function focusGridCell(id: string, index: number): void {
  update(id, (g) => (index >= 0 && index < g.size && g.focus !== index ? { ...g, focus: index } : g));
}

export function toggleGridSync(id: string, kind: SyncKind): ChartGrid | undefined {
  update(id, (g) => toggleSync(g, kind));
  return gridPane(id);
}

/** An interval chosen for a grid cell (its button, or 1 to 5 on the focused cell): every cell's while synced. */
export function setGridInterval(id: string, interval: ChartInterval, at?: number): void {
  update(id, (g) => setCellInterval(g, interval, at));
}

/** Cell `index`'s own indicators (as typed after `chart add`); undefined puts it back on the user's template. */
export function setGridCellIndicators(id: string, index: number, indicators: readonly string[] | undefined): void {
  update(id, (g) => setCellIndicators(g, index, indicators));
}

/** A chart's interval button under a pane or cell id: a cell's goes to its grid. */
export function setChartInterval(paneOrCell: string, interval: ChartInterval): void {
  const cell = parseCellId(paneOrCell);
  if (cell) setGridInterval(cell.paneId, interval, cell.index);
  else workspace.setPaneState(paneOrCell, { interval });
}
