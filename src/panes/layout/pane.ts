import { useSelector } from "@legendapp/state/react";
import { createContext, useContext, useEffect, useId } from "react";
import { DEFAULT_TABS, type TabState } from "../../core/rules/routes";
import { tabs$ } from "../../data/stores/tabs";
import { NO_PANE_ID } from "../../data/stores/paneRecords";
import type { PaneState } from "../../core/workspace/tree";
import { setFeedTopics } from "../../feed/session";
import { paneOwner, type FeedSource } from "../../feed/subscriptions";

/** The pane instance a view is drawn in: its id, view, whether it has focus and whether it can be seen. */
export interface PaneInfo {
  id: string;
  view: string;
  focused: boolean;
  /** False while another view covers it (the full-screen watchlist) or, on a phone, while another pane is shown. */
  shown: boolean;
  state: PaneState;
}

export const PaneContext = createContext<PaneInfo | undefined>(undefined);

/** Views outside the tiling (a dialog) belong to no pane: they are always shown and own under "app". */
const NO_PANE: PaneInfo = { id: NO_PANE_ID, view: "", focused: true, shown: true, state: {} };

export function usePane(): PaneInfo {
  return useContext(PaneContext) ?? NO_PANE;
}

/**
 * Declares the topics this component needs for a feed source, owned by its pane instance (and by
 * the component, so two lists of one pane are two owners). A pane that is not shown owns none.
 * Unmounting, or the pane being closed or switched to another view, releases them.
 */
export function usePaneTopics(source: FeedSource, topics: readonly string[]): void {
  const pane = usePane();
  const part = useId();
  const owner = paneOwner(pane.id, source, part);
  const key = pane.shown ? [...new Set(topics)].sort().join("|") : "";
  useEffect(() => {
    setFeedTopics(owner, key ? key.split("|") : []);
  }, [owner, key]);
  useEffect(() => () => setFeedTopics(owner, []), [owner]);
}

/** The tabs this pane shows: its own, else what `page` last showed anywhere. */
export function usePaneTabs(page: string): TabState {
  const pane = usePane();
  const remembered = useSelector(() => tabs$[page]!.get()) ?? DEFAULT_TABS;
  return { tab: pane.state.tab ?? remembered.tab, subTab: pane.state.subTab ?? remembered.subTab };
}
