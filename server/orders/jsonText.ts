/**
 * JSON text written by hand for the order update (orderUpdate.ts, issue 18): JSON.stringify walks
 * an object's properties generically, at about three times the cost, and two or three updates go
 * out for every order. Each helper writes exactly what JSON.stringify writes for its value.
 */

/** Characters JSON.stringify escapes: a string holding none is written as it is, between quotes. */
const ESCAPED = /["\\\u0000-\u001f\ud800-\udfff]/;

export function jsonString(s: string): string {
  return ESCAPED.test(s) ? JSON.stringify(s) : `"${s}"`;
}

export function jsonNumber(n: number): string {
  return Number.isFinite(n) ? String(n) : "null";
}
