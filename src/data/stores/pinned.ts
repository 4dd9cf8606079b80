import { observable } from "@legendapp/state";
import { isOk } from "../api/http";
import { fetchStartbar, type PinnedItem } from "../api/startbar";
import { clientState, sessionEndedSince } from "./sessionReset";

/** The pinned header's items; their live prices come from the quote store, not from here. */
export const pinned$ = observable<{ items: PinnedItem[] }>({ items: [] });
clientState({ name: "pinned", holds: () => pinned$.peek(), reset: () => pinned$.set({ items: [] }) });

export async function loadPinned(): Promise<void> {
  const ended = sessionEndedSince();
  const e = await fetchStartbar().catch(() => undefined);
  if (e && isOk(e) && !ended()) pinned$.items.set(e.result);
}
