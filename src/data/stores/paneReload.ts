import { observable } from "@legendapp/state";
import { keyedByPane } from "./paneRecords";
import { clientState } from "./sessionReset";

/** How many times each pane's view was reloaded: part of the view's key, so a reload mounts it anew. */
export const paneReloads$ = keyedByPane(observable<Record<string, number>>({}));
clientState({ name: "paneReloads", holds: () => paneReloads$.peek(), reset: () => paneReloads$.set({}) });

export function reloadPane(id: string): void {
  paneReloads$[id]!.set((paneReloads$[id]!.peek() ?? 0) + 1);
}

/** Mounts of every pane: part of every view's key too (a change of the broker's books, brokerBooks.ts). */
export const allPanesReloads$ = observable(0);

export function reloadAllPanes(): void {
  allPanesReloads$.set(allPanesReloads$.peek() + 1);
}
