import { INDICATORS, INDICATOR_KINDS } from "../../core/charts/indicators/catalogue";
import { describeIndicatorLine, isIndicatorLine, parseIndicatorLine, type IndicatorLine } from "../../core/charts/indicators/line";
import { addSpecs, INDICATOR_WORDS, MAX_INDICATORS, readSpecs, removeSpecs, specLabel, specText, specsOf, usage, type IndicatorSpec } from "../../core/charts/indicators/spec";
import { notify } from "../../core/notify";
import { chartTemplate$, loadChartTemplate, saveTemplate, templateSpecs } from "../../data/stores/chartTemplate";
import { workspace } from "../../data/stores/workspace";
import type { CommandLineParser } from "../lineParsers";
import { command, type CommandContext, type ShownPane } from "../types";
import { signedOut } from "../whyNot";

/**
 * Chart indicators (issue 34): added and removed by the command line (`chart add rsi 14`,
 * `chart add ema 20 50`, `chart remove rsi`: core/charts/indicators/line.ts) or by the palette's
 * entries, one per indicator (titled "Indicator…", not "Chart…": a palette line starting with "chart" is
 * the chart command line). They belong to the chart pane (kept with the layout); a chart pane
 * never given its own draws the user's template, which the broker keeps and these commands save.
 */

/** The chart the indicator commands act on: the focused one, else the only one on screen; else why not. */
export function indicatorChart(ctx: CommandContext): ShownPane | string {
  const out = signedOut(ctx);
  if (out) return out;
  const charts = ctx.panes.filter((p) => p.view === "chart");
  const focused = charts.find((p) => p.id === ctx.focusedPaneId);
  if (focused) return focused;
  if (charts.length === 1) return charts[0]!;
  if (charts.length === 0) return "Indicators go on a chart: c on a row opens one, or type chart INFY in Ctrl+K";
  return `Which chart? Focus ${charts.map((c) => `${c.state?.instrument?.tradingSymbol ?? "the chart"} (Alt+${c.n})`).join(" or ")}`;
}

const whyNot = (ctx: CommandContext) => {
  const c = indicatorChart(ctx);
  return typeof c === "string" ? c : undefined;
};

/** A chart pane's indicators: its own once given, else the template. */
export function paneIndicators(pane: Pick<ShownPane, "state">): IndicatorSpec[] {
  return pane.state?.indicators !== undefined ? readSpecs(pane.state.indicators) : templateSpecs();
}

function setPaneIndicators(paneId: string, specs: readonly IndicatorSpec[]): void {
  workspace.setPaneState(paneId, { indicators: specs.map(specText) });
}

/** Applies a parsed line to the chart; says what changed (or why nothing did) in a toast. */
async function applyLine(ctx: CommandContext, line: IndicatorLine): Promise<void> {
  const pane = indicatorChart(ctx);
  if (typeof pane === "string") return notify({ kind: "danger", text: pane });
  // A chart never given its own set starts from the template: it must be known before it is changed.
  if (pane.state?.indicators === undefined) await loadChartTemplate();
  const current = paneIndicators(pane);
  if (line.action === "add") {
    const r = addSpecs(current, line.specs);
    setPaneIndicators(pane.id, r.next);
    if (r.full) notify({ kind: "danger", text: `A chart carries at most ${MAX_INDICATORS} indicators: chart remove one first` });
    else if (r.added.length === 0) notify({ kind: "neutral", text: `Already on the chart: ${line.specs.map(specLabel).join(", ")}` });
    return;
  }
  const next = line.action === "remove-all" ? removeSpecs(current, "all") : line.kinds.reduce((acc, k) => removeSpecs(acc, k.kind, k.specs), current);
  if (next.length === current.length) return notify({ kind: "neutral", text: `Not on the chart: ${line.action === "remove" ? line.kinds.map((k) => (k.specs ? k.specs.map(specLabel).join(", ") : INDICATORS[k.kind].short)).join(", ") : "any indicator"}` });
  setPaneIndicators(pane.id, next);
}

