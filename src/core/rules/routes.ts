import { parseQuery } from "../query";
import { MAIN_CHILDREN, type MainChild } from "./pages";

/**
 * Routes of access-and-surroundings section 2, as data and one pure resolver.
 */
// The pages themselves are declared once, with their titles and tabs, in pages.ts.
export { MAIN_CHILDREN, type MainChild } from "./pages";

/** "On a window wider than 900 px, the /watchlist path redirects to /dashboard." */
export const WATCHLIST_REDIRECT_ABOVE_PX = 900;
/** "A mobile view is a window width under 1024 px." */
export const MOBILE_BELOW_PX = 1024;
/** "Leaving /fullwl is delayed by 350 ms." */
export const FULLWL_LEAVE_DELAY_MS = 350;

export type Resolved =
  | { kind: "redirect"; to: string }
  | { kind: "login" }
  | { kind: "popoutchart" }
  /** One pane in a browser window of its own (issue 32): /popout?pane=<id>. */
  | { kind: "popout" }
  /** The workspace with `page` focused; /dashboard is the wide-screen watchlist workspace. */
  | { kind: "page"; page: MainChild };

/** Strips the query, the hash and a trailing slash: "/main/orders/?tab=1" -> "/main/orders". */
export function pathOf(url: string): string {
  const p = url.split(/[?#]/)[0] ?? "/";
  return p.length > 1 ? p.replace(/\/+$/, "") : p;
}

export function resolveRoute(url: string, hasSession: boolean, width: number): Resolved {
  const path = pathOf(url);
  // "With no session, any non-root path goes back to /."
  if (!hasSession) return path === "/" ? { kind: "login" } : { kind: "redirect", to: "/" };
  if (path === "/") return { kind: "login" };
  if (path === "/home") return { kind: "page", page: "home" };
  if (path === "/popoutchart") return { kind: "popoutchart" };
  if (path === "/popout") return { kind: "popout" };
  // /dashboard is "not described further" in the spec: we render the workspace with the watchlist focused.
  if (path === "/dashboard") return { kind: "page", page: "watchlist" };
  if (path === "/main") return { kind: "redirect", to: "/main/home" };
  const m = /^\/main\/([a-z]+)$/.exec(path);
  const child = m?.[1] as MainChild | undefined;
  if (child && (MAIN_CHILDREN as readonly string[]).includes(child)) {
    if (child === "watchlist" && width > WATCHLIST_REDIRECT_ABOVE_PX) return { kind: "redirect", to: "/dashboard" };
    return { kind: "page", page: child };
  }
  // "Any other path redirects to /home when a session exists and to / otherwise."
  return { kind: "redirect", to: "/home" };
}

/** The path a page is shown at; home lives at /home, the landing route after login. */
export function pathOfPage(page: MainChild): string {
  return page === "home" ? "/home" : `/main/${page}`;
}

export function isMobileWidth(width: number): boolean {
  return width < MOBILE_BELOW_PX;
}

/** "Pages such as orders have a default query of tab 0 and sub-tab 0." */
export interface TabState {
  tab: number;
  subTab: number;
}
export const DEFAULT_TABS: TabState = { tab: 0, subTab: 0 };

export function tabsFromQuery(search: string): Partial<TabState> {
  const q = parseQuery(search);
  const out: Partial<TabState> = {};
  const tab = Number(q.get("tab"));
  const subTab = Number(q.get("subTab"));
  if (q.has("tab") && Number.isInteger(tab) && tab >= 0) out.tab = tab;
  if (q.has("subTab") && Number.isInteger(subTab) && subTab >= 0) out.subTab = subTab;
  return out;
}

export function queryOfTabs(t: TabState): string {
  return `?tab=${t.tab}&subTab=${t.subTab}`;
}
