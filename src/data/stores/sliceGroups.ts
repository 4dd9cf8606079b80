import { observable } from "@legendapp/state";
import { clientState } from "./sessionReset";

/** Which slice groups of the order book are expanded into their slices (by the group's base key), and which brackets show their legs. */
export const sliceGroups$ = observable<{ expanded: Record<string, boolean> }>({ expanded: {} });
// The books' state (books: true): keyed by order number, which a replay's books number afresh (FINDINGS-29 §6).
clientState({ name: "sliceGroups", holds: () => sliceGroups$.peek(), reset: () => sliceGroups$.expanded.set({}), books: true });

/** A new record each time: the order book memoizes its rows on it. */
export function toggleSliceGroup(base: string): void {
  sliceGroups$.expanded.set((e) => ({ ...e, [base]: !e[base] }));
}

/** Issue 33: a bracket's entry line folds its legs under the same record, by this key. */
export const bracketGroupKey = (orderNo: string): string => `bracket:${orderNo}`;
