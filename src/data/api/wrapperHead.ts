import { APP_NAME, APP_VERSION, OS_NAME } from "../config";
import { session$ } from "../stores/session";
import type { WrapperHead as WireHead } from "../../core/wire/schema";

/**
 * "Wrapper requests carry a head with request code, key, app version, app name, OS and login
 * id" (trading-core section 7). The key is the session's access token prefix: the broker
 * authenticates by the bearer, the head's key only tells requests apart in its logs.
 */
export type WrapperHead = Required<WireHead>;

/** The head of the wrapper's { head, body }; `requestCode` keeps its literal type (the GTT list's is fixed by its schema). */
export function wrapperHead<R extends string>(requestCode: R): WrapperHead & { requestCode: R } {
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

export function wrapperBody<R extends string, B>(requestCode: R, body: B): { head: WrapperHead & { requestCode: R }; body: B } {
  return { head: wrapperHead(requestCode), body };
}
