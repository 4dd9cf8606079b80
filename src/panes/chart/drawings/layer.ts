import { crosshairPoint, type CrosshairBar } from "../../../core/charts/drawings/placing";
import { roundToTick } from "../../../core/rules/tick";
import type { Exchange } from "../../../core/types/exchange";
import { alerts$ } from "../../../data/stores/alerts";
import { chartDrawings$, chartKey, drawingPane, drawingsOf, drawEvent, registerDrawingControl, type DrawingControl } from "../../../data/stores/chartDrawings";
import { theme$ } from "../../../data/stores/settings";
import type { ChartHost } from "./host";
import { DrawingsPrimitive, type DrawnLabel, type Scene, type Shape } from "./render";
import { boxWithin, type Box } from "./clearOf";

export interface DrawingChart {
  paneId: string;
  exchange: Exchange;
  token: number;
  /** The chart's trading symbol, named in the drawing's toast. */
  symbol: string;
  tickSize: number;
  decimals: number;
  lastPrice(): number | undefined;
}

function cssVar(name: string): string {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim();
}
const coloursNow = (): Scene["colours"] => ({ fg: cssVar("--fg"), muted: cssVar("--fg-muted"), bg: cssVar("--bg-pane"), accent: cssVar("--accent"), blue: cssVar("--blue"), up: cssVar("--up"), down: cssVar("--down") });

/**
 * The drawings of one chart pane (issue 34) on its chart: draws them as a series primitive, and
 * registers how the drawing commands (commands/defs/chartDrawings.ts) reach this chart. The mouse
 * is the second way: over the chart, the crosshair's point is the mouse's (bar and price), and a
 * click sets the point the key or Enter would. Answers the detaching.
 */
