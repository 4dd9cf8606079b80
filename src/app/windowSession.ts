import { resetApp } from "../core/notify";
import { pathOf } from "../core/rules/routes";
import { isSessionValid } from "../core/rules/session";
import { session$ } from "../data/stores/session";

/** The pop-out windows' paths (routes.ts): a pane (/popout?pane=) or a chart (/popoutchart?...). */
const POPOUT_PATHS = new Set(["/popout", "/popoutchart"]);

/**
 * Sign-out in any window signs out every window of the browser (issue 32): a window whose session
 * ends says so on a BroadcastChannel, and every other window still signed in as that client ends
 * its own (the same reset as a 401: stores and local storage cleared, back to /). A window already
 * signed out ignores it, so the word goes round once.
 *
 * Sign-in is said on the same channel. A pop-out window signed out with the rest comes back as it
 * was (its pane or chart, signed in) when its client signs in again in another window: it reloads
 * the address it was opened on, and reads the new session from local storage. It, rather than the
 * main window taking the pane back, because the pane is still out (the main window's tiling says
 * "In its own window") and the window is still where the trader put it, on its monitor.
 */
export function installWindowSession(): void {
  if (typeof BroadcastChannel === "undefined") return;
  const channel = new BroadcastChannel("tape.session");
  // Read before the route sends a signed-out window to "/": the address to come back to.
  const poppedAt = POPOUT_PATHS.has(pathOf(window.location.pathname)) ? window.location.href : undefined;
  const signedIn = () => {
    const s = session$.peek();
    return isSessionValid(s.accessToken, s.clientCode) ? s.clientCode : undefined;
  };
  let was = signedIn();
  session$.onChange(() => {
    const now = signedIn();
    if (was !== undefined && now === undefined) channel.postMessage({ t: "signout", clientCode: was });
    if (was === undefined && now !== undefined) channel.postMessage({ t: "signin", clientCode: now });
    was = now;
  });
  channel.onmessage = (e: MessageEvent<{ t: string; clientCode: string }>) => {
    if (e.data.t === "signout" && signedIn() === e.data.clientCode) resetApp();
    // Only the same client: another user's sign-in in this browser does not open this one's pane.
    if (e.data.t === "signin" && poppedAt && signedIn() === undefined && session$.clientCode.peek() === e.data.clientCode) window.location.replace(poppedAt);
  };
}
