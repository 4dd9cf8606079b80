/**
 * Drawings on a chart (issue 34, "Drawings by keyboard"): what a trader puts on a chart to mark
 * it up, kept per instrument and per user by the broker (server/charts/drawings.ts). A point is a
 * bar's start (epoch ms, the bars' own `time`) and a price: drawings are kept per instrument, not
 * per interval, so a point on a 1-minute bar lands inside the 5-minute bar that holds it.
 */
export const DRAWING_TOOLS = ["hline", "trend", "rect", "measure", "fib"] as const;
export type DrawingTool = (typeof DRAWING_TOOLS)[number];

export function isDrawingTool(v: unknown): v is DrawingTool {
  return typeof v === "string" && (DRAWING_TOOLS as readonly string[]).includes(v);
}

/** How many points each tool takes: a horizontal line one, the others two. */
export const POINTS_OF: Record<DrawingTool, 1 | 2> = { hline: 1, trend: 2, rect: 2, measure: 2, fib: 2 };

/** The tools' names as a trader reads them (list, palette, status line). */
export const TOOL_NAME: Record<DrawingTool, string> = {
  hline: "Horizontal line",
  trend: "Trend line",
  rect: "Rectangle",
  measure: "Measure",
  fib: "Fibonacci retracement",
};

export interface DrawingPoint {
  /** The bar's start, epoch ms. */
  time: number;
  price: number;
}

/** The most drawings one chart (one instrument of one user) keeps: more is clutter, and the list stays short. */
export const MAX_DRAWINGS = 100;

/** Why a drawing cannot be kept, or undefined: the right number of points, each a real time and a positive price. */
export function drawingProblem(tool: string, points: readonly DrawingPoint[]): string | undefined {
  if (!isDrawingTool(tool)) return `a drawing is one of ${DRAWING_TOOLS.join(", ")}`;
  if (points.length !== POINTS_OF[tool]) return `a ${TOOL_NAME[tool].toLowerCase()} takes ${POINTS_OF[tool]} point${POINTS_OF[tool] === 1 ? "" : "s"}`;
  for (const p of points) {
    if (!Number.isInteger(p.time) || p.time <= 0) return "a point's time must be a bar's start";
    if (!Number.isFinite(p.price) || p.price <= 0) return "a point's price must be above 0";
  }
  if (points.length === 2 && points[0]!.time === points[1]!.time && points[0]!.price === points[1]!.price) return "the two points must differ";
  return undefined;
}
