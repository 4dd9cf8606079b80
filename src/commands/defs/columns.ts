import { GRID_COLUMNS, gridsOfView, type GridId } from "../../core/workspace/gridColumns";
import { columnChooser$, markColumnOptional, moveColumnBy, paneColumns, resetColumns, showOrHideColumn } from "../../data/stores/columns";
import { paneTabs } from "../../data/stores/tabs";
import { workspace } from "../../data/stores/workspace";
import { openOverlay, overlay$ } from "../../data/stores/ui";
import { viewTitle } from "../../core/rules/pages";
import { command, type CommandContext } from "../types";
import { dialogOnTop } from "../when";
import { whereTo } from "../whyNot";

/** The views whose grids have a column chooser, for the sentence that says where to go. */
const GRID_VIEWS = ["orders", "position", "holdings", "watchlist", "equity", "etf", "scanner"] as const;

/** The grids of the focused pane, the one on screen first. */
function focusedGrids(ctx: CommandContext): GridId[] {
  const pane = workspace.focusedPane();
  if (!pane || pane.id !== ctx.focusedPaneId) return [];
  return gridsOfView(pane.view, paneTabs(pane).tab);
}

/** The open chooser: its pane, the grid shown and the column under its cursor. */
function chooser(): { paneId: string; grid: GridId; column: string } | undefined {
  const top = overlay$.top.peek();
  if (top.kind !== "columns") return undefined;
  const grid = top.grids[columnChooser$.grid.peek()] ?? top.grids[0]!;
  const column = paneColumns(top.paneId, grid).order[columnChooser$.at.peek()];
  return column === undefined ? undefined : { paneId: top.paneId, grid, column };
}

const inChooser = dialogOnTop("columns");

/** A chooser key: acts on the column under the cursor. */
const onColumn = <const Id extends string>(id: Id, keys: string[], title: string, act: (c: { paneId: string; grid: GridId; column: string }) => void) =>
  command({
    id,
    keys,
    title,
    group: "Columns",
    scope: "columns",
    when: inChooser,
    run: () => {
      const c = chooser();
      if (c) act(c);
    },
  });

function stepCursor(by: number): void {
  const top = overlay$.top.peek();
  if (top.kind !== "columns") return;
  const count = GRID_COLUMNS[top.grids[columnChooser$.grid.peek()] ?? top.grids[0]!].length;
  columnChooser$.at.set(Math.min(count - 1, Math.max(0, columnChooser$.at.peek() + by)));
}

function stepGrid(by: number): void {
  const top = overlay$.top.peek();
  if (top.kind !== "columns") return;
  const n = top.grids.length;
  columnChooser$.set({ grid: (((columnChooser$.grid.peek() + by) % n) + n) % n, at: 0 });
}

export const columnCommands = [
  command({
    id: "grid.columns",
    explore: { section: "More", line: "Show, hide, reorder the columns of the focused grid, and say which may fold away when the pane is narrow." },
    // Alt+C: C for columns; a modifier so it works over a grid's own letter keys (c opens a chart).
    keys: ["alt+c"],
    title: "Columns…",
    group: "View",
    keywords: ["columns", "hide", "show", "reorder", "optional", "fit"],
    whyNot: (ctx) => (focusedGrids(ctx).length > 0 ? undefined : `Columns: ${ctx.focusedView ? viewTitle(ctx.focusedView) : "this pane"} has no grid with a column chooser; ${whereTo(ctx, GRID_VIEWS)}`),
    run: (ctx) => {
      const grids = focusedGrids(ctx);
      if (grids.length === 0 || !ctx.focusedPaneId) return;
      columnChooser$.set({ grid: 0, at: 0 });
      openOverlay({ kind: "columns", paneId: ctx.focusedPaneId, grids });
    },
  }),
  command({ id: "columns.cursor.down", keys: ["arrowdown", "j"], title: "Next column", group: "Columns", scope: "columns", hidden: true, when: inChooser, run: () => stepCursor(1) }),
  command({ id: "columns.cursor.up", keys: ["arrowup", "k"], title: "Previous column", group: "Columns", scope: "columns", hidden: true, when: inChooser, run: () => stepCursor(-1) }),
  command({ id: "columns.cursor.first", keys: ["home"], title: "First column", group: "Columns", scope: "columns", hidden: true, when: inChooser, run: () => stepCursor(-Infinity) }),
  command({ id: "columns.cursor.last", keys: ["end"], title: "Last column", group: "Columns", scope: "columns", hidden: true, when: inChooser, run: () => stepCursor(Infinity) }),
  command({
    // A click on one of the chooser's rows.
    id: "columns.cursor.to",
    title: "Put the chooser's cursor on a column",
    group: "Columns",
    hidden: true,
    when: inChooser,
    run: (_ctx, a: { at: number }) => {
      columnChooser$.at.set(a.at);
    },
  }),
  onColumn("columns.toggle", ["space"], "Show or hide the column", (c) => showOrHideColumn(c.paneId, c.grid, c.column)),
  onColumn("columns.optional", ["o"], "Mark the column optional (folds when narrow) or required", (c) => markColumnOptional(c.paneId, c.grid, c.column)),
  onColumn("columns.move.left", ["alt+arrowup"], "Move the column left (up the list)", (c) => moveColumnBy(c.paneId, c.grid, c.column, -1)),
  onColumn("columns.move.right", ["alt+arrowdown"], "Move the column right (down the list)", (c) => moveColumnBy(c.paneId, c.grid, c.column, 1)),
  onColumn("columns.reset", ["shift+r"], "Reset the grid's columns", (c) => {
    resetColumns(c.paneId, c.grid);
    columnChooser$.at.set(0);
  }),
  command({ id: "columns.grid.next", keys: ["bracketright"], title: "The pane's next grid", group: "Columns", scope: "columns", hidden: true, when: inChooser, run: () => stepGrid(1) }),
  command({ id: "columns.grid.previous", keys: ["bracketleft"], title: "The pane's previous grid", group: "Columns", scope: "columns", hidden: true, when: inChooser, run: () => stepGrid(-1) }),
];
