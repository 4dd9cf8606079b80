/**
 * The multi-chart grid (issue 32): one pane holds 2, 4, 6 or 9 charts. Pure rules, no React: the
 * cells' arrangement, the focused cell's moves, which cells a group's choice retargets and the
 * sync switches. The pane keeps the grid in its state, so a saved layout or workspace keeps it.
 *
 * Group rule (the issue leaves it open): in a colour group only the FOCUSED cell follows the
 * group's choice; the other cells keep their own instruments. A trader lays out NIFTY, BANKNIFTY
 * and two shares to watch and wants one cell to track the watchlist cursor, not all four to
 * become the same chart.
 */
import { CHART_INTERVALS, isChartInterval, type ChartInterval } from "../charts/intervals";
import type { PaneInstrument } from "./tree";

export const GRID_SIZES = [2, 4, 6, 9] as const;
export type GridSize = (typeof GRID_SIZES)[number];

export function isGridSize(n: unknown): n is GridSize {
  return typeof n === "number" && (GRID_SIZES as readonly number[]).includes(n);
}

/** The three things a grid can keep alike across its cells, each switched on by itself. */
export const SYNC_KINDS = ["interval", "crosshair", "range"] as const;
export type SyncKind = (typeof SYNC_KINDS)[number];
export type GridSync = Record<SyncKind, boolean>;

export interface GridCell {
  instrument?: PaneInstrument;
  interval?: ChartInterval;
  /** The cell's own indicators, as a chart pane's (tree.ts PaneState.indicators); none: the user's template. */
  indicators?: string[];
}

export interface ChartGrid {
  size: GridSize;
  /** Always `size` long. */
  cells: GridCell[];
  /** The focused cell's index, 0 ≤ focus < size. */
  focus: number;
  sync: GridSync;
}

/** Rows × columns: a pane is wider than tall, so 2 side by side, 4 as 2×2, 6 as 2×3, 9 as 3×3. */
export function gridShape(size: GridSize): { rows: number; cols: number } {
  switch (size) {
    case 2:
      return { rows: 1, cols: 2 };
    case 4:
      return { rows: 2, cols: 2 };
    case 6:
      return { rows: 2, cols: 3 };
    case 9:
      return { rows: 3, cols: 3 };
  }
}

const NO_SYNC: GridSync = { interval: false, crosshair: false, range: false };

/** A new grid: every cell starts on the instrument it was opened with (the trader then sets each). */
export function newGrid(size: GridSize, instrument?: PaneInstrument, interval?: ChartInterval): ChartGrid {
  const cell: GridCell = { ...(instrument ? { instrument } : {}), ...(interval ? { interval } : {}) };
  return { size, cells: Array.from({ length: size }, () => ({ ...cell })), focus: 0, sync: { ...NO_SYNC } };
}

/**
 * Another size: the first cells keep their instruments and intervals (reading order), new ones
 * start as the focused cell is; the focus stays unless its cell went, then it is the last cell.
 */
export function resizeGrid(g: ChartGrid, size: GridSize): ChartGrid {
  const seed = g.cells[g.focus] ?? {};
  const cells = Array.from({ length: size }, (_, i) => ({ ...(g.cells[i] ?? seed) }));
  return { ...g, size, cells, focus: Math.min(g.focus, size - 1) };
}

export type CellMove = "left" | "right" | "up" | "down" | "next" | "previous";

/**
 * The focused cell after a move. Arrows stay inside the grid (no wrap, as a spreadsheet's);
 * next/previous walk reading order and wrap, so one key reaches every cell.
 */
export function moveCellFocus(g: ChartGrid, move: CellMove): ChartGrid {
  const { rows, cols } = gridShape(g.size);
  const r = Math.floor(g.focus / cols);
  const c = g.focus % cols;
  let focus = g.focus;
  if (move === "left") focus = c > 0 ? g.focus - 1 : g.focus;
  else if (move === "right") focus = c < cols - 1 ? g.focus + 1 : g.focus;
  else if (move === "up") focus = r > 0 ? g.focus - cols : g.focus;
  else if (move === "down") focus = r < rows - 1 ? g.focus + cols : g.focus;
  else if (move === "next") focus = (g.focus + 1) % g.size;
  else focus = (g.focus - 1 + g.size) % g.size;
  return focus === g.focus ? g : { ...g, focus };
}

/** The cells an instrument chosen for the grid (its group's choice, `/`, `chart INFY`) retargets: the focused one only. */
export function retargetedCells(g: ChartGrid): number[] {
  return [g.focus];
}

/**
 * The grid after an instrument is chosen for it: the focused cell takes it. `shown` is what the
 * grid showed before the choice, which a cell never given an instrument of its own (a grid opened
 * with nothing selected, or from an old save) was drawing: such a cell keeps it from now on, so a
 * choice in one cell never redraws another (README "Chart grid": the other cells keep theirs).
 */
