import { pathOfPage, queryOfTabs, type MainChild, type TabState } from "../core/rules/routes";
import { isAt, navigate } from "../data/nav";
import { setTabs, tabsOf } from "../data/stores/tabs";
import { workspace } from "../data/stores/workspace";

/**
 * "Go to X" (and the commands that open a page at a tab): X ends up in the focused pane
 * (workspace.openView says which pane). The route opens it; but when the route is already X's, as
 * it stays while a pane-only view such as depth has the focus, a route to it changes nothing and
 * the pane is opened here instead. The one way a command shows a page.
 */
export function goTo(page: MainChild, tabs?: Partial<TabState>): void {
  // First, so that the pane the page lands in (the one that shows it, or a new one) starts at that tab.
  if (tabs) setTabs(page, tabs);
  const path = pathOfPage(page);
  if (isAt(path)) workspace.openView(page);
  navigate(path + queryOfTabs(tabsOf(page)));
}
