import { AUTH_CODES, type AuthCode } from "../../src/core/errors/auth.js";
import type { Envelope } from "../envelope.js";
import { fail } from "../envelope.js";

export type Answer = Envelope;

/** A business error of the login catalogue, with its message. */
export function authFail(code: AuthCode, result: unknown[] = []): Answer {
  return fail(code, AUTH_CODES[code], result);
}

export type Payload = Record<string, unknown>;

/** A required string field, trimmed; undefined when missing, empty or not a string. */
export function field(p: Payload, name: string): string | undefined {
  const v = p[name];
  if (typeof v !== "string") return undefined;
  const t = v.trim();
  return t === "" ? undefined : t;
}

/** The answer for a missing field: our EC400, naming the field. */
export function missing(name: string): Answer {
  return fail("EC400", `${AUTH_CODES.EC400}: ${name} is required`);
}
