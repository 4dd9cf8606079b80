import { LineStyle, type AutoscaleInfo, type IChartApi, type IPriceLine, type ISeriesApi } from "lightweight-charts";
import type { ChartLine } from "../../../core/charts/orderLines/lines";
import { NO_SELECTION, stepSelection, type LineSelection, type SelectionAction, type SelectionStep } from "../../../core/charts/orderLines/selection";

/**
 * The order lines on one drawn chart (issue 34): draws them as the library's price lines, keeps
 * the selection (core/charts/orderLines/selection.ts, every rule there), and takes the mouse: a
 * press on a movable line picks it, dragging gives it a pending price, the release leaves it
 * pending (Enter or the bar's Modify sends, Esc puts it back). What the lines are comes from
 * outside (setLines); the modify is sent by the command that asked for it.
 *
 * The pointer has the one owner the keys have (commands/defs/chartOrders.ts, FINDINGS-25 s1):
 * while a drawing is being placed a press over a line is the drawing's (the library's click sets
 * its point, its drag pans, as anywhere on the chart), so a trader placing a drawing near an order
 * can never pick, drag or modify the order; the line shows no grab pointer then either. A selection
 * that goes (starting a drawing deselects, selection.ts rule 7) ends a drag under way.
 */

/** How near a press must be to a line, in pixels, to take it. */
const GRAB_PX = 5;

function cssVar(name: string): string {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim();
}

export interface OrderLinesView {
  selection: LineSelection;
  /** The selected line, if any. */
  line: ChartLine | undefined;
}

export class OrderLinesController {
  private drawn = new Map<string, IPriceLine>();
  private ghost: IPriceLine | undefined;
  private current: readonly ChartLine[] = [];
  private state: LineSelection = NO_SELECTION;
  private dragging = false;
  private frame = 0;
  private listeners = new Set<() => void>();
  private view: OrderLinesView = { selection: NO_SELECTION, line: undefined };
  private readonly undo: (() => void)[] = [];

  constructor(
    private readonly api: IChartApi,
    private readonly series: ISeriesApi<"Candlestick">,
    private readonly host: HTMLElement,
    private readonly tickSize: number,
    /** The price the chart's crosshair is drawn at, or undefined with none (LiveChart's crosshairAt). */
    private readonly crosshairAt: () => number | undefined,
    /** A drawing is being placed on this chart: the pointer is the drawing's. */
    private readonly drawingPlaced: () => boolean = () => false,
    /** Why the broker would refuse a line moved to a price (the bar says it; Enter then sends nothing: selection.ts rule 4). */
    private readonly problemOf: (line: ChartLine, price: number) => string | undefined = () => undefined,
  ) {
    // The line being worked on is always in view: the price scale stretches to take it and its
    // pending price (an order 10 % under the market would otherwise sit below the candles).
    series.applyOptions({ autoscaleInfoProvider: (original: () => AutoscaleInfo | null) => this.withSelected(original()) });
    this.undo.push(() => series.applyOptions({ autoscaleInfoProvider: undefined }));
    // Capture: the line takes the press before the library starts panning with it.
    const down = (e: PointerEvent) => this.onDown(e);
    const move = (e: PointerEvent) => this.onPointerMove(e);
    const up = () => this.onUp();
    host.addEventListener("pointerdown", down, true);
    host.addEventListener("pointermove", move, true);
    window.addEventListener("pointerup", up);
    this.undo.push(() => {
      host.removeEventListener("pointerdown", down, true);
      host.removeEventListener("pointermove", move, true);
      window.removeEventListener("pointerup", up);
    });
  }

  dispose(): void {
    cancelAnimationFrame(this.frame);
    for (const u of this.undo) u();
    this.listeners.clear();
  }

