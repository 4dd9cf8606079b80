import { batch, internal, type Observable } from "@legendapp/state";

/** Who owns what a view outside the tiling keeps (a dialog belongs to no pane; see usePane). */
export const NO_PANE_ID = "app";

const records: Array<Observable<Record<string, unknown>>> = [];

/**
 * Registers a store keyed by pane id (a pane's option chain, cursor, selection, ...): the entry of a
 * pane that has left the layout is dropped (dropClosedPanes). Pane ids are never reused, so a kept
 * entry would only ever grow the heap: each closed option chain pane held its whole chain.
 */
export function keyedByPane<V>(record: Observable<Record<string, V>>): Observable<Record<string, V>> {
  records.push(record as unknown as Observable<Record<string, unknown>>);
  return record;
}

/** Drops every registered entry whose pane is not in `open` (the layout's pane ids). */
export function dropClosedPanes(open: ReadonlySet<string>): void {
  batch(() => {
    for (const r of records) {
      for (const id of Object.keys(r.peek() ?? {})) {
        if (id === NO_PANE_ID || open.has(id)) continue;
        r[id]!.delete();
        // legend-state keeps the node of every key ever asked for, deleted or not, and every node
        // under it (a chain's strikes, each side's fields): the pane's node goes too, or they all stay.
        internal.getNode(r).children?.delete(id);
      }
    }
  });
}
