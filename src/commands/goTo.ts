import { pathOfPage, queryOfTabs, resolveRoute, type MainChild, type TabState } from "../core/rules/routes";
import { navigate, routePath } from "../data/nav";
import { viewport$ } from "../data/stores/ui";
import { setTabs, tabsOf } from "../data/stores/tabs";
import { inPaneWindow, workspace } from "../data/stores/workspace";

/**
 * "Go to X" (and the commands that open a page at a tab): X ends up in the focused pane
 * (workspace.openView says which pane). The route opens it; but when the route already shows X
 * (it stays while a pane-only view such as depth has the focus; /dashboard is the wide watchlist's),
 * a route to it changes nothing and the pane is opened here instead. The one way a command shows a page.
 */
export function goTo(page: MainChild, tabs?: Partial<TabState>): void {
  // A pane's own window has no page route to move (it is /popout?pane=…): the page opens in its pane, at the tab.
  const own = inPaneWindow();
  if (own !== undefined) {
    workspace.openView(page);
    if (tabs) setTabs(page, tabs, own);
    return;
  }
  // First, so that the pane the page lands in (the one that shows it, or a new one) starts at that tab.
  if (tabs) setTabs(page, tabs);
  const now = resolveRoute(routePath(), true, viewport$.width.peek());
  if (now.kind === "page" && now.page === page) workspace.openView(page);
  navigate(pathOfPage(page) + queryOfTabs(tabsOf(page)));
}
