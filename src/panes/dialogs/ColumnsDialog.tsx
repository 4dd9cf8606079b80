import { useSelector } from "@legendapp/state/react";
import { useMemo } from "react";
import { runCommand } from "../../commands/run";
import { settleChoice } from "../../core/workspace/columns";
import { GRID_COLUMNS, GRID_TITLE, type GridId } from "../../core/workspace/gridColumns";
import { columnChooser$, savedColumns } from "../../data/stores/columns";
import type { Dialogs } from "../../data/stores/dialogs";
import { CloseFooter } from "./CloseFooter";
import { Modal } from "./Modal";
import { KeyHint } from "../views/KeyHint";

const ordinal = (n: number) => `${n}${n % 10 === 1 && n % 100 !== 11 ? "st" : n % 10 === 2 && n % 100 !== 12 ? "nd" : n % 10 === 3 && n % 100 !== 13 ? "rd" : "th"}`;

/**
 * The column chooser (issue 29): every column of one of the pane's grids, in the grid's order.
 * Space shows or hides the one under the cursor, O marks it optional (the grid may fold it away
 * when the pane is narrow, and brings it back when there is room; one just marked optional folds
 * first) or required again, Alt+↑/↓ moves it, [ and ]
 * switch to the pane's other grids. Every change is saved with the pane at once.
 */
export function ColumnsDialog({ paneId, grids }: Dialogs["columns"]) {
  const { grid: g, at } = useSelector(() => columnChooser$.get());
  const grid: GridId = grids[g] ?? grids[0]!;
  const saved = useSelector(() => savedColumns(paneId, grid));
  const specs = GRID_COLUMNS[grid];
  const choice = useMemo(() => settleChoice(specs, saved), [specs, saved]);
  const label = (id: string) => specs.find((s) => s.id === id)?.label ?? id;
  const fixed = (id: string) => specs.some((s) => s.id === id && "fixed" in s && s.fixed);
  return (
    <Modal title={`Columns: ${GRID_TITLE[grid]}`}>
      {grids.length > 1 && (
        <p className="columns-grids muted">
          {grids.map((x, i) => (
            <span key={x} className={i === g ? "columns-grid-on" : undefined}>{GRID_TITLE[x]}</span>
          ))}{" "}
          <KeyHint command="columns.grid.previous" /> <KeyHint command="columns.grid.next" /> switch
        </p>
      )}
      <ul className="columns-list" role="listbox" aria-label={`Columns of ${GRID_TITLE[grid]}`} tabIndex={0} data-autofocus aria-activedescendant={`col-${choice.order[at] ?? ""}`}>
        {choice.order.map((id, i) => {
          const shown = !choice.hidden.includes(id);
          const optional = choice.optional.includes(id);
          return (
            // eslint-disable-next-line jsx-a11y/click-events-have-key-events -- the list's keys are the chooser's commands (↑↓, Space, O, Alt+↑↓), live while it is on top
            <li
              key={id}
              id={`col-${id}`}
              role="option"
              aria-selected={i === at}
              aria-checked={shown}
              data-column={id}
              className={`columns-row${i === at ? " row-cursor" : ""}${shown ? "" : " muted"}`}
              onClick={() => void runCommand("columns.cursor.to", { at: i })}
            >
              <span className="columns-box" aria-hidden="true">{shown ? "☑" : "☐"}</span>
              <span className="columns-label">{label(id)}</span>
              <span className="columns-flag">{fixed(id) ? "always shown" : !shown ? "hidden" : optional ? `optional: folds ${ordinal(choice.optional.filter((x) => !choice.hidden.includes(x)).indexOf(id) + 1)} when narrow` : "required"}</span>
            </li>
          );
        })}
      </ul>
      <p className="columns-help muted">
        <KeyHint command="columns.cursor.up" />/<KeyHint command="columns.cursor.down">column · </KeyHint>
        <KeyHint command="columns.toggle">show/hide · </KeyHint>
        <KeyHint command="columns.optional">optional/required · </KeyHint>
        <KeyHint command="columns.move.left" />/<KeyHint command="columns.move.right">move · </KeyHint>
        <KeyHint command="columns.reset">reset</KeyHint>
      </p>
      <CloseFooter />
    </Modal>
  );
}
