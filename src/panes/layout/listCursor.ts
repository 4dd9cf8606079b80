import { useSelector } from "@legendapp/state/react";
import { useEffect, useLayoutEffect, useMemo, useRef } from "react";
import { cursors$, registerList, selectionKey } from "../../commands/listCursor";
import { selections$ } from "../../commands/selection";
import { followRow, NO_ROW } from "../../core/rules/rowCursor";
import type { Selection } from "../../commands/types";
import { usePane } from "./pane";
import { keepCursorRowInView } from "./rowInView";

/** A grid's rows as its cursor sees them: each row's key (its identity), what it selects and its words for the status line. */
export interface CursorRows<R> {
  /** The list as the trader calls it ("Pending", "Positions"): the status line names it when the cursor's row leaves it. */
  name: string;
  /** Set when each of the pane's lists keeps its own cursor (commands/listCursor.ts, PaneList.id). */
  id?: string | undefined;
  rows: readonly R[];
  // The rows decide R: a key function written for a wider type (scripKey) still fits.
  keyOf(row: NoInfer<R>): string;
  selectionOf(row: NoInfer<R>): Selection | undefined;
  labelOf(row: NoInfer<R>): string;
}

/**
 * A grid's row cursor, the one implementation every list uses: registers the keys of this pane's
 * rows with the cursor commands (j/k, arrows, Home, End, a click) and makes the pane's selection
 * the row under the cursor, focused or not. The cursor holds its row's key, so a re-sort, a tick or
 * a refresh leaves it on the same row (commands/listCursor.ts). Returns where that row is shown,
 * -1 when there is none, or while a search choice the list has no row of holds the pane's
 * selection (the highlight claims no row the keys will not act on). `enabled: false` leaves the
 * pane's cursor to another list (the Orders pane's GTT tab).
 *
 * The cursor's row is kept in view (FINDINGS-25 s4: in a pane shorter than its rows, j went below
 * the visible rows and `x` acted on a row the trader could not see): whenever the highlight goes
 * to another row, or its row moves in the list (a re-sort, an insert above it), the pane scrolls
 * the least that shows it, and not at all while it shows. A tick moves no row and scrolls nothing.
 */
export function useListCursor<R>(spec: CursorRows<R>, enabled = true): number {
  const pane = usePane();
  const latest = useRef(spec);
  latest.current = spec;
  const { rows, keyOf } = spec;
  // eslint-disable-next-line react-hooks/exhaustive-deps -- a row's key is a function of the row
  const keys = useMemo(() => rows.map(keyOf), [rows]);
  const keySig = keys.join("\n");
  const cursor = useSelector(() => cursors$[pane.id]!.get());
  // The rule of holdsSelection (commands/listCursor.ts), read reactively.
  const holds = useSelector(() => selectionKey(selections$[pane.id]!.get()) === (cursors$[pane.id]!.get()?.selected ?? ""));
  // Where the highlight goes in this render, before the effect below commits it: the same rule.
  // A list of its own the cursor is not on yet (just switched to) shows no highlight until the cursor settles on its own row.
  const { key, at } = spec.id !== undefined && cursor?.id !== spec.id ? NO_ROW : followRow(cursor ?? NO_ROW, keys).cursor;
  const current = enabled && key !== undefined ? rows[at] : undefined;
  const selected = current === undefined ? "" : JSON.stringify(spec.selectionOf(current));

  useEffect(() => {
    if (!enabled) return;
    const rowOf = (k: string) => latest.current.rows.find((r) => latest.current.keyOf(r) === k);
    return registerList(pane.id, {
      name: latest.current.name,
      ...(latest.current.id === undefined ? {} : { id: latest.current.id }),
      view: pane.view,
      keys,
      selectionOf: (k) => {
        const r = rowOf(k);
        return r === undefined ? undefined : latest.current.selectionOf(r);
      },
      labelOf: (k) => {
        const r = rowOf(k);
        return r === undefined ? k : latest.current.labelOf(r);
      },
    });
    // The list is registered again when its rows, its name or the selected row's selection (an order's status) change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pane.id, pane.view, enabled, spec.name, spec.id, keySig, selected]);

  const shownAt = current === undefined || !holds ? -1 : at;
  // After the commit that draws the highlight, before the paint: the row is never drawn out of view.
  useLayoutEffect(() => {
    if (shownAt >= 0) keepCursorRowInView(pane.id);
  }, [pane.id, key, shownAt]);
  return shownAt;
}
