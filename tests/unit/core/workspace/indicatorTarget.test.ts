import { describe, expect, it } from "vitest";
import { newGrid, setCellIndicators } from "../../../../src/core/workspace/chartGrid";
import { GRID_VIEW } from "../../../../src/core/workspace/gridLinks";
import { indicatorTarget, targetName, targetWords, type TargetPane } from "../../../../src/core/workspace/indicatorTarget";
import type { PaneInstrument } from "../../../../src/core/workspace/tree";

/**
 * Which chart `chart add rsi 14` and the other indicator commands act on: the one the trader looks
 * at. A focused chart pane; a focused chart grid's focused cell (its own indicators, not the grid's
 * other cells' nor a chart pane beside it); with no chart focused, the only chart pane on screen,
 * said to be a guess (not focused) so the command names it; else a reason naming where to go.
 */
const INFY: PaneInstrument = { exchange: "NSEEQ", token: 1594, tradingSymbol: "INFY-EQ" };
const TCS: PaneInstrument = { exchange: "NSEEQ", token: 11536, tradingSymbol: "TCS-EQ" };
const watchlist: TargetPane = { id: "w", view: "watchlist", n: 1 };
const chart: TargetPane = { id: "c", view: "chart", n: 2, state: { instrument: INFY, indicators: ["ema 20"] } };
const grid = { ...newGrid(4, INFY), focus: 1 };
grid.cells[1] = { instrument: TCS, indicators: ["rsi 14"] };
const gridPane: TargetPane = { id: "g", view: GRID_VIEW, n: 3, state: { grid, link: "none" } };

describe("the chart the indicator commands act on", () => {
  it("a focused chart pane: itself, even with a grid on screen", () => {
    expect(indicatorTarget([watchlist, chart, gridPane], "c")).toEqual({ kind: "pane", paneId: "c", n: 2, symbol: "INFY-EQ", indicators: ["ema 20"], focused: true });
  });

  it("a focused grid: its focused cell, not the chart pane beside it (the bug: the RSI went to the unfocused chart)", () => {
    const t = indicatorTarget([watchlist, chart, gridPane], "g");
    expect(t).toEqual({ kind: "cell", paneId: "g", n: 3, index: 1, symbol: "TCS-EQ", indicators: ["rsi 14"], focused: true });
    // A cell never given its own follows the template: undefined, not the grid's other cells'.
    const other = indicatorTarget([gridPane].map((p) => ({ ...p, state: { grid: { ...grid, focus: 2 } } })), "g");
    expect(other).toMatchObject({ kind: "cell", index: 2, indicators: undefined, symbol: "INFY-EQ" });
  });

  it("a focused grid with no chart pane anywhere: its cell, never 'Indicators go on a chart'", () => {
    expect(indicatorTarget([watchlist, gridPane], "g")).toMatchObject({ kind: "cell", index: 1 });
  });

  it("no chart focused: the only chart pane, marked not focused; an unfocused grid is never guessed at", () => {
    expect(indicatorTarget([watchlist, chart, gridPane], "w")).toMatchObject({ kind: "pane", paneId: "c", focused: false });
    expect(indicatorTarget([watchlist, gridPane], "w")).toBe("Indicators go on the chart you look at: focus the chart grid (Alt+3) for its chosen cell, or c on a row opens a chart");
    expect(indicatorTarget([watchlist], "w")).toBe("Indicators go on a chart: c on a row opens one, or type chart INFY in Ctrl+K");
  });

  it("several charts and none focused: asks which, naming each and any grid", () => {
    const second: TargetPane = { id: "c2", view: "chart", n: 4, state: { instrument: TCS } };
    expect(indicatorTarget([watchlist, chart, gridPane, second], "w")).toBe("Which chart? Focus INFY-EQ (Alt+2) or TCS-EQ (Alt+4) or the chart grid (Alt+3)");
  });

  it("names the chart for a toast: 'this chart' when focused, else which", () => {
    const cell = indicatorTarget([gridPane], "g");
    const guessed = indicatorTarget([watchlist, chart], "w");
    if (typeof cell === "string" || typeof guessed === "string") throw new Error("a chart expected");
    expect(targetWords(cell)).toBe("this chart");
    expect(targetName(cell)).toBe("cell 2 of the chart grid, TCS-EQ, (Alt+3)");
    expect(targetWords(guessed)).toBe("the INFY-EQ chart (Alt+2)");
  });
});

describe("a grid cell's own indicators", () => {
  it("are set on that cell alone, and undefined puts it back on the template", () => {
    const g = setCellIndicators(newGrid(4, INFY), 2, ["rsi 14", "ema 20"]);
    expect(g.cells.map((c) => c.indicators)).toEqual([undefined, undefined, ["rsi 14", "ema 20"], undefined]);
    const back = setCellIndicators(g, 2, undefined);
    expect(back.cells[2]).toEqual({ instrument: INFY });
    expect("indicators" in back.cells[2]!).toBe(false);
    // Outside the grid: nothing changes.
    expect(setCellIndicators(g, 4, ["atr 14"])).toBe(g);
  });
});