export const chartIndicatorCommands = [
  command({
    id: "chart.indicators.line",
    title: "Chart indicators from the command line",
    group: "Chart",
    hidden: true,
    whyNot,
    run: (ctx, a: { line: IndicatorLine; typed: string }) => applyLine(ctx, a.line),
  }),
  // The palette's list of indicators: one entry each, adding it with its usual settings.
  ...INDICATOR_KINDS.map((kind) => {
    const def = INDICATORS[kind];
    const r = specsOf(kind, []);
    const spec = r.ok ? r.specs[0]! : { kind, params: [] };
    return command({
      id: `chart.indicators.add.${kind}` as const,
      title: `Indicator: add ${specLabel(spec)} (${def.name})`,
      group: "Chart",
      keywords: ["indicator", "study", "overlay", "oscillator", kind, def.short.toLowerCase(), usage(kind)],
      whyNot,
      run: (ctx) => applyLine(ctx, { action: "add", specs: [spec] }),
    });
  }),
  command({
    id: "chart.indicators.list",
    title: "Indicators: this chart's, and what chart add takes",
    group: "Chart",
    keywords: ["indicator", "study", "list", "legend", "template"],
    whyNot,
    run: async (ctx) => {
      const pane = indicatorChart(ctx);
      if (typeof pane === "string") return;
      if (pane.state?.indicators === undefined) await loadChartTemplate();
      const on = paneIndicators(pane);
      notify({ kind: "neutral", text: `${on.length ? `On this chart: ${on.map(specLabel).join(", ")}` : "No indicators on this chart"}. Add with chart add rsi 14 or chart add ema 20 50 (${INDICATOR_WORDS}); remove with chart remove rsi` });
    },
  }),
  command({
    id: "chart.indicators.clear",
    title: "Indicators: remove all from this chart",
    group: "Chart",
    keywords: ["indicator", "remove", "clear"],
    whyNot,
    run: (ctx) => applyLine(ctx, { action: "remove-all" }),
  }),
  command({
    id: "chart.indicators.template.save",
    title: "Indicators: save this chart's as my default for new charts",
    group: "Chart",
    keywords: ["indicator", "template", "default", "save"],
    whyNot,
    run: async (ctx) => {
      const pane = indicatorChart(ctx);
      if (typeof pane === "string") return;
      if (pane.state?.indicators === undefined) await loadChartTemplate();
      const specs = paneIndicators(pane);
      if (await saveTemplate(specs)) notify({ kind: "success", text: specs.length ? `New charts start with ${specs.map(specLabel).join(", ")}` : "New charts start with no indicators" });
    },
  }),
  command({
    id: "chart.indicators.template.apply",
    title: "Indicators: put my default set on this chart",
    group: "Chart",
    keywords: ["indicator", "template", "default", "reset"],
    whyNot,
    run: async (ctx) => {
      const pane = indicatorChart(ctx);
      if (typeof pane === "string") return;
      await loadChartTemplate();
      // Back to following the template (a later change of the template shows here too).
      workspace.setPaneState(pane.id, { indicators: undefined });
      if (!chartTemplate$.loaded.peek()) notify({ kind: "danger", text: "The broker did not answer with your default indicators" });
    },
  }),
];

/** `chart add rsi 14`, `chart remove ema 20` (core/charts/indicators/line.ts); before `chart INFY`, which would read "add" as a symbol. */
export const chartIndicatorLineParser: CommandLineParser = {
  id: "chartIndicators",
  heading: "Chart",
  claims: isIndicatorLine,
  parse: (input) => {
    const p = parseIndicatorLine(input);
    return p.ok ? { ok: true, title: describeIndicatorLine(p.line), commandId: "chart.indicators.line", args: { line: p.line, typed: input } } : p;
  },
};
