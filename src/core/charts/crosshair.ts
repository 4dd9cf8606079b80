import { barIndexHolding } from "./drawings/geometry";

/**
 * The chart by keyboard (issue 34, "Crosshair and view by keyboard"): which bars are in view and
 * which bar the crosshair is on, as bar indices (0 the oldest bar, bars - 1 the newest). The
 * chart widget draws this state and reports the mouse's changes back into it; every rule of the
 * keys is here, away from the library.
 *
 * The rules:
 * 1. The crosshair, when on, is on a bar (0 .. bars - 1) and that bar is in view.
 * 2. The view is `to - from + 1` bars wide (at least one) and never leaves the bars: with fewer
 *    bars than it is wide it shows them all (blank room left or right), otherwise only bars.
 * 3. Left / Right move the crosshair one bar (off: they start from the newest bar, whose values
 *    the read-out shows then); it stops at the first and last bar, and the view scrolls the least
 *    that keeps it in view.
 * 4. Shift+Left / Shift+Right pan the view a quarter of its width (at least one bar) earlier or
 *    later, and stop at the ends. The crosshair keeps its bar while that bar is in view, else it is
 *    carried along on the view's edge nearest to it: panning never hides it.
 * 5. `+` shows 1.5 times fewer bars (never below MIN_BARS_SHOWN, unless already below), `-` 1.5
 *    times more (never more than all the bars, unless already more). The crosshair's bar keeps
 *    its place on screen; with the crosshair off, the right edge stays.
 * 6. Home / End put the crosshair on the first / last bar.
 * 7. The reset key takes the crosshair off and shows the view the chart opened with: its width of
 *    the newest bars.
 * 8. The bars loaded anew (a replay's jump: the broker's bars replace the ones drawn), the
 *    crosshair stays on its bar by the bar's time: the bar starting then, else the nearest earlier
 *    one; off when the new bars have none that early (or it was off). Indices move with a reload
 *    (more bars, or fewer after a jump back), so keeping the index would put it on another bar.
 */

export interface ChartView {
  /** First and last bar in view, inclusive; `from` is negative when the view has room left of the first bar. */
  from: number;
  to: number;
  /** The crosshair's bar; null when it is off. */
  cursor: number | null;
}

export type ChartKeyAction =
  | { kind: "move"; by: -1 | 1 }
  | { kind: "pan"; by: -1 | 1 }
  | { kind: "zoom"; by: "in" | "out" }
  | { kind: "first" }
  | { kind: "last" }
  | { kind: "reset" };

/** Zooming in stops here: fewer candles than this tell nothing a readout does not. */
export const MIN_BARS_SHOWN = 10;
/** One `+` or `-` shows this many times fewer or more bars. */
export const ZOOM_FACTOR = 1.5;
/** One pan moves the view by this share of its width. */
export const PAN_SHARE = 0.25;

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
const width = (v: ChartView) => Math.max(1, v.to - v.from + 1);

/** Rule 2: the view of width `w` starting at `from`, moved the least onto the bars. */
function placeView(from: number, w: number, bars: number): { from: number; to: number } {
  const f = clamp(from, Math.min(0, bars - w), Math.max(0, bars - w));
  return { from: f, to: f + w - 1 };
}

/** Rules 1 and 3: the view scrolled the least to show `cursor` (clamped to the bars). */
function showCursor(view: { from: number; to: number }, cursor: number | null, bars: number): ChartView {
  if (cursor === null) return { ...view, cursor: null };
  const c = clamp(cursor, 0, bars - 1);
  const w = view.to - view.from + 1;
  const from = c < view.from ? c : c > view.to ? c - w + 1 : view.from;
  return { from, to: from + w - 1, cursor: c };
}

/**
 * The view after one key. `openingWidth` is the width the chart opened with (rule 7). With no
 * bars there is nothing to move: the crosshair goes off and the view stays.
 */
export function stepChartView(v: ChartView, a: ChartKeyAction, bars: number, openingWidth: number): ChartView {
  if (bars <= 0) return { from: v.from, to: v.to, cursor: null };
  const w = width(v);
  const here = placeView(v.from, w, bars);
  const last = bars - 1;
  switch (a.kind) {
    case "move":
      return showCursor(here, (v.cursor ?? last) + a.by, bars);
    case "first":
      return showCursor(here, 0, bars);
    case "last":
      return showCursor(here, last, bars);
    case "pan": {
      const moved = placeView(here.from + a.by * Math.max(1, Math.floor(w * PAN_SHARE)), w, bars);
      if (v.cursor === null) return { ...moved, cursor: null };
      return { ...moved, cursor: clamp(clamp(v.cursor, 0, last), Math.max(moved.from, 0), Math.min(moved.to, last)) };
    }
    case "zoom": {
      const next =
        a.by === "in"
          ? Math.max(Math.min(w, MIN_BARS_SHOWN), Math.round(w / ZOOM_FACTOR))
          : Math.max(w, Math.min(Math.round(w * ZOOM_FACTOR), Math.max(bars, MIN_BARS_SHOWN)));
      if (v.cursor === null) return { ...placeView(here.to - next + 1, next, bars), cursor: null };
      const c = clamp(v.cursor, 0, last);
      // The crosshair's bar keeps its share of the view to its left.
      const left = Math.round(((c - here.from) * next) / w);
      return showCursor(placeView(c - left, next, bars), c, bars);
    }
    case "reset": {
      const ow = Math.max(1, Math.round(openingWidth));
      return { ...placeView(bars - ow, ow, bars), cursor: null };
    }
  }
}

/**
 * The bars in view of the library's visible logical range (bar i is centred on logical i): a bar
 * counts when its centre is on screen.
 */
export function viewOfRange(range: { from: number; to: number }, cursor: number | null): ChartView {
  // + 0: ceil(-0.5) is -0, which no bar index is.
  const from = Math.ceil(range.from) + 0;
  return { from, to: Math.max(from, Math.floor(range.to)), cursor };
}

/** The logical range that shows exactly the bars from..to, half a bar of room either side. */
export function rangeOfView(v: ChartView): { from: number; to: number } {
  return { from: v.from - 0.5, to: v.to + 0.5 };
}

/** Rule 8: the crosshair's bar in `bars` (oldest first) after a reload, from the time of the bar it was on; null for off. */
export function keptCursor(bars: readonly { time: number }[], time: number | null): number | null {
  if (time === null) return null;
  // The last bar starting at or before `time` (a binary search: a year of minutes is 94,000 bars).
  const found = barIndexHolding(bars, time);
  return found >= 0 ? found : null;
}
