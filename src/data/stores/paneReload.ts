import { observable } from "@legendapp/state";
import { keyedByPane } from "./paneRecords";
import { clientState } from "./sessionReset";

/** How many times each pane's view was reloaded: part of the view's key, so a reload mounts it anew. */
export const paneReloads$ = keyedByPane(observable<Record<string, number>>({}));
clientState({ name: "paneReloads", holds: () => paneReloads$.peek(), reset: () => paneReloads$.set({}) });

export function reloadPane(id: string): void {
  paneReloads$[id]!.set((paneReloads$[id]!.peek() ?? 0) + 1);
}
