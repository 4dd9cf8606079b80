import { CHART_INTERVALS, INTERVAL_LABEL, type ChartInterval } from "../../core/charts/intervals";
import { popoutChartPath } from "../../core/charts/popout";
import { notify } from "../../core/notify";
import { isExchange, type Exchange } from "../../core/types/exchange";
import type { PaneInstrument } from "../../core/workspace/tree";
import { fetchSecurityInfo, findInstrumentToken } from "../../data/api/orders";
import { setActiveScrip } from "../../data/stores/activeScrip";
import { findOrder } from "../../data/stores/orders";
import { workspace } from "../../data/stores/workspace";
import { parseChartInterval } from "../../core/charts/intervals";
import { describeChartLine, isChartCommand, parseChartCommand, type ChartLine } from "../grammar/chart";
import type { CommandLineParser } from "../lineParsers";
import type { Command, CommandContext } from "../types";

const signedIn = (ctx: CommandContext) => ctx.clientCode !== undefined;
const onChart = (ctx: CommandContext) => signedIn(ctx) && ctx.focusedView === "chart";

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

/** Opens (or re-points) the chart pane beside the focused pane, keeping the focus where it is. */
function openChart(instrument: PaneInstrument, interval?: ChartInterval): void {
  if (isExchange(instrument.exchange)) setActiveScrip({ exchange: instrument.exchange, token: instrument.token, tradingSymbol: instrument.tradingSymbol });
  workspace.showBeside("chart", interval ? { instrument, interval } : { instrument });
}

function focusedChart(): { instrument: PaneInstrument; interval: ChartInterval } | undefined {
  const p = workspace.focusedPane();
  const i = p?.view === "chart" ? p.state?.instrument : undefined;
  return i ? { instrument: i, interval: parseChartInterval(p?.state?.interval ?? "1m") ?? "1m" } : undefined;
}

function chartPageInstrument(ctx: CommandContext): PaneInstrument | undefined {
  const shown = workspace.shownPanes().find((p) => p.view === "chart" && p.state?.instrument);
  return focusedChart()?.instrument ?? shown?.state?.instrument ?? instrumentOfSelection(ctx);
}

export const chartCommands: Command[] = [
  {
    id: "chart.open",
    keys: ["c"],
    title: "Chart of selected instrument",
    group: "Chart",
    keywords: ["candles", "graph", "price chart"],
    when: (ctx) => signedIn(ctx) && instrumentOfSelection(ctx) !== undefined,
    run: (ctx) => {
      const i = instrumentOfSelection(ctx);
      if (i) openChart(i);
    },
  },
  ...CHART_INTERVALS.map<Command>((interval, n) => ({
    id: `chart.interval.${interval}`,
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
  {
    id: "chart.popout",
    keys: ["alt+p"],
    title: "Pop out chart",
    group: "Chart",
    keywords: ["window", "detach", "popout"],
    when: (ctx) => onChart(ctx) && focusedChart() !== undefined,
    run: () => {
      const c = focusedChart();
      if (!c || !isExchange(c.instrument.exchange)) return;
      const path = popoutChartPath({ exchange: c.instrument.exchange, token: c.instrument.token, symbol: c.instrument.tradingSymbol, interval: c.interval });
      const w = window.open(path, `chart-${c.instrument.exchange}-${c.instrument.token}`, "popup,width=960,height=600");
      if (!w) notify({ kind: "danger", text: "The browser blocked the chart window: allow pop-ups for this site" });
    },
  },
  {
    id: "chart.page",
    title: "Full chart page (the charts host\u2019s, embedded)",
    group: "Chart",
    keywords: ["tradingview", "charts host", "link"],
    // The focused chart's instrument, else the chart on screen, else the selected row's.
    when: (ctx) => signedIn(ctx) && chartPageInstrument(ctx) !== undefined,
    // Embedded beside, as a vendor's page would be: the page itself is the charts host's.
    run: (ctx) => {
      const i = chartPageInstrument(ctx);
      if (i) workspace.showBeside("chartpage", { instrument: i });
    },
  },
  {
    id: "chart.line",
    title: "Chart from the command line",
    group: "Chart",
    hidden: true,
    when: signedIn,
    run: async (_ctx, args) => {
      const line = (args as { line?: ChartLine } | undefined)?.line;
      if (!line) return;
      const token = await findInstrumentToken(line.exchange, line.symbol).catch(() => null);
      if (token === null) return;
      if (!token) {
        notify({ kind: "danger", text: `Unknown symbol ${line.symbol} on ${line.exchange}` });
        return;
      }
      const info = await fetchSecurityInfo({ exchange: line.exchange as Exchange, token });
      const tradingSymbol = info.result[0]?.tradingSymbol ?? line.symbol;
      openChart({ exchange: line.exchange, token: Number(token), tradingSymbol }, line.interval);
    },
  },
];

/** "chart INFY 5m" opens the chart beside the focused pane (grammar/chart.ts). */
export const chartLineParser: CommandLineParser = {
  id: "chart",
  heading: "Chart",
  claims: isChartCommand,
  parse: (input) => {
    const p = parseChartCommand(input);
    return p.ok ? { ok: true, title: describeChartLine(p.line), commandId: "chart.line", args: { line: p.line } } : p;
  },
};
