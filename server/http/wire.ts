import { isDeepStrictEqual } from "node:util";
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchemaCompiler, RouteOptions } from "fastify";
import type { TSchema } from "typebox";
import { Compile } from "typebox/compile";
import { Value } from "typebox/value";
import { urlOf, type AnswerOf, type BodyOf, type ParamsOf, type QueryOf, type WireCall } from "../../src/core/wire/call.js";
import { refusalOf, type WireRefusal } from "../../src/core/wire/refusal.js";
import { REFUSAL, Refused, type Refusal } from "../../src/core/wire/schema.js";
import { ok, fail, type Envelope } from "../envelope.js";
import { ROUTE_ACCESS } from "../guard.js";

/**
 * The one way a route of the paper broker is registered: from its call in src/core/wire, whose
 * schemas fastify validates the request with (TypeBox's compiled checker, below) and serialises
 * the answer with (fast-json-stringify: a field the schema lacks is not sent). A request its
 * schema refuses answers the call's own refusal (refusalOf), never fastify's 400.
 */

/** A request refused by its schema: carried to the error handler, which answers it in the call's shape. */
export class WireRefusalError extends Error {
  readonly statusCode = 400;
  readonly code = "FST_ERR_VALIDATION";
  constructor(readonly refusal: WireRefusal) {
    super(refusal.message);
  }
}

export function isWireRefusal(err: unknown): err is WireRefusalError {
  return err instanceof WireRefusalError;
}

/** A route's refusal when no part of its schema says otherwise: the auth catalogue's EC400 "Bad request". */
const DEFAULT_REFUSAL: Refusal = { code: "EC400" };

/** A checker of one schema: the value, or the refusal for it. */
export interface WireChecker {
  check(value: unknown): { ok: true; value: unknown } | { ok: false; refusal: WireRefusal };
}

/** Compiles a schema once (TypeBox's compiler: a function per schema, no interpretation per call). */
export function wireChecker(schema: TSchema, options: { convert?: boolean; emptyAsObject?: boolean } = {}): WireChecker {
  const compiled = Compile(schema);
  const fallback = ((schema as Record<string, unknown>)[REFUSAL] as Refusal | undefined) ?? DEFAULT_REFUSAL;
  // An absent body (no body, or an empty one: server/http/json.ts) is an empty object where the schema takes one.
  const emptyAccepted = options.emptyAsObject === true && compiled.Check({});
  return {
    check(raw) {
      const value = raw === null && emptyAccepted ? {} : options.convert ? Value.Convert(schema, raw) : raw;
      if (compiled.Check(value)) return { ok: true, value };
      return { ok: false, refusal: refusalOf(schema, value, fallback) };
    },
  };
}

/**
 * fastify's validator compiler for every route: TypeBox's checker. Path parameters, query strings
 * and headers arrive as text and are converted to the schema's numbers first; a JSON body is taken
 * as sent (a number sent as text is the schema's business: NumberOrText).
 */
const validatorCompiler: FastifySchemaCompiler<TSchema> = ({ schema, httpPart }) => {
  const checker = wireChecker(schema, { convert: httpPart !== "body", emptyAsObject: httpPart === "body" });
  return (raw) => {
    const r = checker.check(raw);
    if (!r.ok) return { error: new WireRefusalError(r.refusal) };
    // Headers keep fastify's own object; every other part is the checked value.
    return httpPart === "headers" ? { value: raw } : { value: r.value };
  };
};

/** The call a route was registered from (route config), for the error handler and the tests. */
export function callOf(req: FastifyRequest): WireCall | undefined {
  return (req.routeOptions.config as { call?: WireCall } | undefined)?.call;
}

/** A schema refusal, as the call answers refusals: the envelope, or for GTT calls the body's status 1 and Msg. */
export function answerRefusal(call: WireCall | undefined, refusal: WireRefusal): Envelope<unknown> {
  if (call?.refusal === "gttBody") return ok([{ body: { status: 1, Msg: refusal.message } }]);
  return fail(refusal.code, refusal.message);
}

