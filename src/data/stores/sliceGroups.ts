import { observable } from "@legendapp/state";
import { clientState } from "./sessionReset";

/** Which slice groups of the order book are expanded into their slices (by the group's base key). */
export const sliceGroups$ = observable<{ expanded: Record<string, boolean> }>({ expanded: {} });
clientState({ name: "sliceGroups", holds: () => sliceGroups$.peek(), reset: () => sliceGroups$.expanded.set({}) });

/** A new record each time: the order book memoizes its rows on it. */
export function toggleSliceGroup(base: string): void {
  sliceGroups$.expanded.set((e) => ({ ...e, [base]: !e[base] }));
}
