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

/** `lastDialogEnterAt`: when Enter was last pressed in a dialog (undefined: not since the last Enter elsewhere). */
export function isEnterEcho(lastDialogEnterAt: number | undefined, now: number): boolean {
  if (lastDialogEnterAt === undefined) return false;
  const since = now - lastDialogEnterAt;
  return since >= 0 && since < SAME_PRESS_MS;
}
