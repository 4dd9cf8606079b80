import type { Envelope } from "../src/core/types/envelope.js";

export type { Envelope };

export function ok<T>(result: T[] = [], message = "Success"): Envelope<T> {
  return { status: "Ok", message, result };
}

/** A refusal: an EC status and its message; its rows, when the call gives any (the refused orders of a place), are typed like the answer's. */
export function fail(code: string, message: string): Envelope<never>;
export function fail<T>(code: string, message: string, result: T[]): Envelope<T>;
export function fail<T>(code: string, message: string, result: T[] = []): Envelope<T> {
  return { status: code, message, result };
}
