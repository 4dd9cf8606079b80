import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { INDICATORS, INDICATOR_KINDS, type IndicatorKind } from "../../../../src/core/charts/indicators/catalogue";
import { addSpecs, MAX_INDICATORS, readSpecs, removeSpecs, specText, type IndicatorSpec } from "../../../../src/core/charts/indicators/spec";

/**
 * A chart's indicators over any sequence of `chart add` and `chart remove` (issue 34), against a
 * model written from the rules: the set is a list of "kind settings" texts in the order added;
 * adding one already there changes nothing, and none is added past MAX_INDICATORS; `chart remove
 * <kind>` drops every one of that kind, `chart remove <kind> <settings>` only that one, `chart
 * remove all` everything. The set saved as text and read back (the pane's layout, the broker's
 * template) is the same set.
 */
const kind = fc.constantFrom(...INDICATOR_KINDS);
const specOf = (k: IndicatorKind, n: number): IndicatorSpec => ({ kind: k, params: INDICATORS[k].params.map((p, i) => (i === 0 && p.whole ? n : p.default)) });
const op = fc.oneof(
  fc.record({ op: fc.constant("add" as const), specs: fc.array(fc.tuple(kind, fc.integer({ min: 1, max: 6 })), { minLength: 1, maxLength: 3 }) }),
  fc.record({ op: fc.constant("removeKind" as const), kind }),
  fc.record({ op: fc.constant("removeOne" as const), kind, n: fc.integer({ min: 1, max: 6 }) }),
  fc.record({ op: fc.constant("removeAll" as const) }),
);

describe("a chart's indicator set", () => {
  it("follows the model over any sequence of adds and removes, and reads back as saved", () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 40 }), (ops) => {
        let set: IndicatorSpec[] = [];
        let model: string[] = [];
        for (const o of ops) {
          if (o.op === "add") {
            const specs = o.specs.map(([k, n]) => specOf(k, n));
            set = addSpecs(set, specs).next;
            for (const s of specs) {
              const t = `${s.kind} ${s.params.join(" ")}`.trim();
              if (!model.includes(t) && model.length < MAX_INDICATORS) model.push(t);
            }
          } else if (o.op === "removeKind") {
            set = removeSpecs(set, o.kind);
            model = model.filter((t) => t.split(" ")[0] !== o.kind);
          } else if (o.op === "removeOne") {
            const s = specOf(o.kind, o.n);
            set = removeSpecs(set, o.kind, [s]);
            model = model.filter((t) => t !== `${s.kind} ${s.params.join(" ")}`.trim());
          } else {
            set = removeSpecs(set, "all");
            model = [];
          }
          expect(set.map(specText)).toEqual(model);
          expect(readSpecs(JSON.parse(JSON.stringify(set.map(specText))))).toEqual(set);
        }
      }),
      { numRuns: 300 },
    );
  });
});
