import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { TRANSPORT_CODES, type TransportCode } from "../../src/core/errors/transport.js";
import { fail, type Envelope } from "../envelope.js";
import { answerRefusal, callOf, isWireRefusal } from "./wire.js";

/** The fastify error codes that name what went wrong better than their HTTP status does. */
const BY_FASTIFY_CODE: Readonly<Record<string, TransportCode>> = {
  FST_ERR_BAD_URL: "EC400",
  FST_ERR_MAX_PARAM_LENGTH: "EC414",
  FST_ERR_CTP_BODY_TOO_LARGE: "EC413",
  FST_ERR_CTP_INVALID_MEDIA_TYPE: "EC415",
};

/**
 * A refusal of fastify's (router, body parser, HTTP server) as the envelope: HTTP 200 with the
 * catalogue's code like every business error, except a missing route (404) and our own faults
 * (500), whose text never tells the caller the inside story.
 */
export function transportAnswer(err: Partial<FastifyError>): { httpStatus: number; body: Envelope } {
  const status = err.statusCode ?? 500;
  if (status >= 500) return { httpStatus: 500, body: fail("EC500", TRANSPORT_CODES.EC500) };
  const code: TransportCode =
    (err.code ? BY_FASTIFY_CODE[err.code] : undefined) ?? (status === 404 ? "EC404" : status === 408 ? "EC408" : status === 413 ? "EC413" : status === 415 ? "EC415" : "EC400");
  const detail = code === "EC400" && err.message ? `: ${err.message}` : "";
  return { httpStatus: code === "EC404" ? 404 : 200, body: fail(code, `${TRANSPORT_CODES[code]}${detail}`) };
}

export function sendTransportError(error: Partial<FastifyError>, req: FastifyRequest, reply: FastifyReply): FastifyReply {
  // A request its schema refused: the call's own refusal, HTTP 200 like every business error.
  // Sent as JSON text: an error is the envelope whatever the route's own answer schema is.
  if (isWireRefusal(error)) return reply.status(200).type("application/json; charset=utf-8").send(JSON.stringify(answerRefusal(callOf(req), error.refusal)));
  const { httpStatus, body } = transportAnswer(error);
  if (httpStatus >= 500) req.log.error({ err: error }, "unhandled error");
  return reply.status(httpStatus).type("application/json; charset=utf-8").send(JSON.stringify(body));
}

/** Every error a route or fastify raises answers in the envelope. */
export function registerEnvelopeErrors(app: FastifyInstance): void {
  app.setErrorHandler<FastifyError>(sendTransportError);
}
