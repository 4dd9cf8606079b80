import type { IPrimitivePaneRenderer, IPrimitivePaneView, ISeriesPrimitive, Logical, SeriesAttachedParameter, Time } from "lightweight-charts";
import { barIndexHolding, fibLevels, fibRatioLabel, measure, measureLabel } from "../../../core/charts/drawings/geometry";
import type { DrawingPoint, DrawingTool } from "../../../core/charts/drawings/types";
import { layOutLabels, offScale, offScaleText } from "../../../core/charts/drawings/labelLayout";
import { groupIndian } from "../../../core/format";
import type { Bar } from "../../../core/types/bar";
import { clearOf, type Box } from "./clearOf";

/** One shape to draw: a kept drawing, or the one being placed (`preview`). */
export interface Shape {
  tool: DrawingTool;
  points: readonly DrawingPoint[];
  selected?: boolean;
  preview?: boolean;
  /** A horizontal line made a price alert: its label says so. */
  alert?: string;
}

export interface Scene {
  shapes: readonly Shape[];
  bars: readonly Bar[];
  decimals: number;
  colours: { fg: string; muted: string; bg: string; accent: string; blue: string; up: string; down: string };
  /** What floats over the pane's top (a narrow chart's or a grid cell's legend): labels are kept off it (clearOf.ts). */
  covered?: Box | null;
  /** Told each frame's labels, their boxes and texts (the e2e reads them: they are pixels on a canvas). */
  labelled?: (labels: readonly DrawnLabel[]) => void;
}

/** A label as drawn: its box on the candle pane and its text. */
export interface DrawnLabel {
  box: Box;
  text: string;
}

type Target = Parameters<IPrimitivePaneRenderer["draw"]>[0];

/**
 * The logical position of a time on the bars: the bar that holds it (a 1-minute point on a
 * 5-minute chart is inside its 5-minute bar), or, before the first bar or past the last, bars
 * counted at the chart's spacing.
 */
export function logicalOf(bars: readonly Bar[], time: number): number | null {
  if (bars.length === 0) return null;
  const step = bars.length > 1 ? bars[1]!.time - bars[0]!.time : 60_000;
  const i = barIndexHolding(bars, time);
  if (i < 0) return (time - bars[0]!.time) / step;
  const last = bars.length - 1;
  if (i === last && time >= bars[last]!.time + step) return last + (time - bars[last]!.time) / step;
  return i;
}

/**
 * The chart's drawings as a series primitive of lightweight-charts 5 (its plugin API): one pane
 * view that draws every shape on the canvas, above the candles, read from `scene()` at each frame.
 */
export class DrawingsPrimitive implements ISeriesPrimitive<Time> {
  private attachedTo: SeriesAttachedParameter<Time> | null = null;
  private readonly view: IPrimitivePaneView;

  constructor(private readonly scene: () => Scene) {
    const renderer: IPrimitivePaneRenderer = { draw: (target) => this.draw(target) };
    this.view = { zOrder: () => "top", renderer: () => renderer };
  }

  attached(p: SeriesAttachedParameter<Time>): void {
    this.attachedTo = p;
  }

  detached(): void {
    this.attachedTo = null;
  }

  paneViews(): readonly IPrimitivePaneView[] {
    return [this.view];
  }

  /** Asks the library for a frame (a drawing, the list's choice or the live point changed). */
  redraw(): void {
    this.attachedTo?.requestUpdate();
  }

