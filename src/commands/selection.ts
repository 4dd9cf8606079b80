import { observable } from "@legendapp/state";
import type { Selection } from "./types";
import { onSessionReset } from "../data/stores/sessionReset";

/**
 * What the focused pane's row cursor is on. Panes set it as the cursor moves, so that `b`,
 * `s`, `m`, `x`, `Delete` and friends act on "the selected row of any pane".
 */
export const selection$ = observable<Selection | undefined>(undefined);

onSessionReset(() => select(undefined));

export function select(s: Selection | undefined): void {
  selection$.set(s);
}
