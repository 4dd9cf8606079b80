import { observable } from "@legendapp/state";
import type { DepthLevel } from "../../core/rules/depthLevel";
import { keyedByPane } from "./paneRecords";
import { clientState } from "./sessionReset";

/**
 * The highlighted level of each depth pane, by pane id (core/rules/depthLevel.ts): the keys of
 * commands/defs/depth.ts move it, the pane draws it and gives its price to the pane's selection.
 */
export const depthLevels$ = keyedByPane(observable<Record<string, DepthLevel | undefined>>({}));

export function levelOf(paneId: string | undefined): DepthLevel | undefined {
  return paneId === undefined ? undefined : depthLevels$[paneId]!.peek();
}

export function setLevel(paneId: string, level: DepthLevel | undefined): void {
  depthLevels$[paneId]!.set(level);
}

// A new session starts with no level highlighted.
clientState({ name: "depthLevels", holds: () => depthLevels$.peek(), reset: () => depthLevels$.set({}) });
