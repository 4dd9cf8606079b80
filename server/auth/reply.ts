import { AUTH_CODES, type AuthCode } from "../../src/core/errors/auth.js";
import type { Envelope } from "../envelope.js";
import { fail } from "../envelope.js";

export type Answer = Envelope;
/** A refusal without rows: it fits the answer of any call. */
export type Refusal = Envelope<never>;

/** A business error of the login catalogue, with its message (and the rows that say when to try again). */
export function authFail(code: AuthCode): Refusal;
export function authFail<T>(code: AuthCode, result: T[]): Envelope<T>;
export function authFail<T>(code: AuthCode, result: T[] = []): Envelope<T> {
  return fail(code, AUTH_CODES[code], result);
}

/** A text the payload may carry, trimmed; undefined when it is absent or blank. */
export function named(v: string | undefined): string | undefined {
  const t = v?.trim();
  return t ? t : undefined;
}

/** The answer for a missing field that no schema can require alone (one of two names, or required only without a bearer): our EC400. */
export function missing(name: string): Refusal {
  return fail("EC400", `${AUTH_CODES.EC400}: ${name} is required`);
}
