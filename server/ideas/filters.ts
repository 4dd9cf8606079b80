import type { Idea, IdeaFilter, IdeaFilterField } from "../../src/core/rules/ideas.js";

/**
 * The filters of POST /core/v2/client-util/idea/details (access-and-surroundings section 8),
 * applied to the broker's ideas (their shape is the call's schema, src/core/wire/ideas.ts).
 */

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