/** The fastify schema of a call: its request parts, its answers by status, and what /docs shows. */
export function routeSchema(call: WireCall): Record<string, unknown> {
  const url = urlOf(call);
  const session = ROUTE_ACCESS[url] === "session";
  const answer = call.answerType ? { content: { [call.answerType]: { schema: call.answer } } } : call.answer;
  return {
    tags: [call.tag],
    summary: call.summary,
    ...(call.description ? { description: call.description } : {}),
    ...(call.body ? { body: call.body } : {}),
    ...(call.querystring ? { querystring: call.querystring } : {}),
    ...(call.params ? { params: call.params } : {}),
    ...(call.headers ? { headers: call.headers } : {}),
    response: { 200: answer, ...(session ? { 401: Refused } : {}), ...call.otherAnswers },
    security: session ? [{ bearerAuth: [] }] : [],
  };
}

type WireRequest<C extends WireCall> = FastifyRequest<{ Body: BodyOf<C>; Querystring: QueryOf<C>; Params: ParamsOf<C> }>;
/** A route's handler: the call's typed request in, the call's answer (or the reply it sent itself) out. */
export type WireHandler<C extends WireCall> = (req: WireRequest<C>, reply: FastifyReply) => AnswerOf<C> | FastifyReply | Promise<AnswerOf<C> | FastifyReply>;

/**
 * Registers the route of `call` with `handler`. A `preValidation` hook runs before the request is
 * read against its schema: for a check of who may call at all, which answers whatever was sent.
 */
export function route<C extends WireCall>(app: FastifyInstance, call: C, handler: WireHandler<C>, options: Pick<RouteOptions, "logLevel" | "preValidation"> = {}): void {
  app.route({
    method: call.method,
    url: urlOf(call),
    schema: routeSchema(call),
    config: { call } as RouteOptions["config"],
    handler: handler as unknown as RouteOptions["handler"],
    ...options,
  });
}

/** Every route as fastify registered it, with its schema: what the schema and /docs tests walk. */
export interface SchemaRoute {
  method: string;
  url: string;
  schema: Record<string, unknown> | undefined;
  /** The built app's files and the /docs pages: not calls, so not held to a schema. */
  isFile: boolean;
  call: WireCall | undefined;
}

/**
 * Puts TypeBox's checker in as every route's validator, and collects the routes as they are
 * registered. With `checkAnswers` (the tests' brokers, WIRE_CHECK=1) every answer is serialised
 * both ways and a field the schema would drop or change fails the call (EC500, logged with its
 * path), so the whole server and e2e suites prove the answer schemas list what the app reads.
 */
export function registerWire(app: FastifyInstance, checkAnswers: boolean): SchemaRoute[] {
  const routes: SchemaRoute[] = [];
  app.setValidatorCompiler(validatorCompiler);
  app.addHook("onRoute", (r: RouteOptions) => {
    const config = r.config as { file?: unknown; call?: WireCall } | undefined;
    const hidden = (r.schema as { hide?: boolean } | undefined)?.hide === true;
    for (const method of [r.method].flat()) {
      routes.push({ method, url: r.url, schema: r.schema as Record<string, unknown> | undefined, isFile: typeof config?.file === "string" || hidden, call: config?.call });
    }
  });
  if (checkAnswers) {
    app.addHook("preSerialization", (req, reply, payload, done) => {
      if (!callOf(req) || typeof payload !== "object" || payload === null) return done(null, payload);
      const sent = JSON.parse(reply.serialize(payload) as string) as unknown;
      const meant = JSON.parse(JSON.stringify(payload)) as unknown;
      if (isDeepStrictEqual(sent, meant)) return done(null, payload);
      const where = firstDifference(meant, sent, "");
      req.log.error({ url: req.url, where }, "the answer schema changes this answer");
      done(new Error(`the answer schema of ${req.method} ${req.routeOptions.url} changes the answer at ${where}`));
    });
  }
  return routes;
}

/** The first path where two JSON values differ (for the log line of a failed answer check). */
export function firstDifference(a: unknown, b: unknown, at: string): string {
  if (typeof a !== "object" || a === null || typeof b !== "object" || b === null) return isDeepStrictEqual(a, b) ? "" : `${at || "/"}: ${JSON.stringify(a)} sent as ${JSON.stringify(b)}`;
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const k of keys) {
    const d = firstDifference((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], `${at}/${k}`);
    if (d) return d;
  }
  return "";
}
