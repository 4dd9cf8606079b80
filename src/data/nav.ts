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
