import { MAX_RATIO, MIN_RATIO, pane, panes, rects, split, splitPane, type Direction, type Layout, type PaneState } from "./tree";

export interface Size {
  w: number;
  h: number;
}

/**
 * The smallest chart worth drawing (issue 29, "a chart gets room"): 480 px holds some 60 candles
 * beside the price axis, 260 px the candles over the time axis with room for a crosshair readout.
 * Below that a trader maximises it anyway, so a new chart pane is never made smaller when it can
 * be helped.
 */
export const MIN_CHART: Size = { w: 480, h: 260 };

/** The share of the tiling a chart takes when no single pane can give it its minimum. */
const BAND = 0.4;

/**
 * Where a new pane that needs `min` room goes (a chart, the embedded chart page). It is taken from
 * the widest pane that can give it, split across its longer room (side by side when half its width
 * is enough, else stacked), not from whichever pane happens to be focused. When no pane can give
 * it, the new pane takes a band along the bottom of the whole tiling, every pane keeping its
 * width (grids lose columns with width, not with height). The new pane takes the focus; the link
 * groups and the popped-out panes are the layout's, kept as they were.
 */
export function placeWithRoom(layout: Layout, view: string, state: PaneState | undefined, tiling: Size, min: Size): Layout {
  const boxes = rects(layout.root);
  const candidates = panes(layout.root)
    .map((p) => {
      const r = boxes.get(p.id)!;
      return { id: p.id, w: r.w * tiling.w, h: r.h * tiling.h, focused: p.id === layout.focused };
    })
    // Widest first; between equals, the focused pane.
    .sort((a, b) => b.w - a.w || Number(b.focused) - Number(a.focused));
  for (const c of candidates) {
    const direction: Direction | undefined = c.w / 2 >= min.w && c.h >= min.h ? "row" : c.w >= min.w && c.h / 2 >= min.h ? "column" : undefined;
    if (direction) return splitPane(layout, c.id, direction, view, state);
  }
  const share = tiling.h > 0 ? Math.max(BAND, min.h / tiling.h) : 0.5;
  const ratio = Math.min(MAX_RATIO, Math.max(MIN_RATIO, 1 - share));
  const fresh = pane(view, undefined, state);
  // A placement changes where panes are, nothing else: the groups' instruments and the popped-out panes stay.
  return { ...layout, root: split("column", layout.root, fresh, ratio), focused: fresh.id };
}

/**
 * Splits pane `id` in two across its longer side (stacked when its place is taller than wide, side
 * by side otherwise), the new pane showing `view` and taking the focus: each half keeps the most
 * room the place has. `tiling` is the tiling's size in px; unknown (0), the split is side by side.
 */
export function splitAcrossLonger(layout: Layout, id: string, view: string, tiling: Size): Layout {
  const r = rects(layout.root).get(id);
  const direction: Direction = r && r.h * tiling.h > r.w * tiling.w ? "column" : "row";
  return splitPane(layout, id, direction, view);
}
