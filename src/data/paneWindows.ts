import { notify } from "../core/notify";
import { workspace } from "./stores/workspace";

/** The address of a pane's own window, and its window name (one window per pane: opening it again focuses it). */
export const paneWindowPath = (id: string) => `/popout?pane=${encodeURIComponent(id)}`;
const windowName = (id: string) => `tape-pane-${id}`;

/**
 * Opens the window of a popped-out pane (issue 32). The browser may block a window not opened by
 * a key press (a workspace reopening several): then the pane stays marked as out, its place in
 * the tiling says how to open it, and the trader is told to allow pop-ups once.
 */
export function openPaneWindow(id: string): boolean {
  const w = window.open(paneWindowPath(id), windowName(id), "popup,width=1100,height=700");
  if (!w) {
    notify({ kind: "danger", text: "The browser blocked the pane's window: allow pop-ups for Tape (once), then press the pop-out key again" });
    return false;
  }
  return true;
}

/** Pops a pane out: marked in the layout (every window sees it), its window opened. */
export function popOutPane(id: string): void {
  workspace.popOut(id);
  openPaneWindow(id);
}

/** Reopens the windows of a layout's popped-out panes (a workspace opened). */
export function reopenPaneWindows(): void {
  for (const id of workspace.poppedPanes()) openPaneWindow(id);
}
