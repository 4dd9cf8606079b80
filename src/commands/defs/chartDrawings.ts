import { TOOL_NAME, type DrawingTool } from "../../core/charts/drawings/types";
import { alertFromLine, drawEvent, drawingControl, drawingPane, drawingsOf, removeDrawing, setDrawingPane, type DrawingControl } from "../../data/stores/chartDrawings";
import type { ChartDrawing } from "../../data/api/chartDrawings";
import { orderLinesOf } from "../../data/stores/chartOrderLines";
import { command, type CommandContext } from "../types";
import { signedOut, whereTo } from "../whyNot";

/**
 * Drawings by keyboard (issue 34; the rules in core/charts/drawings/placing.ts). A tool's key
 * starts it at the crosshair; ← → move the crosshair (the chart's own keys), ↑ ↓ step the price by
 * ticks while placing, the key again or Enter sets the point, Esc abandons. `l` shows the list of
 * the chart's drawings beside it, where ↑ ↓ choose and Delete removes one; Shift+A makes a
 * horizontal line a price alert. Enter, Esc, ↑ ↓ and Delete are the drawings' only while a drawing
 * is placed or the list is open (whyNot null otherwise: the key passes on, to the order lines').
 */
const TOOL_KEYS: ReadonlyArray<{ tool: DrawingTool; key: string; title: string }> = [
  { tool: "hline", key: "h", title: "Chart: draw a horizontal line at the crosshair price" },
  { tool: "trend", key: "t", title: "Chart: draw a trend line (two crosshair points)" },
  { tool: "rect", key: "shift+r", title: "Chart: draw a rectangle (two crosshair corners)" },
  { tool: "measure", key: "shift+m", title: "Chart: measure between two crosshair points (price, %, bars)" },
  { tool: "fib", key: "f", title: "Chart: draw a Fibonacci retracement (move's start, then its end)" },
];

/** The focused chart's drawing control, or why there is none. */
function chartOrWhy(ctx: CommandContext, title: string): DrawingControl | string {
  const out = signedOut(ctx);
  if (out) return out;
  if (ctx.focusedView !== "chart") return `${title} works in a chart: ${whereTo(ctx, ["chart"])}`;
  return drawingControl(ctx.focusedPaneId) ?? `${title}: the chart is still drawing its candles`;
}

const paneOf = (ctx: CommandContext) => (ctx.focusedView === "chart" && ctx.focusedPaneId ? ctx.focusedPaneId : undefined);
const placing = (ctx: CommandContext) => {
  const id = paneOf(ctx);
  return id !== undefined && drawingPane(id).draw.placing !== null && drawingControl(id) !== undefined;
};
const listOpen = (ctx: CommandContext) => {
  const id = paneOf(ctx);
  return id !== undefined && drawingPane(id).listOpen;
};

/** The list's chosen drawing (its cursor kept within the list). */
function chosen(ctx: CommandContext): { paneId: string; control: DrawingControl; drawing: ChartDrawing | undefined; index: number; count: number } | undefined {
  const paneId = paneOf(ctx);
  const control = drawingControl(paneId);
  if (!paneId || !control) return undefined;
  const list = drawingsOf(control.exchange, control.token);
  const index = Math.min(drawingPane(paneId).cursor, Math.max(0, list.length - 1));
  return { paneId, control, drawing: list[index], index, count: list.length };
}

/** The horizontal line Shift+A makes an alert: the list's chosen one while the list is open, else the newest line without an alert. */
function lineForAlert(ctx: CommandContext): ChartDrawing | string {
  const c = chosen(ctx);
  if (!c) return "No chart drawn here";
  if (listOpen(ctx)) {
    if (!c.drawing) return "Alert from a line: the list has no drawings: h draws a horizontal line";
    if (c.drawing.tool !== "hline") return `Alert from a line: the chosen drawing is a ${TOOL_NAME[c.drawing.tool].toLowerCase()}; choose a horizontal line (↑ ↓)`;
    return c.drawing.alertId === null ? c.drawing : "Alert from a line: this line already has its alert";
  }
  const line = [...drawingsOf(c.control.exchange, c.control.token)].reverse().find((d) => d.tool === "hline" && d.alertId === null);
  return line ?? "Alert from a line: no horizontal line without an alert on this chart: h draws one";
}

