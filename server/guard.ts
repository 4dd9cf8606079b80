import type { FastifyInstance } from "fastify";
import type { BrokerContext } from "./context.js";
import { fail } from "./envelope.js";
import { bearerOf, userOfToken } from "./sessions.js";

/** Prefixes whose calls need the access token as bearer (DESIGN.md section 5). */
const PROTECTED = ["/core/", "/wrapper/", "/span/", "/charts/"];

declare module "fastify" {
  interface FastifyRequest {
    /** The signed-in client code, set by the guard on protected routes. */
    userId: string;
  }
}

export function registerAuthGuard(app: FastifyInstance, ctx: BrokerContext): void {
  app.decorateRequest("userId", "");
  app.addHook("onRequest", async (req, reply) => {
    if (!PROTECTED.some((p) => req.url.startsWith(p))) return;
    const userId = userOfToken(ctx.db, bearerOf(req));
    if (!userId) return reply.status(401).send(fail("EC044", "Invalid session"));
    req.userId = userId;
  });
}

