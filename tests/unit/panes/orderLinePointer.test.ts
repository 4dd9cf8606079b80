import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { IChartApi, ISeriesApi } from "lightweight-charts";
import type { ChartLine } from "../../../src/core/charts/orderLines/lines";
import { OrderLinesController } from "../../../src/panes/chart/orderLines/controller";

/**
 * The order lines' pointer has the one owner the keys have (orderLines/controller.ts): "while a
 * drawing is being placed a press over a line is the drawing's …, so a trader placing a drawing near
 * an order can never pick, drag or modify the order; the line shows no grab pointer then either. A
 * selection that goes (starting a drawing deselects, selection.ts rule 7) ends a drag under way."
 *
 * The chart here: price 1,500 at the top, 10 px a rupee, so a BUY LIMIT at 1,490 is drawn at y 100,
 * and y 80 is 1,492.00 (tick 0.05).
 */
const LINE: ChartLine = { id: "order:2612070000009:price", price: 1490, label: "BUY 1 LMT", tone: "buy", target: { kind: "order", orderNo: "2612070000009", field: "price" } };

function chart(drawingPlaced: () => boolean) {
  const host = Object.assign(new EventTarget(), { dataset: {} as Record<string, string>, style: { cursor: "" }, getBoundingClientRect: () => ({ top: 0 }) });
  const api = { applyOptions: vi.fn() };
  const series = {
    applyOptions: () => {},
    createPriceLine: () => ({ applyOptions: () => {} }),
    removePriceLine: () => {},
    priceToCoordinate: (p: number) => (1500 - p) * 10,
    coordinateToPrice: (y: number) => 1500 - y / 10,
  };
  const c = new OrderLinesController(api as unknown as IChartApi, series as unknown as ISeriesApi<"Candlestick">, host as unknown as HTMLElement, 0.05, () => undefined, drawingPlaced);
  c.setLines([LINE]);
  const pointer = (type: string, clientY: number, target: EventTarget = host) => target.dispatchEvent(Object.assign(new Event(type), { button: 0, clientY }));
  return { c, host, api, pointer };
}

const held = (api: { applyOptions: ReturnType<typeof vi.fn> }) => api.applyOptions.mock.calls.filter(([o]) => (o as { handleScroll?: boolean }).handleScroll === false).length;

beforeEach(() => {
  vi.stubGlobal("window", new EventTarget());
  vi.stubGlobal("document", { documentElement: {} });
  vi.stubGlobal("getComputedStyle", () => ({ getPropertyValue: () => "" }));
  vi.stubGlobal("requestAnimationFrame", () => 0);
  vi.stubGlobal("cancelAnimationFrame", () => {});
});
afterEach(() => vi.unstubAllGlobals());

describe("an order line under the pointer", () => {
  it("with no drawing placed: a press 2 px off the line picks it, a drag to y 80 leaves it pending at 1,492.00, the chart's panning held meanwhile", () => {
    const { c, api, pointer } = chart(() => false);
    pointer("pointerdown", 102);
    expect(c.selection().selected).toBe(LINE.id);
    expect(held(api)).toBe(1);
    pointer("pointermove", 80);
    expect(c.selection().pending).toBe(1492);
  });

  it("while a drawing is placed: the press on the line, the drag and the hover are the drawing's; nothing selected, nothing pending, panning left to the chart", () => {
    const { c, host, api, pointer } = chart(() => true);
    pointer("pointermove", 100);
    expect(host.style.cursor).toBe("");
    pointer("pointerdown", 100);
    pointer("pointermove", 80);
    pointer("pointerup", 80, window);
    expect(c.selection()).toEqual({ selected: null, pending: null, sending: null });
    expect(held(api)).toBe(0);
  });

  it("a drag under way when a drawing starts (the line deselected, rule 7): the drag ends there, the chart pans again, a later move gives the line no price", () => {
    let placing = false;
    const { c, api, pointer } = chart(() => placing);
    pointer("pointerdown", 100);
    pointer("pointermove", 90);
    expect(c.selection().pending).toBe(1491);
    placing = true;
    c.act({ kind: "deselect" });
    expect(api.applyOptions).toHaveBeenLastCalledWith({ handleScroll: true, handleScale: true });
    pointer("pointermove", 80);
    expect(c.selection()).toEqual({ selected: null, pending: null, sending: null });
  });
});
