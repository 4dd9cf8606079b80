import { resetApp } from "../core/notify";
import { isSessionValid } from "../core/rules/session";
import { session$ } from "../data/stores/session";

/**
 * Sign-out in any window signs out every window of the browser (issue 32): a window whose session
 * ends says so on a BroadcastChannel, and every other window still signed in as that client ends
 * its own (the same reset as a 401: stores and local storage cleared, back to /). A window already
 * signed out ignores it, so the word goes round once.
 */
export function installWindowSession(): void {
  if (typeof BroadcastChannel === "undefined") return;
  const channel = new BroadcastChannel("tape.session");
  const signedIn = () => {
    const s = session$.peek();
    return isSessionValid(s.accessToken, s.clientCode) ? s.clientCode : undefined;
  };
  let was = signedIn();
  session$.onChange(() => {
    const now = signedIn();
    if (was !== undefined && now === undefined) channel.postMessage({ t: "signout", clientCode: was });
    was = now;
  });
  channel.onmessage = (e: MessageEvent<{ t: string; clientCode: string }>) => {
    if (e.data.t === "signout" && signedIn() === e.data.clientCode) resetApp();
  };
}
