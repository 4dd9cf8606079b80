import type { FastifyError, FastifyInstance } from "fastify";
import { ERROR_CATALOGUE } from "../../src/core/errors.js";
import { fail } from "../envelope.js";
import { sendTransportError } from "../http/errors.js";
import { isWireRefusal } from "../http/wire.js";

/**
 * Errors of the order and portfolio calls: a body that is not JSON (or nested too deep, or
 * carrying a prototype key: server/http/json.ts) answers EC900 in the envelope with HTTP 200;
 * every other refusal (body too large, media type) answers as everywhere else. Applies to the
 * routes registered inside the scope only.
 */
export function jsonScope(scope: FastifyInstance): void {
  scope.setErrorHandler<FastifyError>((error, req, reply) => {
    if (error.statusCode === 400 && !isWireRefusal(error)) return reply.status(200).send(fail("EC900", `${ERROR_CATALOGUE.EC900}: ${error.message}`));
    return sendTransportError(error, req, reply);
  });
}
