import { CHART_INTERVALS, INTERVAL_LABEL, type ChartInterval } from "../../core/charts/intervals";
import { CHART_KEYS } from "../../core/charts/chartKeys";
import { chartControl } from "../../data/stores/chartControls";
import { popoutChartPath } from "../../core/charts/popout";
import { MIN_CHART } from "../../core/workspace/place";
import { notify } from "../../core/notify";
import { isExchange } from "../../core/types/exchange";
import type { PaneInstrument } from "../../core/workspace/tree";
import { fetchSecurityInfo, findTypedInstrument } from "../../data/api/orders";
import { setActiveScrip } from "../../data/stores/activeScrip";
import { findOrder } from "../../data/stores/orders";
import { layout$, workspace } from "../../data/stores/workspace";
import { setChartInterval, setGridInterval } from "../../data/stores/chartGrid";
import { GRID_VIEW } from "../../core/workspace/gridLinks";
import { openedFrom, shownInstrument } from "../../core/workspace/links";
import { layoutQuestion } from "../../core/workspace/paneWork";
import { openOverlay } from "../../data/stores/ui";
import { parseChartInterval } from "../../core/charts/intervals";
import { chartLineNamesInterval, describeChartLine, isChartCommand, parseChartCommand, type ChartLine } from "../grammar/chart";
import type { CommandLineParser } from "../lineParsers";
import { command, type CommandContext, type ShownPane } from "../types";
import { all, focusedOn, signedIn } from "../when";
import { selectionOf } from "../selection";
import { needsInstrument, signedOut, TRADABLE_VIEWS, whereTo } from "../whyNot";
import { keepLineInPalette } from "../paletteLine";
import { brokerUnreachable } from "../../data/stores/brokerReach";
import { isNoAnswer } from "../../data/api/http";
import { typedExchange } from "../instrumentWord";

const CHART_NEEDS_BROKER = "The broker is unreachable: a chart is drawn from its candles. The line is kept: press Enter once the broker answers.";
const onChart = all(signedIn, focusedOn("chart"));

/** The instrument any selected row names: a watchlist or search row, a position, a holding, an order. */
export function instrumentOfSelection(ctx: CommandContext): PaneInstrument | undefined {
  const s = ctx.selection;
  if (!s) return undefined;
  if (s.kind === "instrument" || s.kind === "position" || s.kind === "holding") return { exchange: s.exchange, token: Number(s.token), tradingSymbol: s.symbol };
  if (s.kind === "order") {
    const o = findOrder(s.orderNo);
    return o ? { exchange: o.exchange, token: Number(o.instrumentId), tradingSymbol: o.tradingSymbol } : undefined;
  }
  return undefined;
}

/** Opens (or re-points) the chart pane where it gets room (at least MIN_CHART: core/workspace/place.ts); it takes the focus, so 1 to 5 and Alt+P act on it next. */
function openChart(instrument: PaneInstrument, interval?: ChartInterval, keepsCellInterval = false): void {
  // Chosen in a pane: its colour group follows (core/workspace/links.ts); the store sets the active scrip when red takes it.
  const from = workspace.focusedPane();
  if (from) workspace.choose({ from: from.id, instrument, toDefault: true });
  else if (isExchange(instrument.exchange)) setActiveScrip({ exchange: instrument.exchange, token: instrument.token, tradingSymbol: instrument.tradingSymbol });
  // A chart grid focused: the choice went to its focused cell (core/workspace/gridLinks.ts); no chart opens beside it.
  // A line with no interval keeps the cell's (README "Chart grid"); one naming it sets it (every cell's while synced).
  if (from?.view === GRID_VIEW) {
    if (interval && !keepsCellInterval) setGridInterval(from.id, interval);
    return;
  }
  // Decision: a chart opened from a linked pane joins its group, so it follows that pane's cursor.
  workspace.showBeside("chart", openedFrom(from, interval ? { instrument, interval } : { instrument }), MIN_CHART);
}

interface ChartOnScreen {
  pane: ShownPane;
  instrument: PaneInstrument;
  interval: ChartInterval;
  /** The pane's own indicators; none: the user's template (usePaneIndicators). */
  indicators: string[] | undefined;
}

/**
 * A chart pane as it is on screen: the instrument it shows, its group's while it is linked (links.ts
 * shownInstrument; its own instrument is only what it shows unlinked), else the one it selected (a
 * chart never given one follows the active scrip, and selects it); its interval and indicators.
 * What is popped out or enlarged is what the trader sees (FINDINGS-25 s3: a linked chart showing
 * USDINR26DECFUT popped out its own RELIANCE-EQ).
 */
function chartOf(p: ShownPane): ChartOnScreen | undefined {
  const s = selectionOf(p.id);
  const instrument = shownInstrument({ groups: layout$.groups.peek() }, p) ?? (s?.kind === "instrument" ? { exchange: s.exchange, token: Number(s.token), tradingSymbol: s.symbol } : undefined);
  return instrument ? { pane: p, instrument, interval: parseChartInterval(p.state?.interval ?? "1m") ?? "1m", indicators: p.state?.indicators } : undefined;
}

