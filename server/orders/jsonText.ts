/**
 * JSON text written by hand for the engine's hot records (issue 18): the order update
 * (orderUpdate.ts) and the history line (rows.ts) are written for every change of every order,
 * and JSON.stringify, walking them generically, cost three to four times as much. Each helper
 * writes exactly what JSON.stringify writes for its value.
 */

/** Characters JSON.stringify escapes: a string holding none is written as it is, between quotes. */
const ESCAPED = /["\\\u0000-\u001f\ud800-\udfff]/;

export function jsonString(s: string): string {
  return ESCAPED.test(s) ? JSON.stringify(s) : `"${s}"`;
}

export function jsonNumber(n: number): string {
  return Number.isFinite(n) ? String(n) : "null";
}
