import { IDEA_FILTER_FIELDS, type Idea, type IdeaFilter, type IdeaFilterField } from "../../src/core/rules/ideas.js";

/**
 * The filters of POST /core/v2/client-util/idea/details (access-and-surroundings section 8):
 * read from a request body, and applied to the broker's ideas.
 */

const isField = (v: unknown): v is IdeaFilterField => typeof v === "string" && (IDEA_FILTER_FIELDS as readonly string[]).includes(v);
const isText = (v: unknown): v is string => typeof v === "string" && v.length > 0 && v.length <= 40;

function readFilter(v: unknown): IdeaFilter | null {
  if (typeof v !== "object" || v === null || Array.isArray(v)) return null;
  const f = v as Record<string, unknown>;
  if (!isField(f.field)) return null;
  switch (f.type) {
    case "by":
      return f.value === "asc" || f.value === "desc" ? { type: "by", field: f.field, value: f.value } : null;
    case "equal":
      return isText(f.value) ? { type: "equal", field: f.field, value: f.value } : null;
    case "in":
      return Array.isArray(f.values) && f.values.length > 0 && f.values.length <= 10 && f.values.every(isText) ? { type: "in", field: f.field, values: f.values } : null;
    case "between":
      return isText(f.from) && isText(f.to) ? { type: "between", field: f.field, from: f.from, to: f.to } : null;
    default:
      return null;
  }
}

/** The query's filters; null when the body is not `{ mode: "all", filters: [...] }` of well-formed filters. */
export function readIdeaQuery(body: unknown): IdeaFilter[] | null {
  if (typeof body !== "object" || body === null || Array.isArray(body)) return null;
  const b = body as Record<string, unknown>;
  if (b.mode !== "all" || !Array.isArray(b.filters) || b.filters.length > 20) return null;
  const out: IdeaFilter[] = [];
  for (const v of b.filters) {
    const f = readFilter(v);
    if (!f) return null;
    out.push(f);
  }
  return out;
}

const valueOf = (idea: Idea, field: IdeaFilterField): string | null => idea[field];

function keeps(idea: Idea, f: IdeaFilter): boolean {
  const v = valueOf(idea, f.field);
  switch (f.type) {
    case "by":
      return true;
    case "equal":
      return v === f.value;
    case "in":
      return v !== null && f.values.includes(v);
    case "between":
      return v !== null && v >= f.from && v <= f.to;
  }
}

/** The ideas every filter keeps, ordered by the `by` filters in turn (else by id). */
export function applyIdeaFilters(ideas: readonly Idea[], filters: readonly IdeaFilter[]): Idea[] {
  const kept = ideas.filter((i) => filters.every((f) => keeps(i, f)));
  const orders = filters.filter((f): f is Extract<IdeaFilter, { type: "by" }> => f.type === "by");
  return kept.sort((a, b) => {
    for (const o of orders) {
      const x = valueOf(a, o.field) ?? "";
      const y = valueOf(b, o.field) ?? "";
      if (x !== y) return (x < y ? -1 : 1) * (o.value === "asc" ? 1 : -1);
    }
    return a.idea_id - b.idea_id;
  });
}
