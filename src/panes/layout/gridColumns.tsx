import { useSelector } from "@legendapp/state/react";
import { Fragment, useMemo, type ReactNode } from "react";
import { LAST_RESORT, withLastResort } from "../../core/rules/fitColumns";
import { settleChoice, shownColumns, type ColumnSpec } from "../../core/workspace/columns";
import { GRID_COLUMNS, type ColumnId, type GridId } from "../../core/workspace/gridColumns";
import { savedColumns } from "../../data/stores/columns";
import { usePane } from "./pane";

/** What every cell of a column carries: its column, and its fold when the trader marked it optional or the grid folds it as a last resort (fitColumns.ts). */
export interface CellAt {
  "data-col": string;
  "data-fold"?: number;
}

/** How a view draws one column: its header's alignment, a row's cell, and the totals line's cell if it has one. */
export interface GridCell<R> {
  num?: boolean;
  cell: (row: R, at: CellAt) => ReactNode;
}

/** One cell per column id of the grid: a column added to GRID_COLUMNS without its cell does not compile. */
export type GridCells<G extends GridId, R> = Record<ColumnId<G>, GridCell<R>>;

/** What a column's header carries besides its cells' marks: its label for the fold sign (fitColumns.ts) and its name in words. */
export interface HeadAt extends CellAt {
  "data-label": string;
  title?: string;
}

export interface ShownGrid<G extends GridId> {
  columns: Array<{ id: ColumnId<G>; label: string; at: CellAt; head: HeadAt }>;
  /** Spread on the grid element (with className "fit" and useFitColumns' ref). */
  gridAt: { "data-folds": number; "data-columns": string };
}

/** The columns of `grid` as this pane's trader chose them (saved with the pane), in their order. */
export function useGridColumns<G extends GridId>(grid: G): ShownGrid<G> {
  const paneId = usePane().id;
  const saved = useSelector(() => savedColumns(paneId, grid));
  return useMemo(() => {
    const specs = GRID_COLUMNS[grid];
    // The optional columns fold first, then the grid's last-resort ones (src/core/rules/fitColumns.ts).
    const shown = withLastResort(shownColumns(settleChoice(specs, saved)), LAST_RESORT[grid] ?? []);
    const columns = shown.map((c) => {
      const spec: ColumnSpec | undefined = specs.find((s) => s.id === c.id);
      const label = spec?.label ?? c.id;
      const at: CellAt = c.fold === undefined ? { "data-col": c.id } : { "data-col": c.id, "data-fold": c.fold };
      return { id: c.id as ColumnId<G>, label, at, head: spec?.title ? { ...at, "data-label": label, title: spec.title } : { ...at, "data-label": label } };
    });
    return { columns, gridAt: { "data-folds": shown.filter((c) => c.fold !== undefined).length, "data-columns": shown.map((c) => c.id).join(" ") } };
  }, [grid, saved]);
}

export function GridHead<G extends GridId, R>({ shown, cells }: { shown: ShownGrid<G>; cells: GridCells<G, R> }) {
  return (
    <thead>
      <tr>
        {shown.columns.map((c) => (
          <th key={c.id} className={cells[c.id].num ? "num" : undefined} {...c.head}>
            {c.label}
          </th>
        ))}
        <FoldSign as="th" />
      </tr>
    </thead>
  );
}

/**
 * The sign a grid shows at the end of its header while columns are folded ("+2 cols", its title
 * naming them): written by the fit (fitColumns.ts), which counts its room; empty and so hidden
 * otherwise. React renders it empty and never touches its text again.
 */
export function FoldSign({ as }: { as: "th" | "span" | "caption" }) {
  // A caption (depth, time and sales) takes no column: in a pane of ~80 px a column of its own for "+3" was room a price needed.
  if (as === "caption") return <caption className="fold-sign" data-fold-sign="" />;
  return as === "th" ? <th className="fold-sign" data-fold-sign="" /> : <span role="columnheader" className="fold-sign" data-fold-sign="" />;
}

/** A row's cells in the chosen order. */
export function GridCellsOf<G extends GridId, R>({ shown, cells, row }: { shown: ShownGrid<G>; cells: GridCells<G, R>; row: R }) {
  return (
    <>
      {shown.columns.map((c) => (
        <Fragment key={c.id}>{cells[c.id].cell(row, c.at)}</Fragment>
      ))}
    </>
  );
}
