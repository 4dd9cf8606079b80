import type { IChartApi, Time } from "lightweight-charts";

/**
 * Where the library draws a trade mark's label (useTradeMarks.ts): centred on its bar, in the
 * chart's font (its series-markers plugin measures each label with the layout's font size and
 * family, as here). A label is pixels on a canvas, so the chart keeps the room its labels need
 * right of the last bar from these widths, and tells the e2e where each one is.
 */

let measurer: CanvasRenderingContext2D | null | undefined;

/** The label's width in CSS pixels, as the library measures it; 0 where no canvas can measure. */
export function markLabelWidth(api: IChartApi, text: string): number {
  measurer ??= document.createElement("canvas").getContext("2d");
  if (!measurer) return 0;
  const { fontSize, fontFamily } = api.options().layout;
  measurer.font = `${fontSize}px ${fontFamily}`;
  return measurer.measureText(text).width;
}

/** Each label's left and right edge in the candles' pane, in CSS pixels ("left,right", "|" between); a label off the time scale is left out. */
export function markLabelExtents(api: IChartApi, marks: readonly { time: Time; text?: string }[]): string {
  const ts = api.timeScale();
  const out: string[] = [];
  for (const m of marks) {
    if (!m.text) continue;
    const x = ts.timeToCoordinate(m.time);
    if (x === null) continue;
    const half = markLabelWidth(api, m.text) / 2;
    out.push(`${(x - half).toFixed(1)},${(x + half).toFixed(1)}`);
  }
  return out.join("|");
}
