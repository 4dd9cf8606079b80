import { observable } from "@legendapp/state";
import { DEFAULT_TABS, type TabState } from "../../core/rules/routes";
import type { TabLevel } from "../../core/rules/tabs";
import { panes, type PaneNode } from "../../core/workspace/tree";
import { KEYS, readJson, writeJson } from "../storage";
import { layout$, workspace } from "./workspace";
import { clientState } from "./sessionReset";

/**
 * "The selected tab and sub-tab of each page are remembered in local storage." Each pane keeps
 * its own tab (two Orders panes can show Pending and GTT side by side, saved with the layout);
 * the page's last choice is remembered here and is where a pane newly showing the page starts.
 */
export const tabs$ = observable<Record<string, TabState>>(readJson(KEYS.tabs, {}));
// Local storage's copy goes with the rest of the client's keys (endSession).
clientState({ name: "tabs", holds: () => tabs$.peek(), reset: () => tabs$.set({}) });

/** The full-screen watchlist is the watchlist made full screen: one remembered tab for both, so going in or out keeps the tab shown. */
const rememberedAs = (page: string): string => (page === "fullwl" ? "watchlist" : page);

function remembered(page: string): TabState {
  return tabs$[rememberedAs(page)]!.peek() ?? DEFAULT_TABS;
}

/** One pane's tabs: its own, else the remembered ones of `page` (its view's page by default). */
export function paneTabs(p: Pick<PaneNode, "view" | "state">, page = p.view): TabState {
  const r = remembered(page);
  return { tab: p.state?.tab ?? r.tab, subTab: p.state?.subTab ?? r.subTab };
}

/** The pane a page-level tab action means: the focused pane if it shows `page`, else the first shown one that does. */
function paneShowing(page: string): PaneNode | undefined {
  const focused = workspace.focusedPane();
  if (focused?.view === page) return focused;
  return workspace.shownPanes().find((p) => p.view === page) ?? panes(layout$.peek().root).find((p) => p.view === page);
}

/** The tabs `page` shows now (see `paneShowing`), or its remembered ones when no pane shows it. */
export function tabsOf(page: string): TabState {
  const p = paneShowing(page);
  return p ? paneTabs(p) : remembered(page);
}

/** Sets the tabs of one pane (by default the one `paneShowing(page)` names) and remembers them for the page. */
export function setTabs(page: string, next: Partial<TabState>, paneId?: string): void {
  const id = paneId ?? paneShowing(page)?.id;
  const target = id ? panes(layout$.peek().root).find((p) => p.id === id) : undefined;
  const merged = { ...(target ? paneTabs(target) : remembered(page)), ...next };
  if (target) workspace.setPaneState(target.id, merged);
  tabs$[rememberedAs(page)]!.set(merged);
  writeJson(KEYS.tabs, tabs$.peek());
}

/**
 * Steps a pane's tab or sub-tab (`level`) by `delta` within `count`, wrapping; a new tab starts at
 * sub-tab 0, a new sub-tab keeps its tab.
 */
export function stepTab(page: string, level: TabLevel, count: number, delta: number, paneId?: string): void {
  if (count <= 0) return;
  const id = paneId ?? paneShowing(page)?.id;
  const target = id ? panes(layout$.peek().root).find((p) => p.id === id) : undefined;
  const now = target ? paneTabs(target) : remembered(page);
  const step = (i: number) => (((i + delta) % count) + count) % count;
  setTabs(page, level === "tab" ? { tab: step(now.tab), subTab: 0 } : { subTab: step(now.subTab) }, id);
}

/**
 * The tabs of the dialog on top (the order info dialog's Information and History): one dialog at
 * a time, so one state. The dialog sets its count as it opens; `[` and `]` step it (dialog.tab.*).
 */
export const dialogTabs$ = observable<{ tab: number; count: number }>({ tab: 0, count: 0 });
clientState({ name: "dialogTabs", holds: () => dialogTabs$.peek(), reset: () => dialogTabs$.set({ tab: 0, count: 0 }) });

export function startDialogTabs(count: number): void {
  dialogTabs$.set({ tab: 0, count });
}

export function selectDialogTab(tab: number): void {
  dialogTabs$.tab.set(tab);
}

export function stepDialogTab(delta: number): void {
  const { tab, count } = dialogTabs$.peek();
  if (count > 0) dialogTabs$.tab.set((((tab + delta) % count) + count) % count);
}
