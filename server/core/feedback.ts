import type { FastifyInstance } from "fastify";
import { checkFeedback } from "../../src/core/rules/feedback.js";
import type { BrokerContext } from "../context.js";
import { fail, ok } from "../envelope.js";
import { jsonScope } from "../orders/jsonScope.js";

/**
 * POST /wrapper/formtoken/getFeedBack with the spec's { head, body: { Rating, Comments } }.
 * The user is the bearer's, never head's login id; the feedback is kept in SQLite.
 */
export function registerFeedback(app: FastifyInstance, ctx: BrokerContext): void {
  const insert = ctx.db.prepare("INSERT INTO feedback (user_id, rating, comments, created_at) VALUES (?, ?, ?, ?)");
  void app.register(async (scope) => {
    jsonScope(scope);
    scope.post("/wrapper/formtoken/getFeedBack", async (req) => {
      const raw = req.body as { body?: unknown } | null;
      const body = raw && typeof raw === "object" && raw.body && typeof raw.body === "object" && !Array.isArray(raw.body) ? (raw.body as { Rating?: unknown; Comments?: unknown }) : undefined;
      if (!body) return fail("EC900", "Malformed request: the request must be { head, body }");
      const verdict = checkFeedback(body);
      if (!verdict.ok) return fail(verdict.code, verdict.message);
      const r = insert.run(req.userId, body.Rating as number, (body.Comments as string).trim(), ctx.clock.now().toISOString());
      return ok([{ feedbackId: Number(r.lastInsertRowid) }], "Success");
    });
  });
}
