import type { Static, TSchema } from "typebox";

/**
 * One call of the paper broker, declared once: where it lives, what it takes and what it answers.
 * The broker registers its route from this (server/http/wire.ts), fastify validates the request
 * and serialises the answer with its schemas, the app's clients build their requests from it
 * (src/data/api/http.ts `send`), and /docs documents it.
 */
export type Method = "GET" | "POST" | "PUT" | "DELETE";

/**
 * The service base a call lives under (DESIGN.md section 4). The app reaches each through its own
 * configured base, so pointing it at another broker is configuration; "" is the broker's root
 * (/health, /dev, the SSO demo vendor's page).
 */
export type Service = "auth" | "core" | "wrapper" | "sso" | "span" | "charts" | "";

/** How a request its schema refuses is answered: the envelope (every call), or the GTT body's status 1 and Msg. */
export type RefusalShape = "envelope" | "gttBody";

export interface WireCall {
  method: Method;
  service: Service;
  /** Under the service base; `:name` for a path parameter (fastify's syntax). */
  path: string;
  /** The /docs group. */
  tag: string;
  summary: string;
  description?: string;
  body?: TSchema;
  querystring?: TSchema;
  params?: TSchema;
  headers?: TSchema;
  /** The HTTP 200 answer (business errors included: they are HTTP 200 too). */
  answer: TSchema;
  /** Other answers the call itself gives (a 401 of its own bearer check, a redirect), by HTTP status. */
  otherAnswers?: Readonly<Record<number, TSchema>>;
  /** The answer's media type when it is not JSON (the chart pages, the SSO demo vendor's page). */
  answerType?: string;
  refusal?: RefusalShape;
  /**
   * An encrypted auth call (DESIGN.md section 5): `body` is { cEncData }, and this is the JSON
   * sealed inside it, validated once opened; `sealedAnswer` is the envelope sealed in cRespEncData.
   */
  sealed?: { payload: TSchema; answer: TSchema };
}

/** Declares a call; `const` keeps its literal path and schemas for the types derived from it. */
export function defineCall<const C extends WireCall>(c: C): C {
  return c;
}

/** The route's URL on the broker: the service's prefix and the path. */
export function urlOf(c: Pick<WireCall, "service" | "path">): string {
  return c.service === "" ? `/${c.path}` : `/${c.service}/${c.path}`;
}

type StaticOf<S> = S extends TSchema ? Static<S> : never;

/** What a call's request carries, typed from its schemas. */
export type BodyOf<C extends WireCall> = StaticOf<C["body"]>;
export type QueryOf<C extends WireCall> = StaticOf<C["querystring"]>;
export type ParamsOf<C extends WireCall> = StaticOf<C["params"]>;
export type AnswerOf<C extends WireCall> = Static<C["answer"]>;
/** The row type of an envelope answer's result. */
export type ResultOf<C extends WireCall> = AnswerOf<C> extends { result: Array<infer R> } ? R : never;
export type SealedOf<C extends WireCall> = C["sealed"] extends { payload: infer P } ? StaticOf<P> : never;
export type SealedAnswerOf<C extends WireCall> = C["sealed"] extends { answer: infer A } ? StaticOf<A> : never;
/** The row type of an encrypted call's sealed envelope: its success row, or a refusal's. */
export type SealedRowOf<C extends WireCall> = SealedAnswerOf<C> extends { result: Array<infer R> } ? R : never;
