import { observable } from "@legendapp/state";
import { fetchStartbar, type PinnedItem } from "../api/startbar";

/** The pinned header's items; their live prices come from the quote store, not from here. */
export const pinned$ = observable<{ items: PinnedItem[] }>({ items: [] });

export async function loadPinned(): Promise<void> {
  const e = await fetchStartbar().catch(() => undefined);
  if (e?.status === "Ok") pinned$.items.set(e.result);
}
