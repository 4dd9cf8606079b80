import type { FastifyInstance } from "fastify";

/**
 * The deepest nesting a JSON body may have. The deepest call of the contract (a GTT payload
 * or a wrapper { head, body } with its scripDetails) is four levels; 32 leaves room and keeps
 * a 20,000-deep array, which overflows the stack of any recursive reader (Number() of a nested
 * array, String(), a deep copy), out of every handler.
 */
export const MAX_JSON_DEPTH = 32;

/** The deepest bracket nesting of JSON text, brackets inside strings not counted; stops past `limit`. */
export function jsonDepth(text: string, limit = MAX_JSON_DEPTH): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > deepest && (deepest = depth) > limit) return deepest;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return deepest;
}

/**
 * One JSON body parser for every call: an empty body is no body (the "empty" POSTs and DELETEs
 * of the spec may still send a JSON content type); a body nested deeper than MAX_JSON_DEPTH
 * or not JSON is a 400; `__proto__` and `constructor.prototype` keys are refused (fastify's own
 * secure parser), so no handler can be handed an object that rewrites a prototype.
 */
export function registerJsonBodies(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (req, body, done) => {
    const text = typeof body === "string" ? body : body.toString("utf8");
    if (text.trim() === "") return done(null, undefined);
    if (jsonDepth(text) > MAX_JSON_DEPTH) {
      return done(Object.assign(new Error(`the body is nested deeper than ${MAX_JSON_DEPTH} levels`), { statusCode: 400 }), undefined);
    }
    parse(req, text, done);
  });
}
