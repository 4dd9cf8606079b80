/** A list's row cursor kept inside the list after a move, a delete or a shorter list (0 when empty). */
export function clampCursor(at: number, length: number): number {
  return length === 0 ? 0 : Math.min(Math.max(at, 0), length - 1);
}
