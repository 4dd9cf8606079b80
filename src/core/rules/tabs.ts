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

export function tabCount(page: string): number {
  return TAB_SETS[page]?.length ?? 0;
}
