import { INVALID_APP_KEY_TEXT } from "../errors/auth.js";
import type { QueryParams } from "../query.js";

/** How the router guard enters single sign-on from the query of `/` (access-and-surroundings section 2). */
export type SsoEntry =
  | { kind: "none" }
  | { kind: "appDetails"; appkey: string }
  | { kind: "authorize"; authCode: string }
  | { kind: "session"; clientCode: string; sessionId: string }
  | { kind: "invalid"; message: typeof INVALID_APP_KEY_TEXT };

/**
 * "On / with query parameters, the single sign-on entry is chosen as follows: v=1 together
 * with appkey: fetch the SSO app details. authcode or authCode: store the code and open an
 * authorisation dialog. clientCode together with sessionId: store them as client code and
 * access token and validate the token. Anything else: the stage message is 'Invalid App Key:
 * The app key you entered is incorrect. Please double-check and try again.'"
 * Without any query parameter it is the plain login page.
 */
export function ssoEntryOf(query: QueryParams): SsoEntry {
  if ([...query.keys()].length === 0) return { kind: "none" };
  const value = (k: string) => {
    const v = query.get(k);
    return v !== null && v.trim() !== "" ? v.trim() : undefined;
  };
  const appkey = value("appkey");
  if (query.get("v") === "1" && appkey) return { kind: "appDetails", appkey };
  const authCode = value("authcode") ?? value("authCode");
  if (authCode) return { kind: "authorize", authCode };
  const clientCode = value("clientCode");
  const sessionId = value("sessionId");
  if (clientCode && sessionId) return { kind: "session", clientCode, sessionId };
  return { kind: "invalid", message: INVALID_APP_KEY_TEXT };
}
