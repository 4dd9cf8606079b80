import { observable } from "@legendapp/state";
import { workspace } from "../data/stores/workspace";
import type { Selection } from "./types";
import { clientState } from "../data/stores/sessionReset";
import { keyedByPane } from "../data/stores/paneRecords";

/**
 * What each pane's row cursor is on, by pane id. `b`, `s`, `m`, `x`, `Delete` and friends act on
 * the focused pane's selection; a pane keeps its own while another has focus, so moving focus
 * back finds the row where it was.
 */
export const selections$ = keyedByPane(observable<Record<string, Selection | undefined>>({}));

/** Sets one pane's selection (the focused pane's by default: what a search choice or a palette action means). */
export function select(s: Selection | undefined, paneId = workspace.focusedPane()?.id): void {
  if (paneId === undefined) return;
  selections$[paneId]!.set(s);
}

export function selectionOf(paneId: string | undefined): Selection | undefined {
  return paneId === undefined ? undefined : selections$[paneId]!.peek();
}

// A new session starts with no pane's selection.
clientState({ name: "selections", holds: () => selections$.peek(), reset: () => selections$.set({}) });
