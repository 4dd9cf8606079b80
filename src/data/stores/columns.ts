import { observable } from "@legendapp/state";
import { moveColumn, settleChoice, toggleOptional, toggleShown, type ColumnChoice } from "../../core/workspace/columns";
import { GRID_COLUMNS, type GridId } from "../../core/workspace/gridColumns";
import { findPane } from "../../core/workspace/tree";
import { layout$, workspace } from "./workspace";

/**
 * The column chooser (issue 29): the trader's columns live in the pane's state (saved with the
 * layout); this store holds only where the open chooser is: which of the pane's grids, which row.
 */
export const columnChooser$ = observable<{ grid: number; at: number }>({ grid: 0, at: 0 });

/** One pane's columns of `grid`, made whole against today's columns (a saved choice may predate one). */
export function paneColumns(paneId: string, grid: GridId): ColumnChoice {
  return settleChoice(GRID_COLUMNS[grid], findPane(layout$.peek().root, paneId)?.state?.columns?.[grid]);
}

function save(paneId: string, grid: GridId, next: ColumnChoice): void {
  const state = findPane(layout$.peek().root, paneId)?.state;
  workspace.setPaneState(paneId, { columns: { ...state?.columns, [grid]: next } });
}

export const showOrHideColumn = (paneId: string, grid: GridId, id: string) => save(paneId, grid, toggleShown(GRID_COLUMNS[grid], paneColumns(paneId, grid), id));
export const markColumnOptional = (paneId: string, grid: GridId, id: string) => save(paneId, grid, toggleOptional(GRID_COLUMNS[grid], paneColumns(paneId, grid), id));
export function moveColumnBy(paneId: string, grid: GridId, id: string, by: -1 | 1): void {
  const before = paneColumns(paneId, grid);
  const next = moveColumn(before, id, by);
  save(paneId, grid, next);
  // The chooser's cursor goes with the column it moved.
  columnChooser$.at.set(next.order.indexOf(id));
}
/** Back to the grid's own columns: the pane forgets the trader's choice for it. */
export function resetColumns(paneId: string, grid: GridId): void {
  const state = findPane(layout$.peek().root, paneId)?.state;
  const rest = { ...state?.columns };
  delete rest[grid];
  workspace.setPaneState(paneId, { columns: rest });
}

/** The saved choice of one pane's grid as stored (undefined: the grid's own columns), for a view to observe. */
export function savedColumns(paneId: string, grid: GridId): ColumnChoice | undefined {
  return findPane(layout$.get().root, paneId)?.state?.columns?.[grid];
}
