import { CHART_INTERVALS, INTERVAL_LABEL } from "../../core/charts/intervals";
import { GRID_SIZES, isGridSize, SYNC_KINDS, type CellMove, type GridSize, type SyncKind } from "../../core/workspace/chartGrid";
import { GRID_VIEW } from "../../core/workspace/gridLinks";
import { notify } from "../../core/notify";
import { focusedGrid, moveGridFocus, openGrid, setGridInterval, toggleGridSync } from "../../data/stores/chartGrid";
import type { CommandLineParser } from "../lineParsers";
import { command, type CommandContext } from "../types";
import { all, focusedOn, signedIn } from "../when";
import { signedOut, whereTo } from "../whyNot";
import { instrumentOfSelection } from "./chart";

/**
 * The multi-chart grid (issue 32): `chart grid 4` or "Chart grid: 4" opens one (or resizes the
 * focused one); in the grid the arrows move the focused cell, 1 to 5 set its interval (every
 * cell's while intervals are synced), and i, x and r switch the interval, crosshair and range
 * syncs. `/` and `chart INFY` put an instrument in the focused cell (defs/chart.ts, market.ts:
 * the store's choose sends it there, core/workspace/gridLinks.ts).
 */
const onGrid = all(signedIn, focusedOn(GRID_VIEW));

function gridWhyNot(ctx: CommandContext, title: string): string | undefined {
  const out = signedOut(ctx);
  if (out) return out;
  return ctx.focusedView === GRID_VIEW ? undefined : `${title} works in a chart grid: ${whereTo(ctx, [GRID_VIEW])}`;
}

const MOVES: readonly { move: CellMove; key: string; title: string }[] = [
  { move: "left", key: "arrowleft", title: "Chart grid: focus the cell to the left" },
  { move: "right", key: "arrowright", title: "Chart grid: focus the cell to the right" },
  { move: "up", key: "arrowup", title: "Chart grid: focus the cell above" },
  { move: "down", key: "arrowdown", title: "Chart grid: focus the cell below" },
  // The grid has no tabs: ] and [ walk its cells in reading order, wrapping.
  { move: "next", key: "bracketright", title: "Chart grid: focus the next cell" },
  { move: "previous", key: "bracketleft", title: "Chart grid: focus the previous cell" },
];

const SYNC_KEYS: Record<SyncKind, string> = { interval: "i", crosshair: "x", range: "r" };
const SYNC_WORDS: Record<SyncKind, string> = { interval: "interval", crosshair: "crosshair time", range: "visible range" };

export const chartGridCommands = [
  ...GRID_SIZES.map((size) =>
    command({
      id: `chart.grid.${size}` as const,
      title: `Chart grid: ${size}`,
      group: "Chart",
      keywords: ["multi chart", "grid", "charts", "tile", `${size} charts`],
      when: signedIn,
      run: (ctx) => openGrid(size, instrumentOfSelection(ctx)),
    }),
  ),
  command({
    id: "chart.grid.line",
    title: "Chart grid from the command line",
    group: "Chart",
    hidden: true,
    when: signedIn,
    run: (ctx, a: { size: GridSize }) => openGrid(a.size, instrumentOfSelection(ctx)),
  }),
  ...MOVES.map((m) =>
    command({
      id: `chart.grid.focus.${m.move}` as const,
      keys: [m.key],
      scope: "chartGrid",
      title: m.title,
      group: "Chart",
      keywords: ["cell", "multi chart"],
      whyNot: (ctx) => gridWhyNot(ctx, "Moving between cells"),
      run: (ctx) => {
        if (ctx.focusedPaneId) moveGridFocus(ctx.focusedPaneId, m.move);
      },
    }),
  ),
  ...SYNC_KINDS.map((kind) =>
    command({
      id: `chart.grid.sync.${kind}` as const,
      keys: [SYNC_KEYS[kind]],
      scope: "chartGrid",
      title: `Chart grid: sync ${SYNC_WORDS[kind]} on / off`,
      group: "Chart",
      keywords: ["sync", "link", "multi chart", kind],
      whyNot: (ctx) => gridWhyNot(ctx, "Sync"),
      run: (ctx) => {
        if (!ctx.focusedPaneId) return;
        const g = toggleGridSync(ctx.focusedPaneId, kind);
        if (g) notify({ kind: "neutral", text: `Chart grid: ${SYNC_WORDS[kind]} ${g.sync[kind] ? "synced across its charts" : "each chart's own"}` });
      },
    }),
  ),
  ...CHART_INTERVALS.map((interval, n) =>
    command({
      id: `chart.grid.interval.${interval}` as const,
      keys: [String(n + 1)],
      scope: "chartGrid",
      title: `Chart grid interval: ${INTERVAL_LABEL[interval]}`,
      group: "Chart",
      keywords: ["timeframe", interval, "multi chart"],
      when: onGrid,
      run: () => {
        const g = focusedGrid();
        if (g) setGridInterval(g.id, interval);
      },
    }),
  ),
];

/** "chart grid 4" (or "chart grid: 4", as the palette's entry reads): a grid of 2, 4, 6 or 9 charts. */
export const chartGridLineParser: CommandLineParser = {
  id: "chartGrid",
  heading: "Chart",
  claims: (input) => /^chart\s+grid\b/i.test(input.trim()),
  parse: (input) => {
    const words = input.trim().replace(/:/g, " ").split(/\s+/).slice(2);
    const size = Number(words[0]);
    if (words.length === 0) return { ok: false, word: "grid", message: `How many charts? chart grid ${GRID_SIZES.join(", ")}` };
    if (!isGridSize(size)) return { ok: false, word: words[0]!, message: `A grid holds ${GRID_SIZES.join(", ")} charts` };
    if (words.length > 1) return { ok: false, word: words[1]!, message: "Too many words: chart grid 4" };
    return { ok: true, title: `Chart grid of ${size} charts`, commandId: "chart.grid.line", args: { size } };
  },
};
