/** A box on the chart's candle pane, in CSS pixels from its top left. */
export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** Whether two boxes share any area (touching edges do not). */
export function overlaps(a: Box, b: Box): boolean {
  return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
}

/** Kept this far from the pane's edges and from what covers it, in pixels. */
const GAP = 2;

/**
 * A drawing's label moved off what floats over the pane (a narrow chart's or a grid cell's
 * read-out, its legend), where it was drawn under it: first beside it on the right, at the same
 * height (a line's label stays level with its line), else under it, at the same left; where
 * neither fits in the pane, where it was. A label clear of it stays put.
 */
export function clearOf(label: Box, covered: Box | null, pane: { width: number; height: number }): Box {
  if (!covered || !overlaps(label, covered)) return label;
  const width = label.right - label.left;
  const height = label.bottom - label.top;
  const right = covered.right + GAP;
  if (right + width <= pane.width - GAP) return { left: right, top: label.top, right: right + width, bottom: label.bottom };
  const below = covered.bottom + GAP;
  if (below + height <= pane.height - GAP) return { left: label.left, top: below, right: label.right, bottom: below + height };
  return label;
}

/** `inner`'s box from `outer`'s top left (two page rectangles). */
export function boxWithin(inner: DOMRectReadOnly, outer: DOMRectReadOnly): Box {
  return { left: inner.left - outer.left, top: inner.top - outer.top, right: inner.right - outer.left, bottom: inner.bottom - outer.top };
}
