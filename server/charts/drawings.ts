import type { FastifyInstance } from "fastify";
import { drawingProblem, MAX_DRAWINGS, type DrawingPoint, type DrawingTool } from "../../src/core/charts/drawings/types.js";
import { ERROR_CATALOGUE, type ErrorCode } from "../../src/core/errors.js";
import type { Exchange } from "../../src/core/types/exchange.js";
import { deleteDrawing, linkDrawingAlert, listDrawings, saveDrawing, type ChartDrawing } from "../../src/core/wire/chartDrawings.js";
import type { BrokerContext } from "../context.js";
import { fail, ok } from "../envelope.js";
import { route } from "../http/wire.js";
import type { Market } from "../market/types.js";

interface Row {
  drawing_id: number;
  exchange: string;
  token: number;
  tool: string;
  points: string;
  alert_id: number | null;
  created_at: string;
}

function shown(r: Row): ChartDrawing {
  return {
    drawingId: r.drawing_id,
    exchange: r.exchange as Exchange,
    token: r.token,
    tool: r.tool as DrawingTool,
    points: JSON.parse(r.points) as DrawingPoint[],
    alertId: r.alert_id,
    createdAt: r.created_at,
  };
}

/** One user's drawings on one instrument, oldest first: the app's list and the full chart page's (server/charts/pageReads.ts). */
export function drawingsOfUser(ctx: Pick<BrokerContext, "db">, userId: string, exchange: string, token: number): ChartDrawing[] {
  const rows = ctx.db.prepare("SELECT * FROM chart_drawings WHERE user_id = ? AND exchange = ? AND token = ? ORDER BY drawing_id").all(userId, exchange, token) as Row[];
  return rows.map(shown);
}

const refuse = (code: ErrorCode, detail?: string) => fail(code, detail ? `${ERROR_CATALOGUE[code]}: ${detail}` : ERROR_CATALOGUE[code]);

/**
 * A chart's drawings (issue 34), kept per user and per instrument in the chart_drawings table
 * (migration 3410), so they outlive a restart:
 *   POST /core/v2/chart-drawings         { exchange, token } -> the drawings, oldest first
 *   POST /core/v2/chart-drawings/save    { exchange, token, tool, points } -> the drawing kept
 *   POST /core/v2/chart-drawings/delete  { drawingId } -> { drawingId }; EC744 when none
 *   POST /core/v2/chart-drawings/alert   { drawingId, alertId } -> the horizontal line, linked
 * The alert itself is made by the alerts route (POST /core/v2/alerts); deleting the line leaves it.
 */
export function registerChartDrawings(app: FastifyInstance, ctx: BrokerContext, market: Market): void {
  const { db } = ctx;
  const mine = (userId: string, drawingId: number) => db.prepare("SELECT * FROM chart_drawings WHERE user_id = ? AND drawing_id = ?").get(userId, drawingId) as Row | undefined;

  route(app, listDrawings, async (req) => ok(drawingsOfUser(ctx, req.userId, req.body.exchange, Number(req.body.token))));

  route(app, saveDrawing, async (req) => {
    const b = req.body;
    const inst = market.instrument(b.exchange, Number(b.token));
    if (!inst) return refuse("EC902");
    const points = b.points.map((p) => ({ time: p.time, price: p.price }));
    const problem = drawingProblem(b.tool, points);
    if (problem) return refuse("EC743", problem);
    const count = (db.prepare("SELECT COUNT(*) AS n FROM chart_drawings WHERE user_id = ? AND exchange = ? AND token = ?").get(req.userId, inst.exchange, inst.token) as { n: number }).n;
    if (count >= MAX_DRAWINGS) return refuse("EC745", `a chart keeps at most ${MAX_DRAWINGS}: delete some from its list (l)`);
    const info = db
      .prepare("INSERT INTO chart_drawings (user_id, exchange, token, tool, points, alert_id, created_at) VALUES (?, ?, ?, ?, ?, NULL, ?)")
      .run(req.userId, inst.exchange, inst.token, b.tool, JSON.stringify(points), ctx.clock.now().toISOString());
    return ok([shown(mine(req.userId, Number(info.lastInsertRowid))!)]);
  });

  route(app, deleteDrawing, async (req) => {
    const id = Number(req.body.drawingId);
    const r = db.prepare("DELETE FROM chart_drawings WHERE user_id = ? AND drawing_id = ?").run(req.userId, id);
    return r.changes > 0 ? ok([{ drawingId: id }]) : refuse("EC744");
  });

  route(app, linkDrawingAlert, async (req) => {
    const d = mine(req.userId, Number(req.body.drawingId));
    if (!d) return refuse("EC744");
    if (d.tool !== "hline") return refuse("EC746", "this drawing is not a horizontal line");
    const alertId = Number(req.body.alertId);
    const owner = db.prepare("SELECT user_id FROM alerts WHERE alert_id = ?").get(alertId) as { user_id: string } | undefined;
    if (owner?.user_id !== req.userId) return refuse("EC746", `no alert ${alertId} of yours`);
    db.prepare("UPDATE chart_drawings SET alert_id = ? WHERE drawing_id = ?").run(alertId, d.drawing_id);
    return ok([shown(mine(req.userId, d.drawing_id)!)]);
  });
}
