import { afterEach, describe, expect, it } from "vitest";
import { registry } from "../../../src/commands/all";
import { defaultKeymap, resolveKey } from "../../../src/commands/keymap";
import { genericWhyNot } from "../../../src/commands/whyNot";
import { chartDrawings$, registerDrawingControl, setDrawingPane, type DrawingControl } from "../../../src/data/stores/chartDrawings";
import { commandContext } from "./context";

/** What a key runs where it is pressed (pane p1 focused on `view`). */
function runs(key: string, view: string): string {
  const ctx = commandContext(view, { selection: { kind: "instrument", exchange: "NSEEQ", token: 1594, symbol: "INFY-EQ" } });
  const all = registry.all();
  const o = resolveKey(defaultKeymap(all), all, key, { view, dialog: undefined }, (c) => registry.whyNot(c, ctx), (c) => genericWhyNot(c, ctx));
  return o.kind === "run" ? o.command.id : o.kind;
}

const control: DrawingControl = { exchange: "NSEEQ", token: 1594, symbol: "INFY-EQ", tickSize: 0.05, decimals: 2, crosshair: () => ({ time: 60_000, close: 1500 }), refresh: () => {}, lastPrice: () => 1500 };
let unregister: (() => void) | undefined;
afterEach(() => {
  unregister?.();
  chartDrawings$.set({ byChart: {}, panes: {} });
});

// Issue 34: the tool keys are the chart's; Enter, Esc, ↑/↓ and Delete are the drawings' only while
// a drawing is placed or the list is open, so the order lines' keys (i-s34ord) and the globals keep them otherwise.
describe("drawing keys", () => {
  it("in a drawn chart h, t, Shift+R, Shift+M, f, l and Shift+A are the drawings'", () => {
    unregister = registerDrawingControl("p1", control);
    chartDrawings$.byChart["NSEEQ:1594"]!.set([{ drawingId: 1, exchange: "NSEEQ", token: 1594, tool: "hline", points: [{ time: 60_000, price: 1510 }], alertId: null, createdAt: "" }]);
    expect(["h", "t", "shift+r", "shift+m", "f", "l", "shift+a"].map((k) => runs(k, "chart"))).toEqual([
      "chart.draw.hline",
      "chart.draw.trend",
      "chart.draw.rect",
      "chart.draw.measure",
      "chart.draw.fib",
      "chart.drawings.list",
      "chart.drawings.alert",
    ]);
  });

  it("idle, Enter, Esc, ↑, ↓ and Delete are not the drawings' (Delete stays the orders' cancel)", () => {
    unregister = registerDrawingControl("p1", control);
    for (const k of ["enter", "escape", "arrowup", "arrowdown", "delete"]) expect(runs(k, "chart")).not.toMatch(/^chart\.draw/);
    expect(runs("delete", "chart")).not.toBe("chart.drawings.delete");
  });

  it("while a trend line is placed: Enter sets, Esc abandons, ↑/↓ step the price", () => {
    unregister = registerDrawingControl("p1", control);
    setDrawingPane("p1", { draw: { placing: { tool: "trend", anchor: { time: 60_000, price: 1500 } }, price: null } });
    expect(["enter", "escape", "arrowup", "arrowdown"].map((k) => runs(k, "chart"))).toEqual(["chart.draw.confirm", "chart.draw.abandon", "chart.draw.priceUp", "chart.draw.priceDown"]);
  });

  it("with the list open (nothing placed): ↑/↓ choose, Delete removes, Esc closes it", () => {
    unregister = registerDrawingControl("p1", control);
    chartDrawings$.byChart["NSEEQ:1594"]!.set([{ drawingId: 1, exchange: "NSEEQ", token: 1594, tool: "trend", points: [{ time: 60_000, price: 1500 }, { time: 120_000, price: 1510 }], alertId: null, createdAt: "" }]);
    setDrawingPane("p1", { listOpen: true });
    expect(["arrowup", "arrowdown", "delete", "escape"].map((k) => runs(k, "chart"))).toEqual(["chart.drawings.previous", "chart.drawings.next", "chart.drawings.delete", "chart.draw.abandon"]);
  });

  it("outside a chart none of them are the drawings'", () => {
    unregister = registerDrawingControl("p1", control);
    setDrawingPane("p1", { listOpen: true, draw: { placing: { tool: "hline", anchor: null }, price: null } });
    for (const k of ["h", "t", "f", "l", "enter", "escape", "arrowup", "delete"]) expect(runs(k, "watchlist")).not.toMatch(/^chart\./);
  });
});
