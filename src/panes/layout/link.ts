import { useSelector } from "@legendapp/state/react";
import { linkOf, shownInstrument } from "../../core/workspace/links";
import type { Link } from "../../core/workspace/linkColours";
import type { PaneInstrument } from "../../core/workspace/tree";
import { activeScrip$ } from "../../data/stores/activeScrip";
import { layout$ } from "../../data/stores/workspace";
import { usePane } from "./pane";

/**
 * The instrument this pane shows: its colour group's while it is in one that has chosen, else its
 * own, else the active scrip (a depth or chart pane never given one, as before groups).
 */
export function useShownInstrument(): PaneInstrument | undefined {
  const pane = usePane();
  const groups = useSelector(() => layout$.groups.get());
  const active = useSelector(() => activeScrip$.scrip.get());
  return shownInstrument({ groups }, pane) ?? active;
}

/** The group's instrument when this pane is linked and its group has chosen one; undefined otherwise (the pane's own rules apply). */
export function useGroupInstrument(): PaneInstrument | undefined {
  const pane = usePane();
  const link: Link = linkOf(pane);
  return useSelector(() => (link === "none" ? undefined : layout$.groups[link].get()));
}
