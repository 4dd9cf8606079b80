import { useSelector } from "@legendapp/state/react";
import { useEffect, useRef } from "react";
import { cursors$, registerList } from "../../commands/listCursor";
import { clampCursor } from "../../core/rules/rowCursor";
import { select } from "../../commands/selection";
import type { Selection } from "../../commands/types";
import { usePane } from "./pane";

/**
 * A grid's row cursor, the one implementation every list uses: registers the list of this pane
 * with the cursor commands (j/k, arrows, Home, End, a click) and makes the pane's selection follow
 * the row under the cursor, focused or not. Returns the row under the cursor. `enabled: false`
 * leaves the pane's cursor to another list (the Orders pane's GTT tab).
 */
export function useListCursor(count: number, selectionAt: (at: number) => Selection | undefined, enabled = true): number {
  const pane = usePane();
  const latest = useRef(selectionAt);
  latest.current = selectionAt;
  const at = clampCursor(useSelector(() => cursors$[pane.id]!.get()) ?? 0, count);

  useEffect(() => {
    if (!enabled) return;
    return registerList(pane.id, { count, selectionAt: (i) => latest.current(i) });
  }, [pane.id, count, enabled]);

  // The row, not its index, is what the selection names: a sort or a refresh can put another row here.
  const current = enabled ? selectionAt(at) : undefined;
  const key = current ? JSON.stringify(current) : "";
  useEffect(() => {
    if (enabled) select(latest.current(at), pane.id);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the selected row's identity is what matters
  }, [pane.id, key, enabled]);
  return at;
}
