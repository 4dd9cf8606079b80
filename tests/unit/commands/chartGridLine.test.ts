import { describe, expect, it } from "vitest";
import { parseCommandLine } from "../../../src/commands/lineParsers";
import "../../../src/commands/all";

/** Issue 32: `chart grid 4` (and "Chart grid: 4", as the palette entry reads) is a grid of charts, not a chart of a share called GRID. */
describe("the chart grid line", () => {
  it("opens a grid of 2, 4, 6 or 9", () => {
    expect(parseCommandLine("chart grid 4")).toMatchObject({ ok: true, parser: "chartGrid", commandId: "chart.grid.line", args: { size: 4 } });
    expect(parseCommandLine("Chart grid: 9")).toMatchObject({ ok: true, commandId: "chart.grid.line", args: { size: 9 } });
  });

  it("names the wrong word", () => {
    expect(parseCommandLine("chart grid 5")).toMatchObject({ ok: false, word: "5" });
    expect(parseCommandLine("chart grid")).toMatchObject({ ok: false, word: "grid" });
    expect(parseCommandLine("chart grid 4 6")).toMatchObject({ ok: false, word: "6" });
  });

  it("leaves other chart lines to the chart parser", () => {
    expect(parseCommandLine("chart INFY 5m")).toMatchObject({ ok: true, parser: "chart", commandId: "chart.line" });
  });
});
