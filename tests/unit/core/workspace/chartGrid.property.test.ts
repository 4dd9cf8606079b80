import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  barAtOrBefore,
  chooseInGrid,
  gridShape,
  moveCellFocus,
  newGrid,
  readChartGrid,
  resizeGrid,
  setCellInterval,
  syncLabel,
  syncTargets,
  toggleSync,
  type CellMove,
  type ChartGrid,
  type GridSize,
  type SyncKind,
} from "../../../../src/core/workspace/chartGrid";
import { cellId, gridsFollow, gridOf, parseCellId } from "../../../../src/core/workspace/gridLinks";
import { choose, retargeted } from "../../../../src/core/workspace/links";
import { findPane, pane, setPaneState, split, type Layout, type PaneInstrument } from "../../../../src/core/workspace/tree";
import type { ChartInterval } from "../../../../src/core/charts/intervals";

/**
 * Issue 32, the multi-chart grid: "One pane holds 2, 4, 6 or 9 charts in a grid. Each follows its
 * own instrument, or its group's, with the interval, crosshair time and visible range synchronised
 * on request." Decided here: in a group only the focused cell follows the group's choice; arrows
 * stay inside the grid, ] and [ walk reading order and wrap; turning interval sync on makes every
 * cell take the focused cell's interval. The model keeps the focus as (row, column) on a grid drawn
 * by hand (2: 1×2, 4: 2×2, 6: 2×3, 9: 3×3), not as the index the code keeps.
 */
const SHAPE: Record<GridSize, [number, number]> = { 2: [1, 2], 4: [2, 2], 6: [2, 3], 9: [3, 3] };
const SYMBOLS = ["NIFTY", "BANKNIFTY", "INFY", "SBIN", "TCS"];
const inst = (n: number): PaneInstrument => ({ exchange: "NSEEQ", token: 100 + n, tradingSymbol: SYMBOLS[n]! });
const INTERVALS: ChartInterval[] = ["1m", "5m", "15m", "60m", "1d"];

interface Model {
  size: GridSize;
  row: number;
  col: number;
  /** Each cell's instrument number and interval, in reading order. */
  cells: { i: number; iv: ChartInterval }[];
  sync: Record<SyncKind, boolean>;
}

type Op =
  | { kind: "resize"; size: GridSize }
  | { kind: "move"; move: CellMove }
  | { kind: "choose"; i: number }
  | { kind: "interval"; iv: ChartInterval; at: number }
  | { kind: "sync"; which: SyncKind };

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant("resize" as const), size: fc.constantFrom<GridSize>(2, 4, 6, 9) }),
  fc.record({ kind: fc.constant("move" as const), move: fc.constantFrom<CellMove>("left", "right", "up", "down", "next", "previous") }),
  fc.record({ kind: fc.constant("choose" as const), i: fc.integer({ min: 0, max: SYMBOLS.length - 1 }) }),
  fc.record({ kind: fc.constant("interval" as const), iv: fc.constantFrom(...INTERVALS), at: fc.integer({ min: 0, max: 8 }) }),
  fc.record({ kind: fc.constant("sync" as const), which: fc.constantFrom<SyncKind>("interval", "crosshair", "range") }),
);

