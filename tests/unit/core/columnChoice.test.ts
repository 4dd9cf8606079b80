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
  { id: "time", label: "Time", foldByDefault: 2 },
  { id: "instrument", label: "Instrument", fixed: true },
  { id: "qty", label: "Qty" },
  { id: "trigger", label: "Trigger" },
  { id: "validity", label: "Validity", hiddenByDefault: true },
  { id: "actions", label: "Actions", foldByDefault: 1 },
];

/**
 * The reference model, in the plainest form: the columns in order, each shown or not, and the
 * optional ones as a queue of folding (the first folds first; one just marked optional goes first).
 */
interface ModelColumn {
  id: string;
  shown: boolean;
}
interface Model {
  columns: ModelColumn[];
  folds: string[];
}
/** The model as a grid declares it: each column shown unless hidden by default, the optional ones queued by their default folding order. */
function modelOf(specs: readonly ColumnSpec[]): Model {
  return {
    columns: specs.map((s) => ({ id: s.id, shown: !s.hiddenByDefault || s.fixed === true })),
    folds: specs.filter((s) => s.foldByDefault !== undefined && !s.fixed).sort((a, b) => a.foldByDefault! - b.foldByDefault!).map((s) => s.id),
  };
}

type Op = { kind: "show/hide"; id: string } | { kind: "optional"; id: string } | { kind: "move"; id: string; by: -1 | 1 };

function applyModel(specs: readonly ColumnSpec[], model: Model, op: Op): Model {
  const at = model.columns.findIndex((c) => c.id === op.id);
  if (op.kind === "move") {
    const to = at + op.by;
    if (to < 0 || to >= model.columns.length) return model;
    const columns = [...model.columns];
    [columns[at], columns[to]] = [columns[to]!, columns[at]!];
    return { ...model, columns };
  }
  // "The instrument is the row's identity" (a watchlist's LTP too): it is never hidden and never folds.
  if (specs.some((s) => s.id === op.id && s.fixed)) return model;
  if (op.kind === "show/hide") return { ...model, columns: model.columns.map((c) => (c.id === op.id ? { ...c, shown: !c.shown } : c)) };
  return { ...model, folds: model.folds.includes(op.id) ? model.folds.filter((x) => x !== op.id) : [op.id, ...model.folds] };
}

/** What the grid draws according to the model: shown columns in order; the optional ones numbered by the queue among those shown. */
function modelShown(model: Model): Array<{ id: string; fold?: number }> {
  const shown = model.columns.filter((c) => c.shown).map((c) => c.id);
  const queue = model.folds.filter((id) => shown.includes(id));
  return shown.map((id) => (queue.includes(id) ? { id, fold: queue.indexOf(id) + 1 } : { id }));
}

const opOf = (specs: readonly ColumnSpec[]): fc.Arbitrary<Op> =>
  fc.oneof(
    fc.record({ kind: fc.constant("show/hide" as const), id: fc.constantFrom(...specs.map((s) => s.id)) }),
    fc.record({ kind: fc.constant("optional" as const), id: fc.constantFrom(...specs.map((s) => s.id)) }),
    fc.record({ kind: fc.constant("move" as const), id: fc.constantFrom(...specs.map((s) => s.id)), by: fc.constantFrom(-1 as const, 1 as const) }),
  );

function applyReal(specs: readonly ColumnSpec[], choice: ReturnType<typeof defaultChoice>, o: Op) {
  return o.kind === "show/hide" ? toggleShown(specs, choice, o.id) : o.kind === "optional" ? toggleOptional(specs, choice, o.id) : moveColumn(choice, o.id, o.by);
}

/** Any sequence of chooser keys on a grid's columns: the grid draws what the model says, and a save (settle) at every step changes nothing. */
function followsTheModel(name: string, specs: readonly ColumnSpec[], start: Model): void {
  const seed = Number(process.env.FC_SEED ?? Date.now() % 2 ** 31);
  console.log(`columnChoice ${name} seed: ${seed} (FC_SEED=${seed} replays it)`);
  fc.assert(
    fc.property(fc.array(opOf(specs), { maxLength: 25 }), (ops) => {
      let model = start;
      let choice = defaultChoice(specs);
      expect(shownColumns(choice)).toEqual(modelShown(model));
      for (const o of ops) {
        model = applyModel(specs, model, o);
        // Saved as JSON with the pane, read back and settled against the same columns: nothing changes.
        choice = settleChoice(specs, JSON.parse(JSON.stringify(applyReal(specs, choice, o))));
        expect(shownColumns(choice)).toEqual(modelShown(model));
        expect([...choice.order].sort()).toEqual(specs.map((s) => s.id).sort());
      }
    }),
    { numRuns: 200, seed },
  );
}