  subscribe(fn: () => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  snapshot(): OrderLinesView {
    return this.view;
  }

  selection(): LineSelection {
    return this.state;
  }

  lines(): readonly ChartLine[] {
    return this.current;
  }

  crosshairPrice(): number | undefined {
    return this.crosshairAt();
  }

  /** Why the broker would refuse `line` moved to `price`, or undefined. */
  moveProblem(line: ChartLine, price: number): string | undefined {
    return this.problemOf(line, price);
  }

  setLines(lines: readonly ChartLine[]): void {
    this.current = lines;
    this.apply({ kind: "lines" });
  }

  act(action: SelectionAction): Pick<SelectionStep, "send" | "leave"> {
    return this.apply(action);
  }

  /** The theme changed: the lines are drawn again in its colours. */
  recolour(): void {
    this.draw(true);
  }

  private apply(action: SelectionAction): Pick<SelectionStep, "send" | "leave"> {
    const step = stepSelection(this.state, action, this.current, this.tickSize, this.problemOf);
    this.state = step.state;
    if (this.state.selected === null) this.endDrag();
    this.draw(false);
    return { send: step.send, leave: step.leave };
  }

  private draw(fresh: boolean): void {
    const s = this.state;
    if (fresh) {
      for (const l of this.drawn.values()) this.series.removePriceLine(l);
      this.drawn.clear();
    }
    const colour = { buy: cssVar("--blue"), sell: cssVar("--down"), average: cssVar("--accent") };
    const keep = new Set<string>();
    for (const line of this.current) {
      keep.add(line.id);
      const selected = line.id === s.selected;
      const pending = selected && s.pending !== null;
      const sending = line.id === s.sending;
      const title = `${selected ? "▶ " : ""}${line.label}${sending ? " (modifying…)" : pending ? " (Enter modifies, Esc puts back)" : ""}`;
      const options = {
        price: pending ? s.pending! : line.price,
        title,
        color: colour[line.tone],
        lineStyle: line.tone === "average" ? LineStyle.Solid : selected ? LineStyle.Solid : LineStyle.Dashed,
        lineWidth: (selected ? 2 : 1) as 1 | 2,
        axisLabelVisible: true,
      };
      const drawn = this.drawn.get(line.id);
      if (drawn) drawn.applyOptions(options);
      else this.drawn.set(line.id, this.series.createPriceLine(options));
    }
    for (const [id, l] of this.drawn) {
      if (keep.has(id)) continue;
      this.series.removePriceLine(l);
      this.drawn.delete(id);
    }
    // A moved line leaves a faint mark where it was, until it is sent or put back.
    const line = this.current.find((l) => l.id === s.selected);
    if (this.ghost) this.series.removePriceLine(this.ghost);
    this.ghost = line && s.pending !== null ? this.series.createPriceLine({ price: line.price, color: cssVar("--fg-muted"), lineStyle: LineStyle.Dotted, lineWidth: 1, axisLabelVisible: false, title: "" }) : undefined;
    // For the e2e and for the bar: what is selected, and where it is going.
    this.host.dataset.selectedLine = s.selected ?? "";
    this.host.dataset.pendingPrice = s.pending === null ? "" : String(s.pending);
    this.host.dataset.orderLines = String(this.current.length);
    // Where the selected line is drawn (px from the chart's top), for the e2e's mouse: after the
    // library's next frame, when the scale has stretched to take the line.
    cancelAnimationFrame(this.frame);
    const publishY = (frames: number) => {
      const y = line ? this.series.priceToCoordinate(s.pending ?? line.price) : null;
      this.host.dataset.selectedY = y === null ? "" : String(Math.round(y));
      // The library may answer nothing until it has drawn the new scale: asked again a few frames.
      if (line && y === null && frames > 0) this.frame = requestAnimationFrame(() => publishY(frames - 1));
    };
    this.frame = requestAnimationFrame(() => publishY(30));
    this.view = { selection: s, line };
    for (const fn of this.listeners) fn();
  }

  private withSelected(info: AutoscaleInfo | null): AutoscaleInfo | null {
    const line = this.current.find((l) => l.id === this.state.selected);
    const range = info?.priceRange;
    if (!line || !info || !range) return info;
    const prices = [line.price, ...(this.state.pending === null ? [] : [this.state.pending])];
    return { ...info, priceRange: { minValue: Math.min(range.minValue, ...prices), maxValue: Math.max(range.maxValue, ...prices) } };
  }

  /** The movable line drawn within GRAB_PX of the pointer's height, the nearest. */
  private lineAt(y: number): ChartLine | undefined {
    let best: { line: ChartLine; d: number } | undefined;
    for (const line of this.current) {
      if (!line.target) continue;
      const price = line.id === this.state.selected && this.state.pending !== null ? this.state.pending : line.price;
      const at = this.series.priceToCoordinate(price);
      if (at === null) continue;
      const d = Math.abs(at - y);
      if (d <= GRAB_PX && (!best || d < best.d)) best = { line, d };
    }
    return best?.line;
  }

  private localY(e: PointerEvent): number {
    return e.clientY - this.host.getBoundingClientRect().top;
  }

  private onDown(e: PointerEvent): void {
    if (e.button !== 0 || this.drawingPlaced()) return;
    const line = this.lineAt(this.localY(e));
    if (!line) return;
    this.apply({ kind: "pick", id: line.id });
    if (this.state.selected !== line.id) return;
    this.dragging = true;
    this.api.applyOptions({ handleScroll: false, handleScale: false });
  }

  private onPointerMove(e: PointerEvent): void {
    const y = this.localY(e);
    if (this.dragging) {
      const price = this.series.coordinateToPrice(y);
      if (price !== null) this.apply({ kind: "drag", price });
      return;
    }
    this.host.style.cursor = !this.drawingPlaced() && this.lineAt(y) ? "ns-resize" : "";
  }

  private onUp(): void {
    this.endDrag();
  }

  private endDrag(): void {
    if (!this.dragging) return;
    this.dragging = false;
    this.api.applyOptions({ handleScroll: true, handleScale: true });
  }
}
