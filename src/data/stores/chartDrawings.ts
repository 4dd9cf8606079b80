import { observable } from "@legendapp/state";
import { alertConditionForLine } from "../../core/charts/drawings/alertFromLine";
import { IDLE, stepDrawing, type CrosshairBar, type DrawEvent, type DrawState } from "../../core/charts/drawings/placing";
import { TOOL_NAME, type DrawingPoint, type DrawingTool } from "../../core/charts/drawings/types";
import { drawingSummary } from "../../core/charts/drawings/summary";
import { notify } from "../../core/notify";
import type { Exchange } from "../../core/types/exchange";
import { deleteDrawing, linkDrawingAlert, listDrawings, saveDrawing, type ChartDrawing } from "../api/chartDrawings";
import { makeAlert } from "./alerts";
import { answer } from "./answer";
import { clientState } from "./sessionReset";

/**
 * A chart's drawings (issue 34): the user's drawings per instrument as the broker last answered
 * them, and each chart pane's draw mode (core/charts/drawings/placing.ts) and side list.
 */
export const chartKey = (exchange: string, token: number) => `${exchange}:${token}`;

export interface DrawingPane {
  draw: DrawState;
  /** The side list of the chart's drawings is shown; its keys (↑ ↓, Delete, Shift+A) are live. */
  listOpen: boolean;
  /** The list's chosen row. */
  cursor: number;
}

export const chartDrawings$ = observable<{ byChart: Record<string, ChartDrawing[]>; panes: Record<string, DrawingPane> }>({ byChart: {}, panes: {} });
clientState({ name: "chartDrawings", holds: () => chartDrawings$.peek(), reset: () => chartDrawings$.set({ byChart: {}, panes: {} }), books: true });

const NEW_PANE: DrawingPane = { draw: IDLE, listOpen: false, cursor: 0 };
export const drawingPane = (paneId: string): DrawingPane => chartDrawings$.panes[paneId]!.peek() ?? NEW_PANE;
/** A drawing is being placed in the pane: its keys and its presses are the drawing's (one owner at a time). */
export const placingDrawing = (paneId: string | undefined): boolean => paneId !== undefined && drawingPane(paneId).draw.placing !== null;
export const setDrawingPane = (paneId: string, change: Partial<DrawingPane>) => chartDrawings$.panes[paneId]!.set({ ...drawingPane(paneId), ...change });
export const drawingsOf = (exchange: string, token: number): ChartDrawing[] => chartDrawings$.byChart[chartKey(exchange, token)]!.peek() ?? [];

/**
 * How the drawing commands reach the chart drawn in a pane (registered by its drawing layer,
 * src/panes/chart/drawings/layer.ts, once the chart has bars).
 */
export interface DrawingControl {
  exchange: Exchange;
  token: number;
  symbol: string;
  tickSize: number;
  decimals: number;
  /**
   * The crosshair's bar (put on the newest bar when it is off); undefined with no bars. `keys`: a key
   * starts a drawing, so the keys take the crosshair: a mouse parked on the chart since (its point kept
   * through ticks) does not choose where a drawing the trader started by keys begins.
   */
  crosshair(from?: "keys"): CrosshairBar | undefined;
  /** Redraws the draw mode (its live point and the crosshair's price). */
  refresh(): void;
  /** The last traded price, for an alert's direction. */
  lastPrice(): number | undefined;
}

const controls = new Map<string, DrawingControl>();
export function registerDrawingControl(paneId: string, c: DrawingControl): () => void {
  controls.set(paneId, c);
  return () => {
    if (controls.get(paneId) === c) controls.delete(paneId);
  };
}
export const drawingControl = (paneId: string | undefined): DrawingControl | undefined => (paneId === undefined ? undefined : controls.get(paneId));

const setChart = (exchange: string, token: number, list: ChartDrawing[]) => chartDrawings$.byChart[chartKey(exchange, token)]!.set(list);

export async function loadDrawings(exchange: Exchange, token: number): Promise<void> {
  const r = await answer(() => listDrawings(exchange, token));
  if (r) setChart(exchange, token, r);
}

export async function addDrawing(exchange: Exchange, token: number, tool: DrawingTool, points: DrawingPoint[]): Promise<ChartDrawing | undefined> {
  const made = (await answer(() => saveDrawing(exchange, token, tool, points)))?.[0];
  if (made) setChart(exchange, token, [...drawingsOf(exchange, token), made]);
  return made;
}

export async function removeDrawing(d: ChartDrawing): Promise<boolean> {
  const r = await answer(() => deleteDrawing(d.drawingId));
  if (!r) return false;
  setChart(d.exchange, d.token, drawingsOf(d.exchange, d.token).filter((x) => x.drawingId !== d.drawingId));
  notify({ kind: "neutral", text: `${TOOL_NAME[d.tool]} deleted` });
  return true;
}

/**
 * A horizontal line becomes a price alert (the alerts route, POST /core/v2/alerts), ABOVE or
 * BELOW by the side of the last price it is on; the line then names its alert.
 */
export async function alertFromLine(d: ChartDrawing, ltp: number | undefined): Promise<void> {
  const price = d.points[0]?.price;
  if (d.tool !== "hline" || price === undefined) return;
  const side = alertConditionForLine(price, ltp);
  if ("problem" in side) return void notify({ kind: "danger", text: side.problem });
  // Made as every alert is (stores/alerts.ts makeAlert): the same toast, a refusal with its code.
  const alert = await makeAlert({ exchange: d.exchange, token: d.token, condition: side.condition, value: price });
  if (typeof alert === "string") return void notify({ kind: "danger", text: alert });
  if (!alert) return;
  const linked = (await answer(() => linkDrawingAlert(d.drawingId, alert.alertId)))?.[0];
  if (linked) setChart(d.exchange, d.token, drawingsOf(d.exchange, d.token).map((x) => (x.drawingId === linked.drawingId ? linked : x)));
}

/**
 * One event of a pane's draw mode (core/charts/drawings/placing.ts) on its chart: the new mode
 * kept, a finished drawing saved, a refusal told. `byMouse`: a click's point is the mouse's own
 * price, not a stepped one. Answers whether the event was the draw mode's.
 */
export async function drawEvent(paneId: string, c: DrawingControl, e: DrawEvent, byMouse = false): Promise<boolean> {
  const before = drawingPane(paneId).draw;
  const step = stepDrawing(byMouse ? { ...before, price: null } : before, e);
  if (!step.taken) return false;
  setDrawingPane(paneId, { draw: step.state });
  if (step.refused) notify({ kind: "neutral", text: step.refused });
  c.refresh();
  if (step.done) {
    const made = await addDrawing(c.exchange, c.token, step.done.tool, step.done.points);
    // What was drawn where: "Horizontal line drawn on INFY-EQ: 1,140.20" (a bare "Horizontal line drawn" named neither).
    if (made) notify({ kind: "success", text: `${TOOL_NAME[made.tool]} drawn on ${c.symbol}: ${drawingSummary(made.tool, made.points, c.decimals)}` });
  }
  return true;
}
