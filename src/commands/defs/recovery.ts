import { reloadPane } from "../../data/stores/paneReload";
import { command } from "../types";
import { all, paneFocused, signedIn } from "../when";

/** The way back from a pane or a page that failed (issue 28, "No blank page"); the failure's buttons run these. */
export const recoveryCommands = [
  command({
    id: "pane.reload",
    title: "Reload pane",
    group: "Layout",
    keywords: ["remount", "error", "refresh", "stopped"],
    when: all(signedIn, paneFocused),
    // A pane's own Reload button names its pane; from the palette, the focused one.
    run: (ctx, args?: { paneId: string }) => {
      const id = args?.paneId ?? ctx.focusedPaneId;
      if (id) reloadPane(id);
    },
  }),
  command({
    id: "app.reload",
    title: "Reload Tape",
    group: "View",
    keywords: ["refresh", "update", "page"],
    run: () => window.location.reload(),
  }),
];