function step(m: Model, o: Op): void {
  const [rows, cols] = SHAPE[m.size];
  const at = m.row * cols + m.col;
  switch (o.kind) {
    case "resize": {
      const [, nc] = SHAPE[o.size];
      const seed = m.cells[at]!;
      m.cells = Array.from({ length: o.size }, (_, k) => ({ ...(m.cells[k] ?? seed) }));
      const keep = Math.min(at, o.size - 1);
      m.size = o.size;
      m.row = Math.floor(keep / nc);
      m.col = keep % nc;
      return;
    }
    case "move": {
      if (o.move === "left" && m.col > 0) m.col--;
      if (o.move === "right" && m.col < cols - 1) m.col++;
      if (o.move === "up" && m.row > 0) m.row--;
      if (o.move === "down" && m.row < rows - 1) m.row++;
      if (o.move === "next" || o.move === "previous") {
        // Reading order, wrapping: after the last cell of a row, the first of the next; after the last, the first.
        let r = m.row;
        let c = m.col + (o.move === "next" ? 1 : -1);
        if (c === cols) [r, c] = [r + 1, 0];
        if (c < 0) [r, c] = [r - 1, cols - 1];
        if (r === rows) r = 0;
        if (r < 0) r = rows - 1;
        [m.row, m.col] = [r, c];
      }
      return;
    }
    case "choose":
      m.cells[at]!.i = o.i;
      return;
    case "interval": {
      const target = o.at % m.size;
      m.cells.forEach((c, k) => {
        if (m.sync.interval || k === target) c.iv = o.iv;
      });
      return;
    }
    case "sync":
      m.sync[o.which] = !m.sync[o.which];
      if (o.which === "interval" && m.sync.interval) {
        const iv = m.cells[at]!.iv;
        for (const c of m.cells) c.iv = iv;
      }
      return;
  }
}

function apply(g: ChartGrid, o: Op): ChartGrid {
  switch (o.kind) {
    case "resize":
      return resizeGrid(g, o.size);
    case "move":
      return moveCellFocus(g, o.move);
    case "choose":
      return chooseInGrid(g, inst(o.i));
    case "interval":
      return setCellInterval(g, o.iv, o.at % g.size);
    case "sync":
      return toggleSync(g, o.which);
  }
}

