/**
 * One submit, one action: the Enter that answers a confirmation (Cancel order, an armed cancel all,
 * any dialog's form) closes it, and the focus is back on the list under it, where Enter means
 * something else (the order book's Enter opens the row's info). A second Enter of the same
 * gesture (a double tap, a held key's repeat) then acted on the list every time. An Enter that
 * comes within SAME_PRESS_MS of an Enter pressed in a dialog that has since closed is that
 * gesture's, and does nothing; each one so dropped carries the window on (a held key).
 *
 * 500 ms: the double-click time desktops use by default, the span in which two presses are read
 * as one gesture; a trader who means the list's Enter presses it after reading what the dialog did.
 */
export const SAME_PRESS_MS = 500;

/**
 * What an Enter on the panes does, by the Enter before it.
 * - `lastDialogEnterAt`: when Enter was last pressed in a dialog (undefined: not since the last Enter elsewhere).
 * - `opening`: the instrument whose order window the palette's Enter is still opening (a command line,
 *   `buy ITC 7 @ 291`, waits for its instrument's lookup before the window shows). Until it shows, the
 *   panes are on top though the gesture was the line's: an Enter then is that line's, however long
 *   the lookup takes, and is told rather than acted on by the pane (the Orders pane's Enter opens an
 *   order's info, the Ideas pane's another order window).
 *
 * "own": the pane's Enter. "echo": dropped unsaid (a double tap on a dialog that has closed, which
 * the closed dialog's work shows). A string: dropped, and that is what the trader is told.
 */
export function enterOnPanes(lastDialogEnterAt: number | undefined, now: number, opening?: string): "own" | "echo" | string {
  if (opening !== undefined) return `Opening the order window for ${opening}: this Enter sent nothing`;
  if (lastDialogEnterAt === undefined) return "own";
  const since = now - lastDialogEnterAt;
  return since >= 0 && since < SAME_PRESS_MS ? "echo" : "own";
}
