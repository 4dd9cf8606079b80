import { useSelector } from "@legendapp/state/react";
import { useEffect } from "react";
import { joinsLayout, navigate } from "../data/nav";
import { pathOf, pathOfPage, queryOfTabs, resolveRoute, tabsFromQuery, type Resolved } from "../core/rules/routes";
import { isPage } from "../core/rules/pages";
import { paneTabs, setTabs, tabs$, tabsOf } from "../data/stores/tabs";
import { layout$, onFocusedViewChange, workspace } from "../data/stores/workspace";
import { findPane } from "../core/workspace/tree";

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
 */
const reloaded = (() => {
  try {
    return (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming | undefined)?.type === "reload";
  } catch {
    return false;
  }
})();
let firstRoute = true;

export function useRouteSync(resolved: Resolved): void {
  const page = resolved.kind === "page" ? resolved.page : undefined;

  useEffect(() => {
    if (!page) return;
    const first = firstRoute;
    firstRoute = false;
    if (first && (reloaded || joinsLayout()) && !workspace.allPanes().some((p) => p.view === page)) {
      const focused = workspace.focusedPane();
      if (focused) routeToView(focused.view);
      return;
    }
    workspace.openView(page);
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
