import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { defaultChoice, moveColumn, settleChoice, shownColumns, toggleOptional, toggleShown, type ColumnSpec } from "../../../src/core/workspace/columns";
import { GRID_COLUMNS } from "../../../src/core/workspace/gridColumns";
import { isLayout, pane } from "../../../src/core/workspace/tree";

/**
 * Issue 29, "Columns never vanish silently": every grid gets a column chooser (show, hide,
 * reorder, saved with the pane), and fitting hides only what the trader marked optional.
 */

const SPECS: ColumnSpec[] = [
  { id: "time", label: "Time", optionalByDefault: true },
  { id: "instrument", label: "Instrument", fixed: true },
  { id: "qty", label: "Qty" },
  { id: "trigger", label: "Trigger" },
  { id: "validity", label: "Validity", hiddenByDefault: true },
  { id: "actions", label: "Actions", optionalByDefault: true },
];

/** The reference model: a list of columns, each shown or not and optional or not, in the spec's plainest form. */
interface ModelColumn {
  id: string;
  shown: boolean;
  optional: boolean;
}
const FIXED = "instrument";

type Op = { kind: "show/hide"; id: string } | { kind: "optional"; id: string } | { kind: "move"; id: string; by: -1 | 1 };

function applyModel(model: ModelColumn[], op: Op): ModelColumn[] {
  const at = model.findIndex((c) => c.id === op.id);
  if (op.kind === "move") {
    const to = at + op.by;
    if (to < 0 || to >= model.length) return model;
    const next = [...model];
    [next[at], next[to]] = [next[to]!, next[at]!];
    return next;
  }
  // "The instrument is the row's identity": it is never hidden and never folds.
  if (op.id === FIXED) return model;
  return model.map((c) => (c.id !== op.id ? c : op.kind === "show/hide" ? { ...c, shown: !c.shown } : { ...c, optional: !c.optional }));
}

/** What the grid draws according to the model: shown columns in order; the optional ones fold from the right, 1 first. */
function modelShown(model: ModelColumn[]): Array<{ id: string; fold?: number }> {
  const shown = model.filter((c) => c.shown);
  const optional = shown.filter((c) => c.optional).map((c) => c.id);
  return shown.map((c) => (c.optional ? { id: c.id, fold: optional.length - optional.indexOf(c.id) } : { id: c.id }));
}

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant("show/hide" as const), id: fc.constantFrom(...SPECS.map((s) => s.id)) }),
  fc.record({ kind: fc.constant("optional" as const), id: fc.constantFrom(...SPECS.map((s) => s.id)) }),
  fc.record({ kind: fc.constant("move" as const), id: fc.constantFrom(...SPECS.map((s) => s.id)), by: fc.constantFrom(-1 as const, 1 as const) }),
);

function applyReal(choice: ReturnType<typeof defaultChoice>, o: Op) {
  return o.kind === "show/hide" ? toggleShown(SPECS, choice, o.id) : o.kind === "optional" ? toggleOptional(SPECS, choice, o.id) : moveColumn(choice, o.id, o.by);
}

describe("the trader's columns", () => {
  it("start as the grid declares them: the hidden-by-default column not drawn, the optional ones folding from the right", () => {
    // time and actions are optional; actions is the rightmost optional column, so it folds first.
    expect(shownColumns(defaultChoice(SPECS))).toEqual([{ id: "time", fold: 2 }, { id: "instrument" }, { id: "qty" }, { id: "trigger" }, { id: "actions", fold: 1 }]);
  });

  it("follow any sequence of show/hide, optional and move as the model does, and survive a save (settle) at every step", () => {
    const seed = Number(process.env.FC_SEED ?? Date.now() % 2 ** 31);
    console.log(`columnChoice seed: ${seed} (FC_SEED=${seed} replays it)`);
    fc.assert(
      fc.property(fc.array(op, { maxLength: 25 }), (ops) => {
        let model: ModelColumn[] = [
          { id: "time", shown: true, optional: true },
          { id: "instrument", shown: true, optional: false },
          { id: "qty", shown: true, optional: false },
          { id: "trigger", shown: true, optional: false },
          { id: "validity", shown: false, optional: false },
          { id: "actions", shown: true, optional: true },
        ];
        let choice = defaultChoice(SPECS);
        for (const o of ops) {
          model = applyModel(model, o);
          // Saved as JSON with the pane, read back and settled against the same columns: nothing changes.
          choice = settleChoice(SPECS, JSON.parse(JSON.stringify(applyReal(choice, o))));
          expect(shownColumns(choice)).toEqual(modelShown(model));
          expect([...choice.order].sort()).toEqual(SPECS.map((s) => s.id).sort());
        }
      }),
      { numRuns: 300, seed },
    );
  });

  it("a saved choice that predates a column gets that column where the grid puts it, with its default flags; unknown ids go", () => {
    const saved = { order: ["qty", "instrument", "gone", "time"], hidden: ["gone"], optional: ["qty"] };
    const settled = settleChoice(SPECS, saved);
    // trigger goes after qty (its default left neighbour), validity after trigger, actions after validity.
    expect(settled.order).toEqual(["qty", "trigger", "validity", "actions", "instrument", "time"]);
    expect(settled.hidden).toEqual(["validity"]);
    expect(settled.optional).toEqual(["qty", "actions"]);
  });

  it("a fixed column is never hidden nor optional, even when a saved choice says so", () => {
    const settled = settleChoice(SPECS, { order: SPECS.map((s) => s.id), hidden: ["instrument"], optional: ["instrument"] });
    expect(shownColumns(settled).find((c) => c.id === "instrument")).toEqual({ id: "instrument" });
  });

  it("is saved with the pane: a layout whose pane holds a choice is a layout; a malformed one is not", () => {
    const p = pane("orders", "p1", { columns: { orders: defaultChoice(GRID_COLUMNS.orders) } });
    expect(isLayout({ root: p, focused: "p1" })).toBe(true);
    expect(isLayout({ root: { ...p, state: { columns: { orders: { order: "time" } } } }, focused: "p1" })).toBe(false);
  });

  it("the order book shows the order type and the trigger by default, and neither folds (issue 29)", () => {
    const shown = shownColumns(defaultChoice(GRID_COLUMNS.orders));
    expect(shown.find((c) => c.id === "orderType")).toEqual({ id: "orderType" });
    expect(shown.find((c) => c.id === "trigger")).toEqual({ id: "trigger" });
  });

  it("positions keep their average prices: Buy Avg and Sell Avg are not optional by default (issue 29, at 1280 px)", () => {
    const shown = shownColumns(defaultChoice(GRID_COLUMNS.positions));
    expect(shown.find((c) => c.id === "buyAvg")).toEqual({ id: "buyAvg" });
    expect(shown.find((c) => c.id === "sellAvg")).toEqual({ id: "sellAvg" });
  });
});
