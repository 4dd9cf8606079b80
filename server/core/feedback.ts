import type { FastifyInstance } from "fastify";
import { checkFeedback } from "../../src/core/rules/feedback.js";
import type { BrokerContext } from "../context.js";
import { fail, ok } from "../envelope.js";
import { jsonScope } from "../orders/jsonScope.js";
import { route } from "../http/wire.js";
import { feedback } from "../../src/core/wire/wrapper.js";

/**
 * POST /wrapper/formtoken/getFeedBack with the spec's { head, body: { Rating, Comments } }.
 * The user is the bearer's, never head's login id; the feedback is kept in SQLite.
 */
export function registerFeedback(app: FastifyInstance, ctx: BrokerContext): void {
  const insert = ctx.db.prepare("INSERT INTO feedback (user_id, rating, comments, created_at) VALUES (?, ?, ?, ?)");
  void app.register(async (scope) => {
    jsonScope(scope);
    route(scope, feedback, async (req) => {
      const body = req.body.body;
      // The shared rule (the dialog checks with it too): the comments' length once trimmed.
      const verdict = checkFeedback(body);
      if (!verdict.ok) return fail(verdict.code, verdict.message);
      const r = insert.run(req.userId, body.Rating, body.Comments.trim(), ctx.clock.now().toISOString());
      return ok([{ feedbackId: Number(r.lastInsertRowid) }], "Success");
    });
  });
}
