import { endSession, session$ } from "../stores/session";
import { authClient } from "./authClient";

/**
 * Logout: the broker revokes the token (so /core and the feed refuse it), then "clears all
 * stores and local storage (keeping the client code) and returns to /". The caller navigates.
 * A failed revoke (network, already expired) still ends the session here.
 */
export async function signOut(): Promise<void> {
  const token = session$.accessToken.peek();
  const clientCode = session$.clientCode.peek();
  if (token && clientCode) await authClient.logout(token, clientCode).catch(() => undefined);
  endSession();
}
