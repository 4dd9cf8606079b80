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
