import { batch, observable } from "@legendapp/state";
import { isSessionValid, storedValue } from "../../core/rules/session";
import { KEYS, clearAllExceptClientCode, readString, writeString } from "../storage";
import { resetSessionState } from "./sessionReset";

export interface Session {
  clientCode: string | undefined;
  accessToken: string | undefined;
  clientName: string | undefined;
}

function load(): Session {
  return {
    clientCode: storedValue(readString(KEYS.clientCode)),
    accessToken: storedValue(readString(KEYS.accessToken)),
    clientName: storedValue(readString(KEYS.clientName)),
  };
}

/** The signed-in client, mirrored to local storage so a reload keeps the session. */
export const session$ = observable<Session>(load());

export function hasSession(): boolean {
  const s = session$.peek();
  return isSessionValid(s.accessToken, s.clientCode);
}

export function startSession(s: { clientCode: string; accessToken: string; clientName?: string }): void {
  writeString(KEYS.clientCode, s.clientCode);
  writeString(KEYS.accessToken, s.accessToken);
  if (s.clientName) writeString(KEYS.clientName, s.clientName);
  session$.set({ clientCode: s.clientCode, accessToken: s.accessToken, clientName: s.clientName });
}

/**
 * Logout and 401, the one end of a session: every store and cache of the client reset
 * (sessionReset.ts) and local storage cleared, keeping the client code. The session goes last,
 * in the same batch, so nothing renders in between.
 */
export function endSession(): void {
  const clientCode = session$.clientCode.peek();
  clearAllExceptClientCode();
  batch(() => {
    try {
      resetSessionState();
    } finally {
      session$.set({ clientCode, accessToken: undefined, clientName: undefined });
    }
  });
}
