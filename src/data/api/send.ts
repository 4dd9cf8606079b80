import type { KyInstance } from "ky";
import type { BodyOf, ParamsOf, QueryOf, ResultOf, Service, WireCall } from "../../core/wire/call";
import type { Envelope } from "../../core/types/envelope";
import { call, type CallOptions } from "./http";
import { chartsApi, coreApi, spanApi, wrapperApi } from "./services";

/**
 * The one way an API client calls the broker: from the call's own declaration in src/core/wire
 * (method, service, path), its request typed by the call's schemas and its answer's rows by the
 * answer's. A body may not carry a field the schema lacks (NoExtra), so what a client sends is what
 * the broker validates, and the broker's answer is typed as the broker serialises it.
 */

/** The ky client of each service base the app calls through `send` (auth and SSO have their own clients). */
const CLIENTS: Partial<Record<Service, KyInstance>> = { core: coreApi, wrapper: wrapperApi, span: spanApi, charts: chartsApi };

/** Every key of every member of a union (an order, or a list of orders). */
type KeysOf<S> = S extends unknown ? keyof S : never;

/** `T` with no key its schema's type lacks: an extra field is a compile error, not a silent drop. */
export type NoExtra<T, Shape> = T & { [K in Exclude<keyof T, KeysOf<Shape>>]: never };

type Part<S, Name extends string, T> = [S] extends [never] ? { [K in Name]?: never } : { [K in Name]: T };

/** What a call takes: its body, path parameters and query, each only where the call has one. */
export type SendInput<C extends WireCall, B> = Part<BodyOf<C>, "body", NoExtra<B, BodyOf<C>>> & Part<ParamsOf<C>, "params", ParamsOf<C>> & Part<QueryOf<C>, "query", QueryOf<C>>;

/** The call's path under its service base, its parameters filled in. */
export function pathOf(c: Pick<WireCall, "path">, params: Record<string, unknown> = {}): string {
  return c.path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(params[name])));
}

export function send<C extends WireCall, B extends BodyOf<C> = BodyOf<C>>(c: C, input: SendInput<C, B>, opts: CallOptions = {}): Promise<Envelope<ResultOf<C>>> {
  const client = CLIENTS[c.service];
  if (!client) throw new Error(`No API client for the ${c.service || "root"} service`);
  const { body, params, query } = input as { body?: unknown; params?: Record<string, unknown>; query?: Record<string, unknown> };
  const searchParams = query ? Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined).map(([k, v]) => [k, String(v)])) : undefined;
  return call<ResultOf<C>>(client, pathOf(c, params), {
    method: c.method.toLowerCase(),
    ...(body !== undefined ? { json: body } : {}),
    ...(searchParams ? { searchParams } : {}),
    ...opts,
  });
}
