/**
 * A list's row cursor is its row's identity, not a row number (issue 28, "the selection is an
 * identity"): it holds the row's key (an order number, a position's exchange:token:book, a GTT id,
 * an instrument's exchange:token, ...) and follows that row across re-sorts, inserts, removals,
 * ticks and refreshes. It also remembers where the row last stood, for when the row goes.
 *
 * Keys are unique within one list; `key` is undefined only while the list is empty (or before the
 * cursor first lands on a list).
 */
export interface RowCursor {
  key: string | undefined;
  /** Where the row stood when last seen in the list. */
  at: number;
}

export const NO_ROW: RowCursor = { key: undefined, at: 0 };

export interface Followed {
  cursor: RowCursor;
  /** The cursor's row left the list: the cursor now names another row (or none), and the trader must be told. */
  moved: boolean;
}

const clamp = (at: number, length: number): number => Math.min(Math.max(at, 0), length - 1);

/**
 * The cursor after its list changed to `keys`. Its own row wherever it now stands; when that row is
 * gone, the row that now stands where it stood, else the last row; none when the list is empty.
 * Why that neighbour: the trader's eye is on that line of the screen, the highlight does not jump,
 * and with no re-sort it is the row that was just below the one that went (as in any list editor);
 * what it now holds is said in the status line, so nothing is acted on unseen.
 */
export function followRow(cursor: RowCursor, keys: readonly string[]): Followed {
  if (cursor.key !== undefined) {
    const at = keys.indexOf(cursor.key);
    if (at >= 0) return { cursor: at === cursor.at ? cursor : { key: cursor.key, at }, moved: false };
  }
  const moved = cursor.key !== undefined;
  if (keys.length === 0) return { cursor: NO_ROW, moved };
  const at = clamp(cursor.at, keys.length);
  return { cursor: { key: keys[at], at }, moved };
}

/** The cursor moved by position in the list as shown (j/k, Home, End, a click): onto the row at `to`, kept inside the list. */
export function cursorAt(keys: readonly string[], to: number): RowCursor {
  if (keys.length === 0) return NO_ROW;
  const at = clamp(to, keys.length);
  return { key: keys[at], at };
}

/** A box's top and bottom on the screen, in pixels (down is larger). */
export interface Span {
  top: number;
  bottom: number;
}

/**
 * How far a list must scroll (pixels, down positive) for the cursor's row to be seen: 0 when it
 * already shows in `clear`, the part of the pane's view the rows show in (the view less a sticky
 * header over it and a Total row stuck to its bottom). Otherwise the least scroll that brings the
 * row just inside, as the watchlist's virtual scroll does (align "auto"): a row below comes up to
 * the bottom edge, a row above comes down to the top edge, so each j/k past the edge moves the
 * list by one row and the trader's eye keeps its place. A row taller than the room shows its top,
 * where its name is.
 */
export function scrollToShow(row: Span, clear: Span): number {
  if (row.top < clear.top) return row.top - clear.top;
  if (row.bottom > clear.bottom) return Math.min(row.bottom - clear.bottom, row.top - clear.top);
  return 0;
}

/** An instrument as a row names it: its exchange and token. */
export interface RowInstrument {
  exchange: string;
  token: number;
}

/**
 * Where a list's cursor first lands (a pane opened, a workspace opened) in a pane of a colour group
 * that has an instrument: on the first row of that instrument when the list shows one, else on the
 * first row. FINDINGS-25 s9: a workspace opened with its red chart on USDINR26DECFUT and its red
 * Positions' cursor on the first row, NIFTY26DECFUT: `b` in the chart bought one and `x` in
 * Positions exited the other. Why the cursor goes to the group's instrument and not the group to
 * the cursor's row: the group's instrument is what was saved and what every other pane of the
 * group shows; the first row is only where a list starts, and handing it to the group would move
 * the charts the trader opened the workspace to see. No group instrument: the first row.
 */
export function landingRow(keys: readonly string[], instrumentOf: (key: string) => RowInstrument | undefined, group: RowInstrument | undefined): RowCursor {
  const at = group === undefined ? -1 : keys.findIndex((k) => {
    const i = instrumentOf(k);
    return i !== undefined && i.exchange === group.exchange && i.token === group.token;
  });
  return cursorAt(keys, Math.max(at, 0));
}
