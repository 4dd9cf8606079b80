/**
 * Readers of request fields. A JSON body can carry any shape where a number or a text is
 * expected; `Number()` and `String()` would call its `toString`/`valueOf` (an object whose
 * `toString` is not a function throws; a nested array recurses), so a field that is neither a
 * number nor a text reads as nothing and the call refuses it with its own code.
 */

/** A number, or a text holding one; NaN for anything else (arrays, objects, booleans, null). */
export function numberIn(v: unknown): number {
  if (typeof v === "number") return v;
  if (typeof v === "string" && v.trim() !== "") return Number(v);
  return NaN;
}

/** A text, or a number written as text; "" for anything else. */
export function textIn(v: unknown): string {
  if (typeof v === "string") return v;
  if (typeof v === "number") return String(v);
  return "";
}
