/**
 * Where a chart's drawing labels go on its candle pane, pure. Two labels on one spot read as one:
 * a line above the visible scale had its label pushed to the pane's top, onto another line's label,
 * so "1,144.40 · alert above" and "1,140.20 · alert above fired" showed as "1,144.40 · alert above
 * fired" on the 1,140.20 line.
 */

/** A box on the pane, in CSS pixels from its top left. */
export interface LabelBox {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** Kept between two labels, and from the pane's edges, in pixels. */
export const LABEL_GAP = 2;

/**
 * Where a horizontal line at pixel `y` is against a pane `height` high: "above" or "below" the
 * visible scale, or null on it (the edges included: a line on the top row is drawn).
 */
export function offScale(y: number, height: number): "above" | "below" | null {
  return y < 0 ? "above" : y > height ? "below" : null;
}

/**
 * A line's label text, saying where the line is when it is off the scale: its label then sits at
 * that edge, away from the line, so it says which way the line is: "▲ 1,144.40 · alert above".
 */
export function offScaleText(text: string, where: "above" | "below" | null): string {
  return where === "above" ? `\u25b2 ${text}` : where === "below" ? `\u25bc ${text}` : text;
}

const meets = (a: LabelBox, b: LabelBox) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/**
 * The labels laid out so that none covers another, each box as wanted where it meets nothing:
 * - In the order given: the caller puts the labels by their own lines before those pushed to an
 *   edge (a line off the scale), so a label by its line keeps its spot and the pushed ones stack.
 * - A label meeting one placed before it, or a box kept clear (`clear`, the legend over the pane),
 *   moves away from its nearer edge: down to just under the lowest box it meets when its middle is
 *   in the pane's upper half, else up to just over the highest; again until it meets none.
 * - Where that leaves the pane, it goes beside them instead, at its wanted height: right of the
 *   rightmost box it meets, again until it meets none.
 * - Where neither fits, it is left out (null): a label over another is a wrong reading, and the
 *   drawings list (l) names every line.
 */
export function layOutLabels(wanted: readonly LabelBox[], pane: { width: number; height: number }, clear: readonly LabelBox[] = []): Array<LabelBox | null> {
  const placed: LabelBox[] = [];
  return wanted.map((w) => {
    const at = fit(w, pane, [...clear, ...placed]);
    if (at) placed.push(at);
    return at;
  });
}

function fit(w: LabelBox, pane: { width: number; height: number }, taken: readonly LabelBox[]): LabelBox | null {
  const height = w.bottom - w.top;
  const width = w.right - w.left;
  const down = (w.top + w.bottom) / 2 < pane.height / 2;
  let box = w;
  for (let met = taken.filter((t) => meets(box, t)); met.length > 0; met = taken.filter((t) => meets(box, t))) {
    const top = down ? Math.max(...met.map((t) => t.bottom)) + LABEL_GAP : Math.min(...met.map((t) => t.top)) - LABEL_GAP - height;
    box = { left: w.left, top, right: w.right, bottom: top + height };
    if (top < 0 || top + height > pane.height) {
      box = w;
      for (let m = taken.filter((t) => meets(box, t)); m.length > 0; m = taken.filter((t) => meets(box, t))) {
        const left = Math.max(...m.map((t) => t.right)) + LABEL_GAP;
        if (left + width > pane.width) return null;
        box = { left, top: w.top, right: left + width, bottom: w.bottom };
      }
      return box;
    }
  }
  return box;
}
