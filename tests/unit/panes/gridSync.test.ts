import { describe, expect, it } from "vitest";
import type { LogicalRange } from "lightweight-charts";
import { wireGridSync } from "../../../src/panes/chart/grid/gridSync";
import type { ChartHost } from "../../../src/panes/chart/drawings/host";
import type { Bar } from "../../../src/core/types/bar";

/** A cell's chart as the range sync sees it: its bars, its range, and who listens to it. */
function fakeCell(barCount: number) {
  const cell = {
    bars: Array.from({ length: barCount }, (_, i): Bar => ({ time: i * 60_000, open: 1, high: 1, low: 1, close: 1, volume: 0 })),
    range: null as LogicalRange | null,
    set: [] as LogicalRange[],
    listeners: [] as Array<(r: LogicalRange | null) => void>,
  };
  const timeScale = {
    subscribeVisibleLogicalRangeChange: (f: (r: LogicalRange | null) => void) => cell.listeners.push(f),
    unsubscribeVisibleLogicalRangeChange: () => {},
    getVisibleLogicalRange: () => cell.range,
    setVisibleLogicalRange: (r: LogicalRange) => {
      cell.range = r;
      cell.set.push(r);
    },
  };
  const host = { chart: { timeScale: () => timeScale }, bars: () => cell.bars } as unknown as ChartHost;
  return { cell, host, scroll: (r: LogicalRange | null) => cell.listeners.forEach((f) => f(r)) };
}

const range = (from: number, to: number) => ({ from, to }) as LogicalRange;

// Issue 32's range sync: "the others get the same bars in view, counted from their latest bar".
describe("a chart grid's range sync", () => {
  it("gives each other cell the same bars in view counted from its own latest bar", () => {
    const [a, b, c] = [fakeCell(1501), fakeCell(1501), fakeCell(1876)];
    wireGridSync([a.host, b.host, c.host], { interval: true, crosshair: false, range: true });
    a.scroll(range(1377, 1504));
    expect(b.cell.set).toEqual([range(1377, 1504)]);
    // 1,876 bars: 375 more than the driver's, so the same last bars are 375 further on.
    expect(c.cell.set).toEqual([range(1752, 1879)]);
  });

  it("leaves a cell with no bars yet alone, and an empty cell gives no range (an interval change loads each cell in turn)", () => {
    const [a, loading] = [fakeCell(1501), fakeCell(0)];
    wireGridSync([a.host, loading.host], { interval: true, crosshair: false, range: true });
    // Counted from an empty cell's end this was [-124, 3]: the loading cell's first bars once they came.
    a.scroll(range(1377, 1504));
    expect(loading.cell.set).toEqual([]);
    loading.scroll(range(-10, 5));
    expect(a.cell.set).toEqual([]);
  });
});
