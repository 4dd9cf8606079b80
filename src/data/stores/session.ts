import { batch, observable } from "@legendapp/state";
import { isSessionValid, storedValue } from "../../core/rules/session";
import { KEYS, clearStorageExcept, readString, writeString } from "../storage";
import { keptAtSignOut } from "../userStorage";
import { resetSessionState } from "./sessionReset";

/**
 * The auth state of access-and-surroundings section 3: clientCode, clientName, mobile number,
 * email, auth token, access token (the device id, app name, OS, version and keys live in their
 * own modules). Mobile and email arrive masked from the broker, and are kept so.
 */
export interface Session {
  clientCode: string | undefined;
  accessToken: string | undefined;
  clientName: string | undefined;
  authToken?: string | undefined;
  mobile?: string | undefined;
  email?: string | undefined;
}

function load(): Session {
  return {
    clientCode: storedValue(readString(KEYS.clientCode)),
    accessToken: storedValue(readString(KEYS.accessToken)),
    clientName: storedValue(readString(KEYS.clientName)),
    authToken: storedValue(readString(KEYS.authToken)),
    mobile: storedValue(readString(KEYS.mobile)),
    email: storedValue(readString(KEYS.email)),
  };
}

/** The signed-in client, mirrored to local storage so a reload keeps the session. */
export const session$ = observable<Session>(load());

export function hasSession(): boolean {
  const s = session$.peek();
  return isSessionValid(s.accessToken, s.clientCode);
}

export function startSession(s: { clientCode: string; accessToken: string; clientName?: string; authToken?: string; mobile?: string; email?: string }): void {
  writeString(KEYS.clientCode, s.clientCode);
  writeString(KEYS.accessToken, s.accessToken);
  if (s.clientName) writeString(KEYS.clientName, s.clientName);
  if (s.authToken) writeString(KEYS.authToken, s.authToken);
  if (s.mobile) writeString(KEYS.mobile, s.mobile);
  if (s.email) writeString(KEYS.email, s.email);
  session$.set({ clientCode: s.clientCode, accessToken: s.accessToken, clientName: s.clientName, authToken: s.authToken, mobile: s.mobile, email: s.email });
}

/**
 * Logout and 401, the one end of a session: every store and cache of the client reset
 * (sessionReset.ts) and local storage cleared, keeping the client code, the device's theme and
 * each user's own things (userStorage.ts). The session goes last, in the same batch, so nothing
 * renders in between.
 */
export function endSession(): void {
  const clientCode = session$.clientCode.peek();
  clearStorageExcept(keptAtSignOut);
  batch(() => {
    try {
      resetSessionState();
    } finally {
      session$.set({ clientCode, accessToken: undefined, clientName: undefined });
    }
  });
}