export const chartDrawingCommands = [
  ...TOOL_KEYS.map(({ tool, key, title }) =>
    command({
      id: `chart.draw.${tool}` as const,
      keys: [key],
      scope: "chart",
      title,
      group: "Chart",
      keywords: ["drawing", "draw", TOOL_NAME[tool].toLowerCase(), "keyboard"],
      whyNot: (ctx) => {
        const c = chartOrWhy(ctx, TOOL_NAME[tool]);
        return typeof c === "string" ? c : undefined;
      },
      run: async (ctx) => {
        const c = chartOrWhy(ctx, TOOL_NAME[tool]);
        // Started by a key: at the keys' crosshair, not where the mouse was left (eb196e4 keeps a parked
        // mouse's point through ticks; the clean-clone CI of 228f438 drew h's line from it).
        const at = typeof c === "string" ? undefined : c.crosshair("keys");
        if (typeof c === "string" || !at || !ctx.focusedPaneId) return;
        // The drawing takes ↑ ↓ Enter Esc: a selected order line lets them go (selection.ts rule 7),
        // so no drawing key can move or modify an order (FINDINGS-25 s1).
        orderLinesOf(ctx.focusedPaneId)?.act({ kind: "deselect" });
        await drawEvent(ctx.focusedPaneId, c, { kind: "tool", tool, at });
      },
    }),
  ),
  command({
    id: "chart.draw.confirm",
    keys: ["enter"],
    scope: "chartDrawing",
    title: "Chart: set the drawing's point at the crosshair",
    group: "Chart",
    keywords: ["drawing", "anchor", "point"],
    whyNot: (ctx) => (placing(ctx) ? undefined : null),
    run: async (ctx) => {
      const c = drawingControl(ctx.focusedPaneId);
      const at = c?.crosshair();
      if (c && at && ctx.focusedPaneId) await drawEvent(ctx.focusedPaneId, c, { kind: "confirm", at });
    },
  }),
  command({
    id: "chart.draw.abandon",
    keys: ["escape"],
    scope: "chartDrawing",
    title: "Chart: abandon the drawing being placed (or close the drawings list)",
    group: "Chart",
    keywords: ["drawing", "cancel drawing"],
    whyNot: (ctx) => (placing(ctx) || listOpen(ctx) ? undefined : null),
    run: async (ctx) => {
      const c = drawingControl(ctx.focusedPaneId);
      if (!c || !ctx.focusedPaneId) return;
      if (placing(ctx)) await drawEvent(ctx.focusedPaneId, c, { kind: "abandon" });
      else setDrawingPane(ctx.focusedPaneId, { listOpen: false });
    },
  }),
  ...([1, -1] as const).map((by) =>
    command({
      id: by === 1 ? "chart.draw.priceUp" : "chart.draw.priceDown",
      keys: [by === 1 ? "arrowup" : "arrowdown"],
      scope: "chartDrawing",
      title: `Chart: the drawing's price a tick ${by === 1 ? "up" : "down"}`,
      group: "Chart",
      keywords: ["drawing", "tick", "price"],
      whyNot: (ctx) => (placing(ctx) ? undefined : null),
      run: async (ctx) => {
        const c = drawingControl(ctx.focusedPaneId);
        const at = c?.crosshair();
        if (c && at && ctx.focusedPaneId) await drawEvent(ctx.focusedPaneId, c, { kind: "step", by, at, tickSize: c.tickSize });
      },
    }),
  ),
  command({
    id: "chart.drawings.list",
    keys: ["l"],
    scope: "chart",
    title: "Chart: show or hide the list of its drawings",
    group: "Chart",
    keywords: ["drawings", "list", "side list"],
    whyNot: (ctx) => {
      const c = chartOrWhy(ctx, "Drawings list");
      return typeof c === "string" ? c : undefined;
    },
    run: (ctx) => {
      if (ctx.focusedPaneId) setDrawingPane(ctx.focusedPaneId, { listOpen: !drawingPane(ctx.focusedPaneId).listOpen });
    },
  }),
  ...([-1, 1] as const).map((by) =>
    command({
      id: by === -1 ? "chart.drawings.previous" : "chart.drawings.next",
      keys: [by === -1 ? "arrowup" : "arrowdown"],
      scope: "chartDrawingList",
      title: `Chart: the ${by === -1 ? "previous" : "next"} drawing in the list`,
      group: "Chart",
      keywords: ["drawings", "list"],
      whyNot: (ctx) => (listOpen(ctx) && !placing(ctx) && (chosen(ctx)?.count ?? 0) > 0 ? undefined : null),
      run: (ctx) => {
        const c = chosen(ctx);
        if (c) setDrawingPane(c.paneId, { cursor: Math.max(0, Math.min(c.count - 1, c.index + by)) });
      },
    }),
  ),
  command({
    id: "chart.drawings.delete",
    keys: ["delete"],
    scope: "chartDrawingList",
    title: "Chart: delete the drawing chosen in the list",
    group: "Chart",
    keywords: ["drawing", "remove", "erase"],
    whyNot: (ctx) => (listOpen(ctx) && !placing(ctx) && chosen(ctx)?.drawing ? undefined : null),
    run: async (ctx) => {
      const c = chosen(ctx);
      if (!c?.drawing) return;
      if (await removeDrawing(c.drawing)) setDrawingPane(c.paneId, { cursor: Math.max(0, Math.min(c.index, c.count - 2)) });
    },
  }),
  command({
    id: "chart.drawings.alert",
    keys: ["shift+a"],
    scope: "chart",
    title: "Chart: make a horizontal line a price alert (above or below the last price)",
    group: "Chart",
    keywords: ["alert", "price alert", "line", "drawing"],
    whyNot: (ctx) => {
      const c = chartOrWhy(ctx, "Alert from a line");
      if (typeof c === "string") return c;
      const line = lineForAlert(ctx);
      return typeof line === "string" ? line : undefined;
    },
    run: async (ctx) => {
      const c = drawingControl(ctx.focusedPaneId);
      const line = lineForAlert(ctx);
      if (c && typeof line !== "string") await alertFromLine(line, c.lastPrice());
    },
  }),
];
