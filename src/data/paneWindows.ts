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
  // An empty address finds the pane's window when it is open and leaves it as it is: opened by its
  // address, an open window would load again, and its leaving page brings the pane back into the
  // tiling (PaneWindow's pagehide). Only a window just made (still blank) is sent to the pane.
  const w = window.open("", windowName(id), "popup,width=1100,height=700");
  if (!w) {
    notify({ kind: "danger", text: "The browser blocked the pane's window: allow pop-ups for Tape (once), then press the pop-out key again" });
    return false;
  }
  if (isBlank(w)) w.location.href = paneWindowPath(id);
  else w.focus();
  return true;
}

/** A window that shows nothing yet: the one window.open just made for a name no window had. */
function isBlank(w: Window): boolean {
  try {
    return w.location.href === "about:blank";
  } catch {
    // Another origin's page under the pane's window name: not the pane's, so it is sent there.
    return true;
  }
}

/** Pops a pane out: marked in the layout (every window sees it), its window opened. */
export function popOutPane(id: string): void {
  workspace.popOut(id);
  openPaneWindow(id);
}

/** Reopens the windows of a layout's popped-out panes (a workspace opened); one still open is left as it is. */
export function reopenPaneWindows(): void {
  for (const id of workspace.poppedPanes()) openPaneWindow(id);
}