/**
 * The chart Alt+P pops out: the focused one, else the only chart on screen (issue 28: with one
 * chart there is nothing to choose); else why not, naming the charts to focus.
 */
export function chartToPopOut(ctx: CommandContext): ChartOnScreen | string {
  const out = signedOut(ctx);
  if (out) return out;
  const charts = ctx.panes.filter((p) => p.view === "chart").map(chartOf).filter((c) => c !== undefined);
  const focused = charts.find((c) => c.pane.id === ctx.focusedPaneId);
  if (focused) return focused;
  if (charts.length === 1) return charts[0]!;
  if (charts.length === 0) return "Pop out needs a chart on screen: c on a row opens one, or type chart INFY in Ctrl+K";
  return `Pop out which chart? Focus ${charts.map((c) => `${c.instrument.tradingSymbol} (Alt+${c.pane.n})`).join(" or ")}`;
}

/** Why a chart key cannot act: no chart focused, or its candles not drawn yet. */
function chartKeyWhyNot(ctx: CommandContext, title: string): string | undefined {
  const out = signedOut(ctx);
  if (out) return out;
  if (ctx.focusedView !== "chart") return `${title} works in a chart: ${whereTo(ctx, ["chart"])}`;
  return chartControl(ctx.focusedPaneId) ? undefined : `${title}: the chart is still drawing its candles`;
}

/** The chart the full page enlarges: the focused chart as it is on screen, else the first chart shown, else the selected row's instrument (the template's indicators). */
function chartPageOf(ctx: CommandContext): { instrument: PaneInstrument; indicators?: string[] } | undefined {
  const focused = ctx.panes.find((p) => p.id === ctx.focusedPaneId && p.view === "chart");
  const chart = (focused && chartOf(focused)) ?? ctx.panes.filter((p) => p.view === "chart").map(chartOf).find((c) => c !== undefined);
  if (chart) return chart.indicators === undefined ? { instrument: chart.instrument } : { instrument: chart.instrument, indicators: chart.indicators };
  const i = instrumentOfSelection(ctx);
  return i ? { instrument: i } : undefined;
}

/** The chart of `i` in the focused pane (chart.open.here). */
function chartHere(i: PaneInstrument): void {
  // As `c` (openChart): chosen in a pane, its group follows, and red only when red takes it (a green
  // watchlist's choice moved the red panes too, through the active scrip); the chart keeps the pane's group.
  const from = workspace.focusedPane();
  if (from) workspace.choose({ from: from.id, instrument: i, toDefault: true });
  else if (isExchange(i.exchange)) setActiveScrip({ exchange: i.exchange, token: i.token, tradingSymbol: i.tradingSymbol });
  workspace.showHere("chart", openedFrom(from, { instrument: i }));
}