  private draw(target: Target): void {
    const at = this.attachedTo;
    if (!at) return;
    const s = this.scene();
    if (s.shapes.length === 0) return s.labelled?.([]);
    const ts = at.chart.timeScale();
    const x = (t: number) => {
      const l = logicalOf(s.bars, t);
      return l === null ? null : ts.logicalToCoordinate(l as Logical);
    };
    const y = (p: number) => at.series.priceToCoordinate(p);
    const c = s.colours;
    target.useMediaCoordinateSpace(({ context: ctx, mediaSize }) => {
      ctx.save();
      ctx.font = "11px system-ui, -apple-system, 'Segoe UI', sans-serif";
      ctx.textBaseline = "middle";
      // Labels are drawn after every shape, laid out together so that none covers another
      // (core/charts/drawings/labelLayout.ts): those by their own lines first, then those pushed to an edge.
      const wanted: Array<{ text: string; box: Box; colour: string; pushed: boolean }> = [];
      /** A label on a box of the pane's colour, kept inside the pane and off the legend over it. */
      const label = (text: string, lx: number, ly: number, colour: string, align: "left" | "right" = "left", pushed = false) => {
        const w = ctx.measureText(text).width + 8;
        const x = Math.max(2, Math.min(mediaSize.width - w - 2, align === "left" ? lx : lx - w));
        const y = Math.max(2, Math.min(mediaSize.height - 18, ly - 9));
        wanted.push({ text, box: clearOf({ left: x, top: y, right: x + w, bottom: y + 16 }, s.covered ?? null, mediaSize), colour, pushed });
      };
      for (const sh of s.shapes) {
        const colour = sh.preview ? c.accent : sh.selected ? c.accent : sh.tool === "hline" && sh.alert ? c.blue : c.fg;
        ctx.strokeStyle = colour;
        ctx.lineWidth = sh.selected ? 2 : 1;
        ctx.setLineDash(sh.preview ? [5, 4] : []);
        const [a, b] = sh.points;
        if (!a) continue;
        const ax = x(a.time);
        const ay = y(a.price);
        if (sh.tool === "hline") {
          if (ay === null) continue;
          ctx.beginPath();
          ctx.moveTo(0, ay);
          ctx.lineTo(mediaSize.width, ay);
          ctx.stroke();
          const where = offScale(ay, mediaSize.height);
          label(offScaleText(`${groupIndian(a.price, s.decimals)}${sh.alert ? ` \u00b7 ${sh.alert}` : ""}`, where), 6, ay - 10, colour, "left", where !== null);
          continue;
        }
        if (!b || ax === null || ay === null) continue;
        const bx = x(b.time);
        const by = y(b.price);
        if (bx === null || by === null) continue;
        switch (sh.tool) {
          case "trend":
            ctx.beginPath();
            ctx.moveTo(ax, ay);
            ctx.lineTo(bx, by);
            ctx.stroke();
            break;
          case "rect":
            ctx.globalAlpha = 0.12;
            ctx.fillStyle = colour;
            ctx.fillRect(Math.min(ax, bx), Math.min(ay, by), Math.abs(bx - ax), Math.abs(by - ay));
            ctx.globalAlpha = 1;
            ctx.strokeRect(Math.min(ax, bx), Math.min(ay, by), Math.abs(bx - ax), Math.abs(by - ay));
            break;
          case "measure": {
            const la = logicalOf(s.bars, a.time) ?? 0;
            const lb = logicalOf(s.bars, b.time) ?? 0;
            const m = measure(a, b, Math.round(lb - la));
            const tone = m.change >= 0 ? c.up : c.down;
            ctx.globalAlpha = 0.15;
            ctx.fillStyle = tone;
            ctx.fillRect(Math.min(ax, bx), Math.min(ay, by), Math.abs(bx - ax), Math.abs(by - ay));
            ctx.globalAlpha = 1;
            ctx.strokeStyle = tone;
            ctx.beginPath();
            ctx.moveTo(ax, ay);
            ctx.lineTo(bx, by);
            ctx.stroke();
            label(measureLabel(m, s.decimals), Math.min(ax, bx), by + (by < ay ? -12 : 12), tone);
            break;
          }
          case "fib": {
            const left = Math.min(ax, bx);
            const right = Math.max(ax, bx);
            // Levels closer than a label's height keep their lines but not all their labels: the
            // move's ends (0 % and 100 %) always, the others only with room from the last one labelled.
            const levels = fibLevels(a.price, b.price).map((l) => ({ ...l, y: y(l.price) }));
            const labelled: number[] = [];
            for (const l of [levels[0]!, levels[levels.length - 1]!, ...levels.slice(1, -1)]) {
              if (l.y === null) continue;
              ctx.strokeStyle = l.ratio === 0 || l.ratio === 1 ? colour : c.muted;
              ctx.beginPath();
              ctx.moveTo(left, l.y);
              ctx.lineTo(right, l.y);
              ctx.stroke();
              const ly = l.y;
              if (labelled.some((o) => Math.abs(o - ly) < 15)) continue;
              labelled.push(ly);
              label(`${fibRatioLabel(l.ratio)}  ${groupIndian(l.price, s.decimals)}`, left - 4, ly, sh.preview || sh.selected ? colour : c.muted, "right");
            }
            ctx.strokeStyle = c.muted;
            ctx.setLineDash([2, 3]);
            ctx.beginPath();
            ctx.moveTo(ax, ay);
            ctx.lineTo(bx, by);
            ctx.stroke();
            break;
          }
        }
      }
      const ordered = [...wanted.filter((l) => !l.pushed), ...wanted.filter((l) => l.pushed)];
      const at = layOutLabels(ordered.map((l) => l.box), mediaSize, s.covered ? [s.covered] : []);
      const drawn: DrawnLabel[] = [];
      ordered.forEach((l, i) => {
        const box = at[i];
        if (!box) return;
        drawn.push({ box, text: l.text });
        ctx.globalAlpha = 0.85;
        ctx.fillStyle = c.bg;
        ctx.fillRect(box.left, box.top, box.right - box.left, 16);
        ctx.globalAlpha = 1;
        ctx.fillStyle = l.colour;
        ctx.fillText(l.text, box.left + 4, box.top + 8);
      });
      ctx.restore();
      s.labelled?.(drawn);
    });
  }
}
