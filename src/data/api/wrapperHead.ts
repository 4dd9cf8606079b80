import { APP_NAME, APP_VERSION, OS_NAME } from "../config";
import { session$ } from "../stores/session";

/**
 * "Wrapper requests carry a head with request code, key, app version, app name, OS and login
 * id" (trading-core section 7). The key is the session's access token prefix: the broker
 * authenticates by the bearer, the head's key only tells requests apart in its logs.
 */
export interface WrapperHead {
  requestCode: string;
  key: string;
  appVer: string;
  appName: string;
  osName: string;
  LoginId: string;
}

export function wrapperHead(requestCode: string): WrapperHead {
  const s = session$.peek();
  return {
    requestCode,
    key: (s.accessToken ?? "").slice(0, 8),
    appVer: APP_VERSION,
    appName: APP_NAME,
    osName: OS_NAME,
    LoginId: s.clientCode ?? "",
  };
}

export function wrapperBody<B>(requestCode: string, body: B): { head: WrapperHead; body: B } {
  return { head: wrapperHead(requestCode), body };
}
