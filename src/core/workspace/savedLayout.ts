import { choiceFromWatchColumns } from "../watchlist/columns";
import { readPaneWatch } from "../watchlist/paneWatch";
import { readGroups } from "./links";
import { panes } from "./tree";
import type { Layout, LayoutNode, PaneNode } from "./tree";

/**
 * A layout saved by an earlier build, brought up to today's pane state on load, so a trader's
 * saved panes keep their look. A watchlist pane kept its columns in its watch settings (a list of
 * the shown ones, `watch.columns`); the watchlist is now a grid of the column chooser, so they move
 * to the pane's columns (`columns.watchlist`), where the chooser reads and saves them. A pane that
 * already has a chooser's choice keeps it; the old list goes either way.
 */
export function upgradeLayout(layout: Layout): Layout {
  // Link groups' instruments are trusted colour by colour (links.ts).
  const groups = readGroups(layout.groups);
  const { groups: _, popped: __, ...rest } = layout;
  const root = upgradeNode(layout.root);
  // Popped panes are trusted only if they are panes of this layout.
  const ids = new Set(panes(root).map((p) => p.id));
  const popped = Array.isArray(layout.popped) ? layout.popped.filter((id) => typeof id === "string" && ids.has(id)) : [];
  return { ...rest, root, ...(groups ? { groups } : {}), ...(popped.length ? { popped } : {}) };
}

function upgradeNode(node: LayoutNode): LayoutNode {
  if (node.type === "split") return { ...node, a: upgradeNode(node.a), b: upgradeNode(node.b) };
  return upgradePane(node);
}

function upgradePane(pane: PaneNode): PaneNode {
  const watch: unknown = pane.state?.watch;
  if (!pane.state || !watch || typeof watch !== "object" || !("columns" in watch)) return pane;
  const chosen = pane.state.columns?.watchlist ?? choiceFromWatchColumns(watch.columns);
  // The rest of the watch settings as the watchlist reads them (it trusts nothing saved).
  const state = { ...pane.state, watch: readPaneWatch(watch) };
  return { ...pane, state: chosen ? { ...state, columns: { ...pane.state.columns, watchlist: chosen } } : state };
}
