/**
 * Which chart the indicator commands (`chart add rsi 14`, `chart remove …`, the list and the
 * template commands) act on: the chart the trader is looking at. Pure, no React.
 *
 * - The focused pane's chart: a chart pane, or a chart grid's focused cell (each cell keeps its
 *   own indicators: a grid of NIFTY, BANKNIFTY and two shares wants RSI on one, not on four).
 * - No chart focused (the watchlist is, say): the only chart pane on screen, as before grids; the
 *   command then names it in its toast, since the trader is not looking at it. An unfocused grid
 *   is never guessed at: which of its cells would be a second guess.
 * - Otherwise a reason that says where to go.
 */
import { GRID_VIEW, gridOf } from "./gridLinks";
import { shownInstrument, type GroupInstruments } from "./links";
import type { PaneState } from "./tree";

/** A pane on screen as the commands know it (commands/types.ts ShownPane). */
export interface TargetPane {
  id: string;
  view: string;
  /** Alt+N focuses it. */
  n: number;
  state?: PaneState;
}

interface Common {
  paneId: string;
  /** The pane's Alt+N number. */
  n: number;
  /** The symbol the chart shows (a linked pane's group's); undefined when it has none to name (a pane following the active scrip, a cell following its group). */
  symbol: string | undefined;
  /** Its own indicators; undefined: it draws the user's template. */
  indicators: string[] | undefined;
  /** Whether it is the chart the trader has focused; if not, the command says which it acted on. */
  focused: boolean;
}

export type IndicatorTarget = (Common & { kind: "pane" }) | (Common & { kind: "cell"; index: number });

const CHART_VIEW = "chart";

/**
 * The chart the indicator commands act on, or why there is none to act on. `groups`: the colour
 * groups' instruments, so a linked chart is named by the instrument it shows, not its own
 * (links.ts shownInstrument; FINDINGS-25 s3: what is on screen is what a message names).
 */
export function indicatorTarget(panes: readonly TargetPane[], focusedPaneId: string | undefined, groups?: GroupInstruments): IndicatorTarget | string {
  const shownSymbol = (p: TargetPane) => shownInstrument({ groups }, p)?.tradingSymbol;
  const paneTarget = (p: TargetPane, focused: boolean): IndicatorTarget => ({ kind: "pane", paneId: p.id, n: p.n, symbol: shownSymbol(p), indicators: p.state?.indicators, focused });
  const focused = panes.find((p) => p.id === focusedPaneId);
  if (focused?.view === CHART_VIEW) return paneTarget(focused, true);
  const grid = focused?.view === GRID_VIEW ? gridOf(focused.state) : undefined;
  if (focused && grid) {
    const cell = grid.cells[grid.focus];
    return { kind: "cell", paneId: focused.id, n: focused.n, index: grid.focus, symbol: cell?.instrument?.tradingSymbol ?? focused.state?.instrument?.tradingSymbol, indicators: cell?.indicators, focused: true };
  }
  const charts = panes.filter((p) => p.view === CHART_VIEW);
  if (charts.length === 1) return paneTarget(charts[0]!, false);
  const grids = panes.filter((p) => p.view === GRID_VIEW).map((g) => `the chart grid (Alt+${g.n})`);
  if (charts.length === 0 && grids.length === 0) return "Indicators go on a chart: c on a row opens one, or type chart INFY in Ctrl+K";
  if (charts.length === 0) return `Indicators go on the chart you look at: focus ${grids.join(" or ")} for its chosen cell, or c on a row opens a chart`;
  return `Which chart? Focus ${[...charts.map((c) => `${shownSymbol(c) ?? "the chart"} (Alt+${c.n})`), ...grids].join(" or ")}`;
}

/** How a toast names the chart: "the INFY-EQ chart (Alt+2)", "cell 2 of the chart grid (Alt+3)". */
export function targetName(t: IndicatorTarget): string {
  if (t.kind === "cell") return `cell ${t.index + 1} of the chart grid${t.symbol ? `, ${t.symbol},` : ""} (Alt+${t.n})`;
  return `the ${t.symbol ? `${t.symbol} ` : ""}chart (Alt+${t.n})`;
}

/** "this chart" for the focused one (the trader sees it change); the chart's name otherwise. */
export function targetWords(t: IndicatorTarget): string {
  return t.focused ? "this chart" : targetName(t);
}