export const chartCommands = [
  command({
    id: "chart.open",
    keys: ["c"],
    title: "Chart of selected instrument",
    group: "Chart",
    keywords: ["candles", "graph", "price chart"],
    whyNot: (ctx) => signedOut(ctx) ?? (instrumentOfSelection(ctx) ? undefined : needsInstrument(ctx, "Chart", "an instrument, position, holding or order", [...TRADABLE_VIEWS, "orders"])),
    run: (ctx) => {
      const i = instrumentOfSelection(ctx);
      if (i) openChart(i);
    },
  }),
  command({
    // Issue 29, "or replace a pane by choice": the chart takes the focused pane's whole room; Single pane or Alt+M give it the screen.
    id: "chart.open.here",
    // Not "Chart …": a palette line starting with "chart" is the chart command line (grammar/chart.ts).
    title: "Replace this pane with a chart of the selected instrument",
    group: "Chart",
    keywords: ["candles", "graph", "replace", "here"],
    whyNot: (ctx) => signedOut(ctx) ?? (instrumentOfSelection(ctx) ? undefined : needsInstrument(ctx, "Chart here", "an instrument, position, holding or order", [...TRADABLE_VIEWS, "orders"])),
    run: (ctx) => {
      const i = instrumentOfSelection(ctx);
      if (!i) return;
      // The pane holding work (a strategy's legs, a chart grid's cells, a chart's own indicators): the layout presets' question first (core/workspace/paneWork.ts).
      const q = layoutQuestion(`Chart of ${i.tradingSymbol} here`, workspace.hereLoses("chart", openedFrom(workspace.focusedPane(), { instrument: i })));
      if (q) openOverlay({ kind: "confirm", ...q, commandId: "chart.open.here.confirmed", args: { instrument: i } });
      else chartHere(i);
    },
  }),
  command({
    // The question's Enter: the chart shown, the pane's work it replaces accepted.
    id: "chart.open.here.confirmed",
    title: "Replace this pane with a chart, its work accepted",
    group: "Chart",
    hidden: true,
    whyNot: signedOut,
    run: (_ctx, a: { instrument: PaneInstrument }) => chartHere(a.instrument),
  }),
  ...CHART_INTERVALS.map((interval, n) => command({
    id: `chart.interval.${interval}` as const,
    keys: [String(n + 1)],
    scope: "chart",
    title: `Chart interval: ${INTERVAL_LABEL[interval]}`,
    group: "Chart",
    keywords: ["timeframe", interval],
    when: onChart,
    run: (ctx) => {
      if (ctx.focusedPaneId) workspace.setPaneState(ctx.focusedPaneId, { interval });
    },
  })),
  // Crosshair and view by keyboard (issue 34): the focused chart's, in its scope only, so the
  // watchlist's + and the lists' Home/End do not reach into a chart (core/charts/chartKeys.ts).
  ...CHART_KEYS.map((k) =>
    command({
      id: k.id,
      keys: k.keys,
      scope: "chart",
      title: k.title,
      group: "Chart",
      keywords: ["crosshair", "ohlc", "zoom", "pan", "keyboard"],
      whyNot: (ctx) => chartKeyWhyNot(ctx, k.title),
      run: (ctx) => chartControl(ctx.focusedPaneId)?.(k.action),
    }),
  ),
  command({
    // A chart's interval buttons: that chart pane's interval, focused or not.
    id: "chart.interval.set",
    title: "Set a chart's interval",
    group: "Chart",
    hidden: true,
    when: signedIn,
    run: (_ctx, a: { paneId: string; interval: ChartInterval }) => setChartInterval(a.paneId, a.interval),
  }),
  command({
    id: "chart.popout",
    keys: ["alt+p"],
    title: "Pop out chart",
    group: "Chart",
    keywords: ["window", "detach", "popout"],
    whyNot: (ctx) => {
      const c = chartToPopOut(ctx);
      return typeof c === "string" ? c : undefined;
    },
    run: (ctx) => {
      const c = chartToPopOut(ctx);
      if (typeof c === "string" || !isExchange(c.instrument.exchange)) return;
      const path = popoutChartPath({ exchange: c.instrument.exchange, token: c.instrument.token, symbol: c.instrument.tradingSymbol, interval: c.interval, ...(c.indicators ? { indicators: c.indicators } : {}) });
      const w = window.open(path, `chart-${c.instrument.exchange}-${c.instrument.token}`, "popup,width=960,height=600");
      if (!w) notify({ kind: "danger", text: "The browser blocked the chart window: allow pop-ups for this site" });
    },
  }),
  command({
    id: "chart.page",
    title: "Full chart page (the charts host\u2019s, embedded)",
    group: "Chart",
    keywords: ["tradingview", "charts host", "link"],
    // The focused chart's instrument, else the chart on screen, else the selected row's.
    when: (ctx) => signedIn(ctx) && chartPageOf(ctx) !== undefined,
    // Embedded beside, as a vendor's page would be: the page itself is the charts host's.
    run: (ctx) => {
      const c = chartPageOf(ctx);
      if (c) workspace.showBeside("chartpage", c, MIN_CHART);
    },
  }),
  command({
    id: "chart.line",
    title: "Chart from the command line",
    group: "Chart",
    hidden: true,
    when: signedIn,
    run: async (_ctx, a: { line: ChartLine; typed: string; namesInterval?: boolean }) => {
      const line = a.line;
      // A chart is drawn from the broker's candles: while it is unreachable the line waits in the palette (issue 28).
      if (brokerUnreachable()) return keepLineInPalette(a?.typed ?? "", CHART_NEEDS_BROKER);
      // A bare contract symbol ("chart GOLD27FEBFUT") is found on whichever exchange lists it, as the order window finds it.
      const found = await findTypedInstrument(line, { noAnswerShownByCaller: true }).catch((err: unknown) => (isNoAnswer(err) ? null : ("failed" as const)));
      if (found === "failed") return;
      if (found === null) return keepLineInPalette(a?.typed ?? "", CHART_NEEDS_BROKER);
      if (!found) {
        notify({ kind: "danger", text: `Unknown symbol ${line.symbol} on ${line.exchange}` });
        return;
      }
      // Listed on several exchanges: the toast says which chart opened and how to name the other.
      if (found.note) notify({ kind: "neutral", text: `${line.symbol}: ${found.note}` });
      const info = await fetchSecurityInfo({ exchange: found.exchange, token: found.token });
      const tradingSymbol = info.result[0]?.tradingSymbol ?? line.symbol;
      openChart({ exchange: found.exchange, token: Number(found.token), tradingSymbol }, line.interval, a.namesInterval === false);
    },
  }),
];

/** "chart INFY 5m" opens the chart beside the focused pane (grammar/chart.ts). */
export const chartLineParser: CommandLineParser = {
  id: "chart",
  heading: "Chart",
  claims: isChartCommand,
  parse: (input) => {
    const p = parseChartCommand(input);
    if (!p.ok) return p;
    // A share typed bare means the default exchange, as in every place a symbol is typed (instrumentWord.ts typedExchange).
    const line = p.line.exchangeTyped ? p.line : { ...p.line, exchange: typedExchange(p.line.symbol) };
    return { ok: true, title: describeChartLine(line), commandId: "chart.line", args: { line, typed: input, namesInterval: chartLineNamesInterval(input) } };
  },
};
