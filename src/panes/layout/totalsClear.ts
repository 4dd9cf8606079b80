import { useCallback } from "react";

/**
 * A grid's totals row sticks to the bottom of its pane (styles.css, `.grid tfoot td`), as its header
 * sticks to the top, so the totals stay in view while the rows scroll between them. Both are held
 * only inside their table, so in a pane too short for the header, a row and the totals, the stuck
 * totals rose over the header and the two read over each other. Here the totals stick only while,
 * at the bottom of the pane's scrolled view, they would leave at least a row's height under the
 * header where it stands now; otherwise they are marked `data-unpinned` and stay in the table's
 * flow, after the last row, where the pane scrolls to them. Measured again on every scroll and
 * change of size: whether the header has scrolled up to the top decides how much room there is.
 */
export function keepTotalsClear(foot: HTMLTableSectionElement): () => void {
  const table = foot.closest("table");
  const view = scrollerOf(foot);
  if (!table || !view) return () => undefined;
  const check = () => {
    const roomBottom = viewBottom(view);
    const headBottom = Math.max(...Array.from(table.tHead?.rows[0]?.cells ?? [], (c) => c.getBoundingClientRect()).filter((r) => r.height > 0).map((r) => r.bottom), -Infinity);
    const rowHeight = table.tBodies[0]?.rows[0]?.getBoundingClientRect().height ?? 0;
    // The tfoot's own box stays where the table puts it: its height is the same stuck or not.
    const clear = headBottom === -Infinity || roomBottom - foot.getBoundingClientRect().height - headBottom >= rowHeight - 0.5;
    foot.toggleAttribute("data-unpinned", !clear);
  };
  check();
  const sizes = new ResizeObserver(check);
  sizes.observe(view);
  sizes.observe(table);
  // A scroll of the document's own scroller is reported on the window.
  const scrolled: HTMLElement | Window = view === document.scrollingElement ? window : view;
  scrolled.addEventListener("scroll", check, { passive: true });
  return () => {
    sizes.disconnect();
    scrolled.removeEventListener("scroll", check);
  };
}

/** The box a sticky element sticks within: its nearest ancestor that scrolls (or clips), else the document's scroller. */
export function scrollerOf(el: HTMLElement): HTMLElement | null {
  for (let e = el.parentElement; e; e = e.parentElement) {
    if (/^(auto|scroll|hidden)$/.test(getComputedStyle(e).overflowY)) return e;
  }
  return document.scrollingElement as HTMLElement | null;
}

/** Where the scroller's visible content ends on screen, above any horizontal scrollbar. */
export function viewBottom(view: HTMLElement): number {
  if (view === document.scrollingElement) return document.documentElement.clientHeight;
  return view.getBoundingClientRect().top + view.clientTop + view.clientHeight;
}

/** A ref for a grid's tfoot: keepTotalsClear while it is mounted. */
export function useTotalsClear(): (foot: HTMLTableSectionElement | null) => (() => void) | undefined {
  return useCallback((foot: HTMLTableSectionElement | null) => (foot ? keepTotalsClear(foot) : undefined), []);
}
