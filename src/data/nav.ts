import { FULLWL_LEAVE_DELAY_MS, pathOf } from "../core/rules/routes";

/**
 * Navigation without React: the app installs wouter's location setter, commands call
 * `navigate`. "Leaving /fullwl is delayed by 350 ms" lives here so no caller can skip it.
 */
type Setter = (to: string, opts?: { replace?: boolean }) => void;
let setter: Setter = () => {};
let currentPath = () => (typeof location === "undefined" ? "/" : location.pathname);
let pendingLeave: ReturnType<typeof setTimeout> | undefined;

export function installNavigator(set: Setter, getPath?: () => string): void {
  setter = set;
  if (getPath) currentPath = getPath;
}

/** The route's path now. */
export function routePath(): string {
  return currentPath();
}

export function navigate(to: string, opts?: { replace?: boolean }): void {
  if (pendingLeave) clearTimeout(pendingLeave);
  pendingLeave = undefined;
  const from = pathOf(currentPath());
  if (from === "/main/fullwl" && pathOf(to) !== from) {
    pendingLeave = setTimeout(() => {
      pendingLeave = undefined;
      setter(to, opts);
    }, FULLWL_LEAVE_DELAY_MS);
    return;
  }
  setter(to, opts);
}

/**
 * The app opened on "/" with a session already (a second tab of the browser, the browser reopened):
 * its landing route joins the layout as it is, shared with the user's other tabs, as a reload's does
 * (src/app/routeSync.ts). Opening a second tab put Home over the focused pane of both.
 */
let joining = false;

export function joinLayout(): void {
  joining = true;
}

export function joinsLayout(): boolean {
  return joining;
}

/**
 * A sign-in through the login page: its landing route (/home) shows its page in the user's saved
 * layout without replacing a pane, as a window opened on an address does (src/app/routeSync.ts). It
 * put Home over the focused pane of the saved layout, whatever that pane held, at every sign-in.
 * Taken once, by the next page route.
 */
let signedInHere = false;

export function landAfterSignIn(): void {
  signedInHere = true;
}

export function takeSignInLanding(): boolean {
  const was = signedInHere;
  signedInHere = false;
  return was;
}
