/**
 * A URL query read as URLSearchParams reads it (application/x-www-form-urlencoded, the first
 * value of a repeated name), without depending on the host's URL API: core runs on any host.
 * A URLSearchParams satisfies QueryParams, so callers that have one pass it as it is.
 */
export interface QueryParams {
  get(name: string): string | null;
  has(name: string): boolean;
  keys(): Iterable<string>;
}

function decode(text: string): string {
  const spaced = text.replace(/\+/g, " ");
  try {
    return decodeURIComponent(spaced);
  } catch {
    // A malformed escape stays as written (URLSearchParams would put U+FFFD there); no query Tape reads carries one.
    return spaced;
  }
}

export function parseQuery(search: string): QueryParams {
  const values = new Map<string, string>();
  for (const pair of (search.startsWith("?") ? search.slice(1) : search).split("&")) {
    if (pair === "") continue;
    const eq = pair.indexOf("=");
    const name = decode(eq < 0 ? pair : pair.slice(0, eq));
    if (!values.has(name)) values.set(name, eq < 0 ? "" : decode(pair.slice(eq + 1)));
  }
  return { get: (name) => values.get(name) ?? null, has: (name) => values.has(name), keys: () => values.keys() };
}
