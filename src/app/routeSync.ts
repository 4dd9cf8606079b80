import { useSelector } from "@legendapp/state/react";
import { useEffect } from "react";
import { joinsLayout, navigate, takeSignInLanding } from "../data/nav";
import { pathOf, pathOfPage, queryOfTabs, resolveRoute, tabsFromQuery, type Resolved } from "../core/rules/routes";
import { isPage } from "../core/rules/pages";
import { paneTabs, setTabs, tabs$, tabsOf } from "../data/stores/tabs";
import { layout$, layoutIsShared, onFocusedViewChange, workspace } from "../data/stores/workspace";
import { findPane, panes } from "../core/workspace/tree";
import { viewTitle } from "../core/rules/pages";
import { signedInClient } from "../data/stores/ownedByUser";
import { sayInStatusLine } from "../data/stores/statusLine";

/**
 * Routes and panes are two views of one state, synchronised in one direction each time:
 * - a route change opens (focuses or shows) its page's pane and takes the tabs in its query;
 * - a user action that focuses another page's pane moves the route there (pane-only views,
 *   like depth, leave the route where it is);
 * - a tab change of the focused page rewrites the query in place.
 */
onFocusedViewChange(routeToView);

function routeToView(view: string): void {
  if (!isPage(view)) return;
  // Straight to where the route would redirect (the watchlist of a wide screen is /dashboard): a
  // redirect in between unmounts the workspace for a render, and with it the live feed.
  const path = pathOfPage(view);
  const r = resolveRoute(path, true, window.innerWidth);
  navigate(r.kind === "redirect" ? r.to : path + queryOfTabs(tabsOf(view)));
}

/**
 * Whether this page was loaded by a reload. Its address is then the one this tab last had, and the
 * layout is shared with the user's other tabs, which may have moved on: a reload of /main/orders
 * put Orders back into the focused pane over the watchlist another tab had set up there, with its
 * sort and live setting, in both tabs. On a reload the route only focuses a pane already showing
 * its page; if none does, the route follows the focused pane instead. So does the landing route of
 * the app opened on "/" with a session kept (a second tab: nav.ts joinsLayout). An address typed or
 * followed still opens its page.
 *
 * A window opened on an address (typed, a bookmark) with a session kept and a saved layout joins
 * that layout, which the user's other windows show too (FINDINGS-23 F1: a second tab on /home put
 * Home over a chart with four indicators in both windows, unsaid).
 * Decided: a trader opening a window on an address expects that page and every pane of their other windows intact, so it focuses a pane already showing the page, else opens it in a new pane (placed where there is room), and the status line says which.
 * A fresh default layout (nothing saved, a sign-in's own landing) is nobody's work: the page takes the focused pane as before.
 */
const reloaded = (() => {
  try {
    return (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming | undefined)?.type === "reload";
  } catch {
    return false;
  }
})();
let firstRoute = true;
/** The app was started with a session kept (not signed in through the login page): its first route is an address opened. */
const startedSignedIn = signedInClient() !== undefined;

export function useRouteSync(resolved: Resolved): void {
  const page = resolved.kind === "page" ? resolved.page : undefined;

  useEffect(() => {
    if (!page) return;
    const first = firstRoute;
    firstRoute = false;
    const signedIn = takeSignInLanding();
    if (first && (reloaded || joinsLayout()) && !workspace.allPanes().some((p) => p.view === page)) {
      const focused = workspace.focusedPane();
      if (focused) routeToView(focused.view);
      return;
    }
    if (first && startedSignedIn && layoutIsShared()) joinWithWindows(page, "your windows share this layout");
    // A sign-in's landing over the user's saved layout: the same care (nav.ts landAfterSignIn).
    else if (signedIn && layoutIsShared()) joinWithWindows(page, "your saved layout is as you left it");
    else workspace.openView(page);
    const fromQuery = tabsFromQuery(window.location.search);
    if (fromQuery.tab !== undefined || fromQuery.subTab !== undefined) setTabs(page, fromQuery);
  }, [page]);

  // The focused pane's tabs (its own, or the page's remembered ones): the query mirrors them.
  const tabs = useSelector(() => {
    const l = layout$.get();
    tabs$.get();
    const focused = findPane(l.root, l.focused);
    return focused && focused.view === page ? JSON.stringify(paneTabs(focused)) : undefined;
  });
  useEffect(() => {
    if (!page) return;
    const query = queryOfTabs(tabsOf(page));
    if (window.location.search !== query) navigate(pathOf(window.location.pathname) + query, { replace: true });
  }, [page, tabs]);
}

/** A window's first address, shown in the shared layout without replacing any pane; the status line says where. */
function joinWithWindows(page: string, why: string): void {
  const before = workspace.focusedPane()?.id;
  const joined = workspace.joinOnAddress(page);
  if (!joined) return;
  const order = panes(joined.layout.root);
  const no = (id: string | undefined) => order.findIndex((p) => p.id === id) + 1;
  if (joined.how === "added") {
    sayInStatusLine(`${viewTitle(page)} opened in a new pane ${no(joined.pane)}: ${why}, no pane was replaced`);
  } else if (joined.pane !== before) {
    sayInStatusLine(`${viewTitle(page)} is pane ${no(joined.pane)}: ${why}`);
  }
}
