import { observable } from "@legendapp/state";
import { isOk } from "../api/http";
import { fetchSessions, revokeOtherSessions, type ActiveSession } from "../api/profile";
import { onSessionReset, sessionEndedSince } from "./sessionReset";

/** Settings › Security's list of the client's live sessions. */
export const security$ = observable<{ sessions: ActiveSession[]; error: string | undefined }>({ sessions: [], error: undefined });
onSessionReset(() => security$.set({ sessions: [], error: undefined }));

export async function refreshSessions(): Promise<void> {
  const ended = sessionEndedSince();
  try {
    const e = await fetchSessions();
    if (ended()) return;
    security$.set(isOk(e) ? { sessions: e.result, error: undefined } : { sessions: [], error: e.message });
  } catch {
    if (!ended()) security$.error.set("The sessions could not be read: the broker did not answer");
  }
}

/** Ends every other session of the client; returns how many went, or undefined when the broker refused. */
export async function signOutOtherSessions(): Promise<number | undefined> {
  const e = await revokeOtherSessions();
  await refreshSessions();
  return isOk(e) ? (e.result[0]?.revoked ?? 0) : undefined;
}
