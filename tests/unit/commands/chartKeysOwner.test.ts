import { afterEach, describe, expect, it } from "vitest";
import { registry } from "../../../src/commands/all";
import { defaultKeymap, resolveKey } from "../../../src/commands/keymap";
import { genericWhyNot } from "../../../src/commands/whyNot";
import type { ChartLine } from "../../../src/core/charts/orderLines/lines";
import { NO_SELECTION, stepSelection, type LineSelection, type SelectionAction } from "../../../src/core/charts/orderLines/selection";
import { chartDrawings$, drawingPane, registerDrawingControl, type DrawingControl } from "../../../src/data/stores/chartDrawings";
import { registerOrderLines, type OrderLinesControl } from "../../../src/data/stores/chartOrderLines";
import { commandContext } from "./context";

/**
 * FINDINGS-25 s1: with an order line selected (Tab), `h` started a horizontal line whose hint says
 * "↑ ↓ ticks · h or Enter sets it · Esc abandons", but ↑ ↑ moved the ORDER line and Enter sent its
 * modify. The rule (chartOrders.ts, selection.ts rule 7): one thing on the chart owns ↑ ↓ Enter Esc
 * at a time; starting a drawing deselects the line, Tab while a drawing is placed abandons it.
 */
const ctx = () => commandContext("chart", { selection: { kind: "instrument", exchange: "NSEEQ", token: 2885, symbol: "RELIANCE-EQ" } });

function runs(key: string): string {
  const all = registry.all();
  const o = resolveKey(defaultKeymap(all), all, key, { view: "chart", dialog: undefined }, (c) => registry.whyNot(c, ctx()), (c) => genericWhyNot(c, ctx()));
  return o.kind === "run" ? o.command.id : o.kind;
}

// A BUY 5 RELIANCE-EQ LIMIT at 1,301.20, the chart's one movable line.
const LINE: ChartLine = { id: "order:2612070000009:price", price: 1301.2, label: "BUY 5 LMT", tone: "buy", target: { kind: "order", orderNo: "2612070000009", field: "price" } };

/** The chart's order lines as the pane keeps them: the real selection rules over one line. */
function orderLines(start: LineSelection): OrderLinesControl & { state: LineSelection } {
  const c = {
    state: start,
    exchange: "NSEEQ" as const,
    token: 2885,
    tradingSymbol: "RELIANCE-EQ",
    tickSize: 0.1,
    selection: () => c.state,
    lines: () => [LINE],
    act: (a: SelectionAction) => {
      const step = stepSelection(c.state, a, [LINE], 0.1);
      c.state = step.state;
      return step;
    },
    crosshairPrice: () => 1359.2,
    lastPrice: () => 1359.2,
  };
  return c;
}

const drawing: DrawingControl = { exchange: "NSEEQ", token: 2885, symbol: "RELIANCE-EQ", tickSize: 0.1, decimals: 2, crosshair: () => ({ time: 60_000, close: 1359.2 }), refresh: () => {}, lastPrice: () => 1359.2 };

const undo: (() => void)[] = [];
afterEach(() => {
  for (const u of undo.splice(0)) u();
  chartDrawings$.set({ byChart: {}, panes: {} });
});

describe("one owner of a chart's ↑ ↓ Enter Esc", () => {
  it("a line selected and moved (Enter modifies, Esc puts back), then h: the line is deselected and put back, and ↑ ↓ Enter Esc are the drawing's", async () => {
    const lines = orderLines({ selected: LINE.id, pending: 1301.3, sending: null });
    undo.push(registerOrderLines("p1", lines), registerDrawingControl("p1", drawing));
    expect(runs("arrowup")).toBe("chart.orders.up");

    await registry.run("chart.draw.hline", ctx());

    expect(drawingPane("p1").draw.placing?.tool).toBe("hline");
    expect(lines.state).toEqual(NO_SELECTION);
    expect(["arrowup", "arrowdown", "enter", "escape"].map(runs)).toEqual(["chart.draw.priceUp", "chart.draw.priceDown", "chart.draw.confirm", "chart.draw.abandon"]);
  });

  it("whatever the selection, while a drawing is placed no order-line key takes ↑ ↓ Shift+↑ Shift+↓ Enter Esc", () => {
    const lines = orderLines({ selected: LINE.id, pending: 1301.5, sending: null });
    undo.push(registerOrderLines("p1", lines), registerDrawingControl("p1", drawing));
    chartDrawings$.panes.p1!.set({ draw: { placing: { tool: "hline", anchor: null }, price: null }, listOpen: false, cursor: 0 });
    for (const k of ["arrowup", "arrowdown", "shift+arrowup", "shift+arrowdown", "enter", "escape"]) expect(runs(k)).not.toMatch(/^chart\.orders\./);
  });

  it("Tab while a horizontal line is placed abandons it and selects the order line: the line's keys are back", async () => {
    const lines = orderLines(NO_SELECTION);
    undo.push(registerOrderLines("p1", lines), registerDrawingControl("p1", drawing));
    chartDrawings$.panes.p1!.set({ draw: { placing: { tool: "hline", anchor: null }, price: null }, listOpen: false, cursor: 0 });

    expect(runs("tab")).toBe("chart.orders.next");
    await registry.run("chart.orders.next", ctx());

    expect(drawingPane("p1").draw.placing).toBeNull();
    expect(lines.state.selected).toBe(LINE.id);
    expect(runs("arrowup")).toBe("chart.orders.up");
  });
});

describe("selection rule 7", () => {
  it("deselect drops the line and its pending price, even with a modify in flight (its answer still ends it)", () => {
    expect(stepSelection({ selected: LINE.id, pending: 1301.3, sending: null }, { kind: "deselect" }, [LINE], 0.1).state).toEqual(NO_SELECTION);
    const inFlight = stepSelection({ selected: LINE.id, pending: 1301.3, sending: LINE.id }, { kind: "deselect" }, [LINE], 0.1).state;
    expect(inFlight).toEqual({ selected: null, pending: null, sending: LINE.id });
    expect(stepSelection(inFlight, { kind: "answered" }, [LINE], 0.1).state).toEqual(NO_SELECTION);
  });
});
