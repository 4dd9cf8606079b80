import type { FastifyInstance } from "fastify";
import { ERROR_CATALOGUE } from "../../src/core/errors.js";
import { fail } from "../envelope.js";

/**
 * Body parsing for the order and portfolio calls: an empty body is no body (DELETE and the
 * "empty" POSTs of the spec may still send a JSON content type), and a body that is not JSON
 * answers EC900 in the envelope with HTTP 200, never a 400 or a 500. Applies to the routes
 * registered inside the scope only.
 */
export function jsonScope(scope: FastifyInstance): void {
  scope.removeContentTypeParser("application/json");
  scope.addContentTypeParser("application/json", { parseAs: "string" }, (_req, body, done) => {
    const text = typeof body === "string" ? body : body.toString("utf8");
    if (text.trim() === "") return done(null, undefined);
    try {
      done(null, JSON.parse(text) as unknown);
    } catch {
      const err = new Error("the body is not valid JSON") as Error & { statusCode: number };
      err.statusCode = 400;
      done(err, undefined);
    }
  });
  scope.setErrorHandler((error, req, reply) => {
    const err = error as Error & { statusCode?: number };
    const status = err.statusCode ?? 500;
    if (status >= 500) {
      req.log.error({ err }, "unhandled error");
      return reply.status(500).send(fail("EC500", "Something went wrong"));
    }
    return reply.status(200).send(fail("EC900", `${ERROR_CATALOGUE.EC900}: ${err.message}`));
  });
}