describe("the trader's columns", () => {
  it("start as the grid declares them: the hidden-by-default column not drawn, the optional ones numbered by their default folding order", () => {
    // time and actions are optional; actions is declared to fold first.
    expect(shownColumns(defaultChoice(SPECS))).toEqual([{ id: "time", fold: 2 }, { id: "instrument" }, { id: "qty" }, { id: "trigger" }, { id: "actions", fold: 1 }]);
  });

  it("follow any sequence of show/hide, optional and move as the model does, and survive a save (settle) at every step", () => {
    followsTheModel("sample", SPECS, {
      columns: [
        { id: "time", shown: true },
        { id: "instrument", shown: true },
        { id: "qty", shown: true },
        { id: "trigger", shown: true },
        { id: "validity", shown: false },
        { id: "actions", shown: true },
      ],
      folds: ["actions", "time"],
    });
  });

  // Issue 29: the watchlist and Discover's market grids are grids of the one chooser too.
  for (const grid of ["watchlist", "market", "marketWeekHigh", "marketWeekLow", "orders", "positions"] as const) {
    it(`the ${grid} grid's columns follow the model under any sequence of chooser keys`, () => {
      followsTheModel(grid, GRID_COLUMNS[grid], modelOf(GRID_COLUMNS[grid]));
    });
  }

  it("the watchlist starts as it always looked: Symbol, LTP, Exc, Chg, %Chg; only the three chosen ones fold, Exc first, %Chg last", () => {
    // Symbol and LTP always; Exc, Chg and %Chg as before columns could be chosen; the old fit hid Exc (priority 4) before Chg (3) before %Chg (2).
    expect(shownColumns(defaultChoice(GRID_COLUMNS.watchlist))).toEqual([{ id: "symbol" }, { id: "ltp" }, { id: "exchange", fold: 1 }, { id: "chg", fold: 2 }, { id: "pchg", fold: 3 }]);
  });

  it("a market grid keeps Symbol, LTP and %Chg (what its lists rank by); the day's high and low fold first, then Chg, then Volume", () => {
    expect(shownColumns(defaultChoice(GRID_COLUMNS.market))).toEqual([{ id: "symbol" }, { id: "ltp" }, { id: "chg", fold: 3 }, { id: "pchg" }, { id: "volume", fold: 4 }, { id: "high", fold: 1 }, { id: "low", fold: 2 }]);
    // The 52-week lists' own columns are their reason: never folded by default.
    const week = shownColumns(defaultChoice(GRID_COLUMNS.marketWeekHigh));
    expect(week.slice(-2)).toEqual([{ id: "weekHigh" }, { id: "fromHigh" }]);
  });

  it("a saved choice that predates a column gets that column where the grid puts it, with its default flags; unknown ids go", () => {
    const saved = { order: ["qty", "instrument", "gone", "time"], hidden: ["gone"], optional: ["qty"] };
    const settled = settleChoice(SPECS, saved);
    // trigger goes after qty (its default left neighbour), validity after trigger, actions after validity.
    expect(settled.order).toEqual(["qty", "trigger", "validity", "actions", "instrument", "time"]);
    expect(settled.hidden).toEqual(["validity"]);
    // The saved folding order first; actions, new, folds after it.
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

  it("positions keep their average prices: they fold only after the previous close, the day's figures, Realised and the LTP; Net Qty, Unrealised and P&L never fold (issues 29 and 11)", () => {
    const shown = shownColumns(defaultChoice(GRID_COLUMNS.positions));
    const fold = (id: string) => shown.find((c) => c.id === id)?.fold ?? Infinity;
    for (const first of ["prevClose", "dayBuy", "daySell", "realised", "ltp"]) {
      expect(fold(first)).toBeLessThan(fold("buyAvg"));
      expect(fold(first)).toBeLessThan(fold("sellAvg"));
    }
    // Issue 11: "a narrow split pane still shows Unrealised and P&L": neither is among the folds.
    expect(fold("unrealised")).toBe(Infinity);
    expect(fold("netQty")).toBe(Infinity);
    expect(fold("pnl")).toBe(Infinity);
  });

  // FINDINGS-24 §9: a third-width Positions pane folded Product, and NIFTY26DECFUT 75 INTRADAY and
  // 75 NRML read as the same row. The product is part of a position's key (core/rules/positionKey.ts).
  it("a position's Product never folds and cannot be hidden, whatever a saved choice says", () => {
    const shown = shownColumns(defaultChoice(GRID_COLUMNS.positions));
    expect(shown.find((c) => c.id === "product")).toEqual({ id: "product" });
    // A choice saved before, with Product optional (and one hiding it), is settled to show it, unfolded.
    const order = GRID_COLUMNS.positions.map((c) => c.id as string);
    const saved = { order, hidden: ["product"], optional: ["prevClose", "product", "ltp"] };
    const settled = settleChoice(GRID_COLUMNS.positions, saved);
    expect(settled.hidden).not.toContain("product");
    expect(settled.optional).toEqual(["prevClose", "ltp"]);
    expect(shownColumns(settled).find((c) => c.id === "product")).toEqual({ id: "product" });
  });
});
