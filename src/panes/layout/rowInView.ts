import { scrollToShow } from "../../core/rules/rowCursor";
import { scrollerOf, viewBottom } from "./totalsClear";

/** The row a pane's cursor is on, as every list marks it: a table row aria-selected, or a `row-cursor` (Explore's items, the watchlist's). */
const CURSOR_ROW = 'tr[aria-selected="true"], .row-cursor';

/**
 * Scrolls the pane's list, the least it takes, so the cursor's row shows between its sticky header
 * and a Total row stuck to the bottom (styles.css `.grid th`, `.grid tfoot td`): a row under either
 * is not seen. The header covers down to its bottom edge wherever it stands (stuck at the top, or
 * in its place above the rows); a Total covers from its top edge (stuck, or after the last row,
 * where no row is below it). A list with no row drawn for the cursor (a virtual grid's row out of
 * its window, which scrolls itself to it) is left alone.
 */
export function keepCursorRowInView(paneId: string): void {
  const pane = document.querySelector(`.pane[data-pane-id="${CSS.escape(paneId)}"]`);
  const row = pane?.querySelector<HTMLElement>(CURSOR_ROW);
  const view = row && scrollerOf(row);
  if (!row || !view) return;
  const top = view === document.scrollingElement ? 0 : view.getBoundingClientRect().top + view.clientTop;
  const table = row.closest("table");
  const head = table?.tHead?.getBoundingClientRect();
  const foot = table?.tFoot?.getBoundingClientRect();
  const clear = {
    top: Math.max(top, head && head.height > 0 ? head.bottom : top),
    bottom: Math.min(viewBottom(view), foot && foot.height > 0 ? foot.top : Infinity),
  };
  const by = scrollToShow(row.getBoundingClientRect(), clear);
  if (by !== 0) view.scrollTop += by;
}
