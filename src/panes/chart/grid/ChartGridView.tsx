import { useEffect, useMemo, useRef, useState } from "react";
import { cellInterval, gridShape, newGrid, syncLabel, type GridCell } from "../../../core/workspace/chartGrid";
import { cellId, gridOf } from "../../../core/workspace/gridLinks";
import type { PaneInstrument, PaneState } from "../../../core/workspace/tree";
import { isExchange } from "../../../core/types/exchange";
import { select } from "../../../commands/selection";
import { focusGridCell } from "../../../data/stores/chartGrid";
import { PaneContext, usePane, type PaneInfo } from "../../layout/pane";
import { useShownInstrument } from "../../layout/link";
import type { ViewProps } from "../../views/types";
import { ChartView } from "../lazy";
import { chartHost, onChartHosts } from "./hosts";
import { wireGridSync } from "./gridSync";
import "./grid.css";

/**
 * The multi-chart grid pane (issue 32): 2, 4, 6 or 9 cells, each the chart pane's own view
 * (ChartView) drawn under a cell id with the cell's instrument and interval. The focused cell is
 * ringed; its instrument is the pane's selection, so b, s and d act on it. The grid's state (cells,
 * focus, syncs) is the pane's, saved with the layout: core/workspace/chartGrid.ts has its rules.
 */
export function ChartGridView(_props: ViewProps) {
  const pane = usePane();
  const grid = useMemo(() => gridOf(pane.state) ?? newGrid(4), [pane.state]);
  const { rows, cols } = gridShape(grid.size);
  // A cell never given an instrument (a grid from an old save) shows what the pane would.
  const fallback = useShownInstrument();
  const focusedCell = grid.cells[grid.focus];
  const chosen = focusedCell?.instrument ?? fallback;

  useEffect(() => {
    if (chosen && isExchange(chosen.exchange)) select({ kind: "instrument", exchange: chosen.exchange, token: chosen.token, symbol: chosen.tradingSymbol }, pane.id);
  }, [chosen, pane.id]);

  // The crosshair and range syncs, rewired whenever a cell's chart is made or goes.
  const ids = useMemo(() => grid.cells.map((_, i) => cellId(pane.id, i)), [grid.cells, pane.id]);
  const { crosshair, range, interval } = grid.sync;
  const [made, setMade] = useState(0);
  useEffect(() => onChartHosts(() => setMade((n) => n + 1)), []);
  const mouse = useRef<{ driver: number | null }>({ driver: null });
  useEffect(() => wireGridSync(ids.map(chartHost), { crosshair, range, interval }, mouse.current), [ids, crosshair, range, interval, made]);

  return (
    <div className="chart-grid" data-testid="chart-grid" data-size={grid.size} style={{ gridTemplateColumns: `repeat(${cols}, minmax(0, 1fr))`, gridTemplateRows: `repeat(${rows}, minmax(0, 1fr))` }}>
      {grid.cells.map((cell, i) => (
        <Cell key={i} paneId={pane.id} index={i} cell={cell} focused={i === grid.focus} pane={pane} fallback={fallback} />
      ))}
    </div>
  );
}

function Cell({ paneId, index, cell, focused, pane, fallback }: { paneId: string; index: number; cell: GridCell; focused: boolean; pane: PaneInfo; fallback: PaneInstrument | undefined }) {
  const instrument = cell.instrument ?? fallback;
  const interval = cellInterval(cell);
  // Each cell's own (chart add on a focused grid puts them on its focused cell: core/workspace/indicatorTarget.ts), else the template.
  const indicators = cell.indicators;
  // The cell is a chart pane of its own to ChartView: its own instrument, no colour group (the grid's group reaches it through the grid).
  const info = useMemo<PaneInfo>(() => {
    const state: PaneState = { interval, link: "none", ...(instrument ? { instrument } : {}), ...(indicators ? { indicators } : {}) };
    return { id: cellId(paneId, index), view: "chart", focused: pane.focused && focused, shown: pane.shown, state };
  }, [paneId, index, instrument, interval, indicators, pane.focused, pane.shown, focused]);
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- a click in a cell focuses it; the keyboard moves between cells by the grid's commands (arrows, ] and [)
    <section className={`chart-grid-cell${focused ? " on" : ""}`} aria-label={`Chart ${index + 1}${focused ? " (focused)" : ""}: ${instrument?.tradingSymbol ?? "NIFTY"}`} data-testid="chart-grid-cell" data-cell={index} data-focused={focused} onMouseDown={() => focusGridCell(paneId, index)}>
      <PaneContext.Provider value={info}>
        <ChartView page="chart" />
      </PaneContext.Provider>
    </section>
  );
}

/** The pane title's read-out of the grid's syncs: "sync: interval · range", or nothing when none is on. */
export function GridSyncMark({ state }: { state: PaneState | undefined }) {
  const grid = gridOf(state);
  if (!grid) return null;
  const on = syncLabel(grid.sync);
  return (
    <span className="pane-grid-sync muted" data-testid="grid-sync" data-sync={on}>
      {grid.size} charts{on ? ` · sync: ${on}` : ""} · cell {grid.focus + 1}
    </span>
  );
}
