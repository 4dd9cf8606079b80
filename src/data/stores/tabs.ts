import { observable } from "@legendapp/state";
import { DEFAULT_TABS, type TabState } from "../../core/rules/routes";
import { KEYS, readJson, writeJson } from "../storage";
import { onSessionReset } from "./sessionReset";

/** "The selected tab and sub-tab of each page are remembered in local storage." */
export const tabs$ = observable<Record<string, TabState>>(readJson(KEYS.tabs, {}));
// Local storage's copy goes with the rest of the client's keys (endSession).
onSessionReset(() => tabs$.set({}));

/** The observable of one page's tabs (legend creates it on first touch). */
export function pageTabs$(page: string) {
  return tabs$[page]!;
}

export function tabsOf(page: string): TabState {
  return pageTabs$(page).peek() ?? DEFAULT_TABS;
}

export function setTabs(page: string, next: Partial<TabState>): void {
  const merged = { ...tabsOf(page), ...next };
  pageTabs$(page).set(merged);
  writeJson(KEYS.tabs, tabs$.peek());
}

/** Steps the page's tab by `delta` within `count` tabs, wrapping; a new tab starts at sub-tab 0. */
export function stepTab(page: string, count: number, delta: number): void {
  if (count <= 0) return;
  const { tab } = tabsOf(page);
  setTabs(page, { tab: (((tab + delta) % count) + count) % count, subTab: 0 });
}
