import { reloadPane } from "../../data/stores/paneReload";
import type { Command } from "../types";

/** The way back from a pane or a page that failed (issue 28, "No blank page"); the failure's buttons run these. */
export const recoveryCommands: Command[] = [
  {
    id: "pane.reload",
    title: "Reload pane",
    group: "Layout",
    keywords: ["remount", "error", "refresh", "stopped"],
    when: (ctx) => ctx.clientCode !== undefined && ctx.focusedPaneId !== undefined,
    // A pane's own Reload button names its pane; from the palette, the focused one.
    run: (ctx, args) => {
      const id = (args as { paneId?: string } | undefined)?.paneId ?? ctx.focusedPaneId;
      if (id) reloadPane(id);
    },
  },
  {
    id: "app.reload",
    title: "Reload Tape",
    group: "View",
    keywords: ["refresh", "update", "page"],
    run: () => window.location.reload(),
  },
];