export function chooseInGrid(g: ChartGrid, instrument: PaneInstrument, shown?: PaneInstrument): ChartGrid {
  const hit = new Set(retargetedCells(g));
  return {
    ...g,
    cells: g.cells.map((c, i) => {
      if (hit.has(i)) return { ...c, instrument };
      return !c.instrument && shown ? { ...c, instrument: shown } : c;
    }),
  };
}

/** An interval chosen in cell `at` (the focused one by default): every cell's while intervals are synced, else that cell's. */
export function setCellInterval(g: ChartGrid, interval: ChartInterval, at: number = g.focus): ChartGrid {
  return { ...g, cells: g.cells.map((c, i) => (g.sync.interval || i === at ? { ...c, interval } : c)) };
}

/** The grid with cell `at`'s indicators set; undefined puts it back on the user's template. Any other cell keeps its own. */
export function setCellIndicators(g: ChartGrid, at: number, indicators: readonly string[] | undefined): ChartGrid {
  if (at < 0 || at >= g.size) return g;
  return {
    ...g,
    cells: g.cells.map((c, i) => {
      if (i !== at) return c;
      const { indicators: _, ...rest } = c;
      return indicators ? { ...rest, indicators: [...indicators] } : rest;
    }),
  };
}

/** A cell's interval: its own, else one minute (as a chart pane's). */
export function cellInterval(c: GridCell | undefined): ChartInterval {
  return c?.interval ?? "1m";
}

/**
 * Switches one sync. Turning interval sync on makes every cell take the focused cell's interval
 * at once (the grid is then in sync, not only from the next change); turning any sync off
 * changes no cell.
 */
export function toggleSync(g: ChartGrid, kind: SyncKind): ChartGrid {
  const on = !g.sync[kind];
  const next = { ...g, sync: { ...g.sync, [kind]: on } };
  if (kind === "interval" && on) {
    const iv = cellInterval(g.cells[g.focus]);
    return { ...next, cells: next.cells.map((c) => ({ ...c, interval: iv })) };
  }
  return next;
}

/** The cells a crosshair move or a scroll in cell `from` reaches: the others, while that sync is on. */
export function syncTargets(g: { size: number; sync: GridSync }, from: number, kind: "crosshair" | "range"): number[] {
  return g.sync[kind] ? Array.from({ length: g.size }, (_, i) => i).filter((i) => i !== from) : [];
}

/**
 * The bar of another cell a synced crosshair lands on: the last one at or before `time` (a 5-minute
 * cell shows 10:03 on its 10:00 bar); -1 when `time` is before its first bar. `times` ascend.
 */
export function barAtOrBefore(times: readonly number[], time: number): number {
  let lo = 0;
  let hi = times.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (times[mid]! <= time) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

/** How the pane title names the syncs that are on: "interval · crosshair", or "" for none. */
export function syncLabel(s: GridSync): string {
  return SYNC_KINDS.filter((k) => s[k]).join(" · ");
}

/** A saved grid is trusted piece by piece: a bad size is no grid; bad cells start empty; a bad focus is the first cell. */
export function readChartGrid(x: unknown): ChartGrid | undefined {
  if (!x || typeof x !== "object") return undefined;
  const o = x as Record<string, unknown>;
  if (!isGridSize(o.size)) return undefined;
  const size = o.size;
  const saved = Array.isArray(o.cells) ? (o.cells as unknown[]) : [];
  const cells = Array.from({ length: size }, (_, i) => readCell(saved[i]));
  const focus = typeof o.focus === "number" && Number.isInteger(o.focus) && o.focus >= 0 && o.focus < size ? o.focus : 0;
  const s = (o.sync ?? {}) as Record<string, unknown>;
  const sync = { interval: s.interval === true, crosshair: s.crosshair === true, range: s.range === true };
  return { size, cells, focus, sync };
}

function readCell(x: unknown): GridCell {
  if (!x || typeof x !== "object") return {};
  const c = x as Record<string, unknown>;
  const i = c.instrument as Partial<PaneInstrument> | undefined;
  const out: GridCell = {};
  if (i && typeof i.exchange === "string" && typeof i.token === "number" && typeof i.tradingSymbol === "string") out.instrument = { exchange: i.exchange, token: i.token, tradingSymbol: i.tradingSymbol };
  if (isChartInterval(c.interval)) out.interval = c.interval;
  // Each one is read again by readSpecs when drawn; only the shape is checked here.
  if (Array.isArray(c.indicators) && c.indicators.every((x) => typeof x === "string")) out.indicators = [...(c.indicators as string[])];
  return out;
}

/** Interval keys 1 to 5, as a chart pane's. */
export const GRID_INTERVALS: readonly ChartInterval[] = CHART_INTERVALS;
