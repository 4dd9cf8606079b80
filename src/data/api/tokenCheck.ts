import { MSG_SESSION_INVALID } from "../../core/http/errors";
import { notify, resetApp } from "../../core/notify";
import { session$ } from "../stores/session";
import { logError } from "../stores/errorLog";
import { UnauthorizedError } from "./auth";
import { authClient } from "./authClient";
import { errorMessage } from "../../core/errorLog";
import { isAuthSuccess } from "../../core/http/success";

/**
 * "With a valid session (access token and client code both in local storage) and path /, the token
 * is validated", and so is the clientCode + sessionId single sign-on entry: POST {auth}check/token
 * with userId and token. EC044 "is treated as a 401": the session-invalid toast and the app resets.
 * Without an answer the stored session is left as it is (the next call will judge it) and logged.
 */
export async function validateStoredToken(): Promise<boolean> {
  const { clientCode, accessToken } = session$.peek();
  if (!clientCode || !accessToken) return false;
  try {
    const e = await authClient.checkToken(clientCode, accessToken);
    if (isAuthSuccess(e)) return true;
    notify({ kind: "danger", text: MSG_SESSION_INVALID });
    resetApp();
    return false;
  } catch (err) {
    if (err instanceof UnauthorizedError) {
      notify({ kind: "danger", text: MSG_SESSION_INVALID });
      resetApp();
    } else logError("network", `check/token: ${errorMessage(err)}`);
    return false;
  }
}
