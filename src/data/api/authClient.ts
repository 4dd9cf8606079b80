import { bases } from "../config";
import { deviceIdOf, readBrowserFingerprint } from "../../core/device";
import { KEYS, readString, writeString } from "../storage";
import { AuthApi } from "./auth";
import { SsoApi } from "./sso";

/** The app's one auth client: its key pair is made once per page and the key exchange runs once. */
export const authClient = new AuthApi({ baseUrl: bases.auth });
export const ssoClient = new SsoApi(bases.sso);

/**
 * The device id from the browser fingerprint (section 3), kept in local storage as the router
 * guard expects; recomputing gives the same value, so a cleared store changes nothing.
 */
export function deviceId(): string {
  const stored = readString(KEYS.deviceId);
  if (stored) return stored;
  const id = deviceIdOf(readBrowserFingerprint());
  writeString(KEYS.deviceId, id);
  return id;
}