describe("chart grid rules against the model", () => {
  it("cells, focus and syncs follow the model over any sequence of keys and choices", () => {
    fc.assert(
      fc.property(fc.constantFrom<GridSize>(2, 4, 6, 9), fc.array(op, { maxLength: 40 }), (size, ops) => {
        const m: Model = { size, row: 0, col: 0, cells: Array.from({ length: size }, () => ({ i: 0, iv: "1m" as ChartInterval })), sync: { interval: false, crosshair: false, range: false } };
        let g = newGrid(size, inst(0), "1m");
        for (const o of ops) {
          step(m, o);
          g = apply(g, o);
          const [, cols] = SHAPE[m.size];
          expect(g.size).toBe(m.size);
          expect(g.focus).toBe(m.row * cols + m.col);
          expect(g.cells.map((c) => [c.instrument?.tradingSymbol, c.interval])).toEqual(m.cells.map((c) => [SYMBOLS[c.i], c.iv]));
          expect(g.sync).toEqual(m.sync);
          // A saved grid reads back as it was.
          expect(readChartGrid(JSON.parse(JSON.stringify(g)))).toEqual(g);
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe("chart grid, worked by hand", () => {
  it("arranges 2, 4, 6 and 9 cells as 1×2, 2×2, 2×3 and 3×3", () => {
    expect([2, 4, 6, 9].map((n) => gridShape(n as GridSize))).toEqual([
      { rows: 1, cols: 2 },
      { rows: 2, cols: 2 },
      { rows: 2, cols: 3 },
      { rows: 3, cols: 3 },
    ]);
  });

  it("in a 2×3 grid, down from cell 2 (top right) is cell 5; right from there stays; next wraps to cell 0", () => {
    let g = { ...newGrid(6), focus: 2 };
    g = moveCellFocus(g, "down");
    expect(g.focus).toBe(5);
    expect(moveCellFocus(g, "right").focus).toBe(5);
    expect(moveCellFocus(g, "next").focus).toBe(0);
  });

  it("a choice goes to the focused cell only; the others keep theirs", () => {
    const g = chooseInGrid({ ...newGrid(4, inst(0)), focus: 3 }, inst(2));
    expect(g.cells.map((c) => c.instrument?.tradingSymbol)).toEqual(["NIFTY", "NIFTY", "NIFTY", "INFY"]);
  });

  it("syncing intervals takes the focused cell's; a change then reaches all four", () => {
    let g = setCellInterval(newGrid(4), "15m", 1);
    expect(g.cells.map((c) => c.interval ?? "1m")).toEqual(["1m", "15m", "1m", "1m"]);
    g = toggleSync({ ...g, focus: 1 }, "interval");
    expect(g.cells.map((c) => c.interval)).toEqual(["15m", "15m", "15m", "15m"]);
    g = setCellInterval(g, "1d", 3);
    expect(g.cells.map((c) => c.interval)).toEqual(["1d", "1d", "1d", "1d"]);
    expect(syncLabel(g.sync)).toBe("interval");
  });

  it("a synced crosshair or range reaches the other cells, none while off", () => {
    const g = newGrid(4);
    expect(syncTargets(g, 1, "crosshair")).toEqual([]);
    expect(syncTargets(toggleSync(g, "crosshair"), 1, "crosshair")).toEqual([0, 2, 3]);
    expect(syncTargets(toggleSync(g, "crosshair"), 1, "range")).toEqual([]);
  });

  it("a crosshair at 10:03 lands on a 5-minute cell's 10:00 bar; before the first bar, on none", () => {
    const min = 60_000;
    const times = [600 * min, 605 * min, 610 * min];
    expect(barAtOrBefore(times, 603 * min)).toBe(0);
    expect(barAtOrBefore(times, 610 * min)).toBe(2);
    expect(barAtOrBefore(times, 700 * min)).toBe(2);
    expect(barAtOrBefore(times, 599 * min)).toBe(-1);
    expect(barAtOrBefore([], 1)).toBe(-1);
  });

  it("a saved grid is trusted piece by piece", () => {
    expect(readChartGrid({ size: 5 })).toBeUndefined();
    expect(readChartGrid("x")).toBeUndefined();
    const g = readChartGrid({ size: 2, focus: 7, cells: [{ instrument: { exchange: "NSEEQ", token: "x" }, interval: "2m" }], sync: { range: true, crosshair: "yes" } });
    expect(g).toEqual({ size: 2, focus: 0, cells: [{}, {}], sync: { interval: false, crosshair: false, range: true } });
    // A cell's own indicators come back (each read again by readSpecs when drawn); a list with a non-string is dropped.
    const withInd = readChartGrid({ size: 2, cells: [{ indicators: ["rsi 14", "ema 20"] }, { indicators: ["rsi 14", 3] }] });
    expect(withInd?.cells).toEqual([{ indicators: ["rsi 14", "ema 20"] }, {}]);
  });

  it("cell ids name their grid pane and cell", () => {
    expect(parseCellId(cellId("p1x", 8))).toEqual({ paneId: "p1x", index: 8 });
    expect(parseCellId("p1x")).toBeUndefined();
  });
});

describe("a grid in a colour group", () => {
  const SBIN = inst(3);
  function layout(gridLink: "green" | "none"): Layout {
    const grid = { ...newGrid(4, inst(0)), focus: 2 };
    return { root: split("row", pane("watchlist", "w", { link: "green" }), pane("multichart", "g", { link: gridLink, grid })), focused: "w" };
  }
  const cells = (l: Layout) => gridOf(findPane(l.root, "g")!.state)!.cells.map((c) => c.instrument?.tradingSymbol);

  it("the watchlist's green cursor on SBIN retargets only the green grid's focused cell", () => {
    const l = layout("green");
    const choice = { from: "w", instrument: SBIN };
    const next = gridsFollow(choose(l, choice), retargeted(l, choice), SBIN);
    expect(cells(next)).toEqual(["NIFTY", "NIFTY", "SBIN", "NIFTY"]);
  });

  it("a grid in no group keeps all its cells", () => {
    const l = layout("none");
    const choice = { from: "w", instrument: SBIN };
    expect(cells(gridsFollow(choose(l, choice), retargeted(l, choice), SBIN))).toEqual(["NIFTY", "NIFTY", "NIFTY", "NIFTY"]);
  });

  it("a search choice made in the grid itself goes to its focused cell", () => {
    const l = { ...layout("none"), focused: "g" };
    const choice = { from: "g", instrument: SBIN, toDefault: true };
    expect(cells(gridsFollow(choose(l, choice), retargeted(l, choice), SBIN))).toEqual(["NIFTY", "NIFTY", "SBIN", "NIFTY"]);
  });
});

describe("a chart line in a grid whose cells were never set (`chart SBIN` moved other cells)", () => {
  // README "Chart grid": "`/` or a `chart TCS` line puts an instrument in it" (the focused cell),
  // and "the other cells keep theirs". A grid opened with nothing selected, or saved before cells
  // were set, draws its unset cells with what the grid shows (here the active scrip, INFY).
  const [INFY, TCS, RELIANCE, SBIN] = [inst(2), inst(4), { exchange: "NSEEQ", token: 200, tradingSymbol: "RELIANCE" }, inst(3)];
  const shownCells = (l: Layout, active: PaneInstrument) => {
    const p = findPane(l.root, "g")!;
    return gridOf(p.state)!.cells.map((c) => (c.instrument ?? p.state?.instrument ?? active).tradingSymbol);
  };

  it("the explorer's steps: each line changes only the focused cell", () => {
    // A grid of four unset cells in no group, as the old openGrid made it with nothing selected.
    let l: Layout = { root: split("row", pane("watchlist", "w"), pane("multichart", "g", { link: "none", grid: newGrid(4) })), focused: "g" };
    const line = (focus: number, i: PaneInstrument) => {
      l = setPaneState(l, "g", { grid: { ...gridOf(findPane(l.root, "g")!.state)!, focus } });
      const c = { from: "g", instrument: i, toDefault: true };
      l = gridsFollow(choose(l, c), retargeted(l, c), i, l, INFY);
    };
    expect(shownCells(l, INFY)).toEqual(["INFY", "INFY", "INFY", "INFY"]);
    line(1, TCS); // → to cell 2, chart TCS
    expect(shownCells(l, INFY)).toEqual(["INFY", "TCS", "INFY", "INFY"]);
    line(3, RELIANCE); // ↓ to cell 4, chart RELIANCE
    expect(shownCells(l, INFY)).toEqual(["INFY", "TCS", "INFY", "RELIANCE"]);
    line(2, SBIN); // ← to cell 3, chart SBIN
    expect(shownCells(l, INFY)).toEqual(["INFY", "TCS", "SBIN", "RELIANCE"]);
  });

  it("any sequence of choices, moves and intervals: a choice redraws the focused cell only", () => {
    fc.assert(
      fc.property(fc.constantFrom<GridSize>(2, 4, 6, 9), fc.array(op, { maxLength: 40 }), (size, ops) => {
        // Model: what each cell draws. Unset cells draw the grid's shown instrument, which is
        // what the grid's last choice was (the pane takes its own choice: links.ts choose).
        let g = newGrid(size);
        let shown = inst(0);
        let drawn = Array.from({ length: size }, () => SYMBOLS[0]!);
        for (const o of ops) {
          if (o.kind === "choose") {
            drawn = drawn.map((s, k) => (k === g.focus ? SYMBOLS[o.i]! : s));
            g = chooseInGrid(g, inst(o.i), shown);
            shown = inst(o.i);
          } else if (o.kind === "resize") {
            const seed = drawn[g.focus]!;
            drawn = Array.from({ length: o.size }, (_, k) => drawn[k] ?? seed);
            g = apply(g, o);
          } else g = apply(g, o);
          expect(g.cells.map((c) => (c.instrument ?? shown).tradingSymbol)).toEqual(drawn);
        }
      }),
    );
  });
});