export function attachDrawings(host: ChartHost, c: DrawingChart): () => void {
  const key = chartKey(c.exchange, c.token);
  let colours = coloursNow();
  // Where the mouse last put the crosshair (bar start and price); null once it leaves or a key moves it
  // (the library's redraw of a parked mouse's crosshair after a tick keeps it: before, the line being
  // placed jumped back to the bar's close at each tick and a click without moving set nothing).
  let mouse: { time: number; price: number } | null = null;

  const barAt = (): CrosshairBar | undefined => {
    const bars = host.bars();
    if (bars.length === 0) return undefined;
    const b = bars[host.cursor() ?? bars.length - 1]!;
    return { time: b.time, close: b.close };
  };
  const crosshair = (from?: "keys"): CrosshairBar | undefined => {
    if (from === "keys") {
      // The keys take the crosshair where it is (its bar, or the newest): the mouse's point is not theirs.
      mouse = null;
      const at = host.cursor() ?? host.bars().length - 1;
      if (at >= 0) host.putCursor(at);
    }
    if (mouse) return { time: mouse.time, close: mouse.price };
    if (host.cursor() === null && host.bars().length > 0) host.putCursor(host.bars().length - 1);
    return barAt();
  };

  const alertWords = (alertId: number | null): string | undefined => {
    if (alertId === null) return undefined;
    const a = alerts$.alerts.peek().find((x) => x.alertId === alertId);
    if (!a) return "alert";
    const side = a.condition === "ABOVE" ? "above" : "below";
    return a.status === "ACTIVE" ? `alert ${side}` : a.status === "TRIGGERED" ? `alert ${side} fired` : `alert ${side} cancelled`;
  };

  const scene = (): Scene => {
    const pane = drawingPane(c.paneId);
    const shapes: Shape[] = drawingsOf(c.exchange, c.token).map((d, i) => {
      const alert = alertWords(d.alertId);
      return { tool: d.tool, points: d.points, selected: pane.listOpen && i === pane.cursor, ...(alert ? { alert } : {}) };
    });
    const p = pane.draw.placing;
    const at = p ? (mouse ? { time: mouse.time, close: mouse.price } : barAt()) : undefined;
    if (p && at) {
      const live = mouse ? { time: mouse.time, price: mouse.price } : crosshairPoint(pane.draw, at);
      shapes.push({ tool: p.tool, points: p.anchor ? [p.anchor, live] : [live], preview: true });
    }
    return { shapes, bars: host.bars(), decimals: c.decimals, colours, covered, labelled };
  };

  // A narrow chart's or a grid cell's read-out floats over the top of the candles as a legend
  // (chart.css, grid.css): a price alert's line near the top of a cell had its label under it. Its
  // box over the pane is read when it or the chart changes size (the layout is fresh then), not at
  // every frame; the read-out is InstrumentChart's, in the chart's bar, and comes with the first bars.
  const pane = host.chart.chartElement();
  const bar = pane.closest(".chart")?.querySelector(".chart-bar");
  let covered: Box | null = null;
  let legend: Element | null = null;
  const measure = () => {
    const next = legend ? boxWithin(legend.getBoundingClientRect(), pane.getBoundingClientRect()) : null;
    if (JSON.stringify(next) === JSON.stringify(covered)) return;
    covered = next;
    primitive.redraw();
  };
  const sizes = new ResizeObserver(measure);
  const findLegend = () => {
    const now = bar?.querySelector(".chart-readout") ?? null;
    if (now === legend) return;
    if (legend) sizes.unobserve(legend);
    legend = now;
    if (legend) sizes.observe(legend);
    else measure();
  };
  const readouts = new MutationObserver(findLegend);
  // The labels drawn, on the chart's element for the e2e (pixels on a canvas): "left,top,right,bottom"
  // each in data-drawing-labels, their texts in the same order in data-drawing-label-texts.
  let published = "";
  const labelled = (labels: readonly DrawnLabel[]) => {
    const text = labels.map(({ box: b }) => [b.left, b.top, b.right, b.bottom].map((v) => v.toFixed(1)).join(",")).join("|");
    const texts = labels.map((l) => l.text).join("|");
    if (`${text}\n${texts}` === published) return;
    published = `${text}\n${texts}`;
    pane.dataset.drawingLabels = text;
    pane.dataset.drawingLabelTexts = texts;
  };

  const primitive = new DrawingsPrimitive(scene);
  host.series.attachPrimitive(primitive);
  sizes.observe(pane);
  if (bar) readouts.observe(bar, { childList: true });
  findLegend();
  // The keyboard crosshair sits at the draw mode's stepped price while a drawing is placed.
  host.setCrosshairPrice(() => drawingPane(c.paneId).draw.price);

  const control: DrawingControl = {
    exchange: c.exchange,
    token: c.token,
    symbol: c.symbol,
    tickSize: c.tickSize,
    decimals: c.decimals,
    crosshair,
    refresh: () => {
      const i = host.cursor();
      if (i !== null) host.putCursor(i);
      primitive.redraw();
    },
    lastPrice: c.lastPrice,
  };
  const unregister = registerDrawingControl(c.paneId, control);

  const onMove = (param: { sourceEvent?: unknown; point?: { x: number; y: number }; time?: unknown }) => {
    // The widget's handler ran first: a move of the trader's gave the mouse the crosshair (keysHold false);
    // the browser's repeat under a still mouse left it with the keys.
    if (param.sourceEvent && !host.keysHold()) {
      const price = param.point ? host.series.coordinateToPrice(param.point.y) : null;
      const i = host.cursor();
      const bar = i === null ? undefined : host.bars()[i];
      mouse = bar && price !== null ? { time: bar.time, price: roundToTick(price, c.tickSize) } : null;
    } else if (host.keysHold() || host.cursor() === null) mouse = null; // the keys moved the crosshair (or took it off): their point, not the parked mouse's
    if (drawingPane(c.paneId).draw.placing) primitive.redraw();
  };
  // After the widget's own handler (subscribed first), so its crosshair bar is the mouse's.
  host.chart.subscribeCrosshairMove(onMove);
  const onClick = () => {
    if (mouse && drawingPane(c.paneId).draw.placing) void drawEvent(c.paneId, control, { kind: "confirm", at: { time: mouse.time, close: mouse.price } }, true);
  };
  host.chart.subscribeClick(onClick);

  // The chart's crosshair is free (LiveChart: no magnet), so the keys' crosshair shows the price ↑/↓
  // stepped to while a drawing is placed, and LiveChart puts it back on that price after a rescale.
  const stops = [
    chartDrawings$.byChart[key]!.onChange(() => primitive.redraw()),
    chartDrawings$.panes[c.paneId]!.onChange(() => primitive.redraw()),
    alerts$.alerts.onChange(() => primitive.redraw()),
    theme$.onChange(() => {
      requestAnimationFrame(() => {
        colours = coloursNow();
        primitive.redraw();
      });
    }),
  ];
  return () => {
    readouts.disconnect();
    sizes.disconnect();
    for (const s of stops) s();
    host.chart.unsubscribeCrosshairMove(onMove);
    host.chart.unsubscribeClick(onClick);
    host.setCrosshairPrice(null);
    unregister();
    host.series.detachPrimitive(primitive);
  };
}
