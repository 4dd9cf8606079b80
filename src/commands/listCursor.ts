import { observable } from "@legendapp/state";
import { clampCursor } from "../core/rules/rowCursor";
import { onSessionReset } from "../data/stores/sessionReset";
import { keyedByPane } from "../data/stores/paneRecords";
import { select } from "./selection";
import type { Selection } from "./types";

/**
 * The one row cursor of every list (watchlist, positions, holdings, orders, GTT): each pane's
 * list registers how many rows it shows and what each row selects; the cursor commands move the
 * focused pane's cursor and its selection follows. A pane's cursor is its own: two panes of one
 * list keep two cursors.
 */
export interface PaneList {
  count: number;
  selectionAt(at: number): Selection | undefined;
}

const lists = new Map<string, PaneList>();
export const cursors$ = keyedByPane(observable<Record<string, number>>({}));

onSessionReset(() => cursors$.set({}));

/** Registers (or replaces) a pane's list; the returned function unregisters that same list. */
export function registerList(paneId: string, list: PaneList): () => void {
  lists.set(paneId, list);
  return () => {
    if (lists.get(paneId) === list) lists.delete(paneId);
  };
}

export function hasList(paneId: string | undefined): boolean {
  return paneId !== undefined && (lists.get(paneId)?.count ?? 0) > 0;
}

/** A pane's cursor, kept inside its list. */
export function cursorOf(paneId: string): number {
  return clampCursor(cursors$[paneId]!.peek() ?? 0, lists.get(paneId)?.count ?? 0);
}

/** Moves a pane's cursor; the pane's selection follows the row it lands on. */
export function moveCursor(paneId: string, to: (at: number, count: number) => number): void {
  const list = lists.get(paneId);
  if (!list) return;
  const at = clampCursor(to(cursorOf(paneId), list.count), list.count);
  cursors$[paneId]!.set(at);
  select(list.selectionAt(at), paneId);
}
