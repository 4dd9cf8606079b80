import { MAIN_CHILDREN, PANE_VIEWS, viewDecl, type PaneView } from "./pages";

/** Tab sets of access-and-surroundings section 2 and trading-core section 2, per view: read off the view table (pages.ts). */
export const TAB_SETS: Record<string, readonly string[]> = Object.fromEntries(
  [...MAIN_CHILDREN, ...(Object.keys(PANE_VIEWS) as PaneView[])].flatMap((v) => {
    const tabs = viewDecl(v)?.tabs;
    return tabs ? [[v, tabs]] : [];
  }),
);

/** Sub-tab sets where a page has a second row: ideas' product tabs, funds' limits view. */
export const SUB_TAB_SETS: Record<string, readonly string[]> = Object.fromEntries(
  MAIN_CHILDREN.flatMap((v) => {
    const sub = viewDecl(v)?.subTabs;
    return sub ? [[v, sub]] : [];
  }),
);

/** A page's two rows: its tabs, and the second row (sub-tabs) of the tab shown. */
export type TabLevel = "tab" | "subTab";

/**
 * The row `[` and `]` step on a page: its tabs where it has two or more to choose from, else its
 * sub-tabs (Funds: the one tab INR Balance holds Equity and F&O), else none. One rule for every
 * page, so no tabs on screen are out of the keys' reach.
 */
export function steppedTabs(page: string): { level: TabLevel; names: readonly string[] } | undefined {
  const tabs = TAB_SETS[page] ?? [];
  if (tabs.length > 1) return { level: "tab", names: tabs };
  const sub = SUB_TAB_SETS[page] ?? [];
  return sub.length > 1 ? { level: "subTab", names: sub } : undefined;
}
