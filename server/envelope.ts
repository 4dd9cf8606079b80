import type { Envelope } from "../src/core/types/envelope.js";

export type { Envelope };

export function ok<T>(result: T[] = [], message = "Success"): Envelope<T> {
  return { status: "Ok", message, result };
}

export function fail(code: string, message: string, result: unknown[] = []): Envelope {
  return { status: code, message, result };
}
