import { INDICATORS, INDICATOR_KINDS } from "../../core/charts/indicators/catalogue";
import { describeIndicatorLine, isIndicatorLine, parseIndicatorLine, type IndicatorLine } from "../../core/charts/indicators/line";
import { addSpecs, INDICATOR_WORDS, MAX_INDICATORS, readSpecs, removeSpecs, specLabel, specText, specsOf, usage, type IndicatorSpec } from "../../core/charts/indicators/spec";
import { notify } from "../../core/notify";
import { indicatorTarget, targetName, targetWords, type IndicatorTarget } from "../../core/workspace/indicatorTarget";
import { setGridCellIndicators } from "../../data/stores/chartGrid";
import { chartTemplate$, loadChartTemplate, saveTemplate, templateSpecs } from "../../data/stores/chartTemplate";
import { layout$, workspace } from "../../data/stores/workspace";
import type { CommandLineParser } from "../lineParsers";
import { command, type CommandContext } from "../types";
import { signedOut } from "../whyNot";

/**
 * Chart indicators (issue 34): added and removed by the command line (`chart add rsi 14`,
 * `chart add ema 20 50`, `chart remove rsi`: core/charts/indicators/line.ts) or by the palette's
 * entries, one per indicator (titled "Indicator…", not "Chart…": a palette line starting with "chart" is
 * the chart command line). They belong to the chart pane, or to a chart grid's cell (kept with the
 * layout); a chart never given its own draws the user's template, which the broker keeps and these
 * commands save.
 */

/** The chart the indicator commands act on (core/workspace/indicatorTarget.ts: the one looked at), else why not. */
export function indicatorChart(ctx: CommandContext): IndicatorTarget | string {
  return signedOut(ctx) ?? indicatorTarget(ctx.panes, ctx.focusedPaneId, layout$.groups.peek());
}

const whyNot = (ctx: CommandContext) => {
  const c = indicatorChart(ctx);
  return typeof c === "string" ? c : undefined;
};

/** A chart's indicators: its own once given, else the template. */
export function chartIndicators(t: Pick<IndicatorTarget, "indicators">): IndicatorSpec[] {
  return t.indicators !== undefined ? readSpecs(t.indicators) : templateSpecs();
}

/** Sets the chart's own indicators; undefined puts it back on the template. A grid cell's go in the grid's state. */
function setChartIndicators(t: IndicatorTarget, specs: readonly IndicatorSpec[] | undefined): void {
  const saved = specs?.map(specText);
  if (t.kind === "cell") setGridCellIndicators(t.paneId, t.index, saved);
  else workspace.setPaneState(t.paneId, { indicators: saved });
}

/** A change made to a chart the trader is not looking at is said, naming it: else it would go unseen. */
function sayWhere(t: IndicatorTarget, what: string): void {
  if (!t.focused) notify({ kind: "neutral", text: `${what} ${targetName(t)}, the only chart on screen` });
}

/** Applies a parsed line to the chart; says what changed (or why nothing did) in a toast. */
async function applyLine(ctx: CommandContext, line: IndicatorLine): Promise<void> {
  const chart = indicatorChart(ctx);
  if (typeof chart === "string") return notify({ kind: "danger", text: chart });
  // A chart never given its own set starts from the template: it must be known before it is changed.
  if (chart.indicators === undefined) await loadChartTemplate();
  const current = chartIndicators(chart);
  const on = targetWords(chart);
  if (line.action === "add") {
    const r = addSpecs(current, line.specs);
    setChartIndicators(chart, r.next);
    if (r.full) notify({ kind: "danger", text: `A chart carries at most ${MAX_INDICATORS} indicators: chart remove one from ${on} first` });
    else if (r.added.length === 0) notify({ kind: "neutral", text: `Already on ${on}: ${line.specs.map(specLabel).join(", ")}` });
    else sayWhere(chart, `${r.added.map(specLabel).join(", ")} added to`);
    return;
  }
  const next = line.action === "remove-all" ? removeSpecs(current, "all") : line.kinds.reduce((acc, k) => removeSpecs(acc, k.kind, k.specs), current);
  if (next.length === current.length) return notify({ kind: "neutral", text: `Not on ${on}: ${line.action === "remove" ? line.kinds.map((k) => (k.specs ? k.specs.map(specLabel).join(", ") : INDICATORS[k.kind].short)).join(", ") : "any indicator"}` });
  setChartIndicators(chart, next);
  sayWhere(chart, `${current.filter((c) => !next.includes(c)).map(specLabel).join(", ")} removed from`);
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
      const chart = indicatorChart(ctx);
      if (typeof chart === "string") return;
      if (chart.indicators === undefined) await loadChartTemplate();
      const on = chartIndicators(chart);
      const where = targetWords(chart);
      notify({ kind: "neutral", text: `${on.length ? `On ${where}: ${on.map(specLabel).join(", ")}` : `No indicators on ${where}`}. Add with chart add rsi 14 or chart add ema 20 50 (${INDICATOR_WORDS}); remove with chart remove rsi` });
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
      const chart = indicatorChart(ctx);
      if (typeof chart === "string") return;
      if (chart.indicators === undefined) await loadChartTemplate();
      const specs = chartIndicators(chart);
      const from = chart.focused ? "" : ` (those of ${targetName(chart)})`;
      if (await saveTemplate(specs)) notify({ kind: "success", text: specs.length ? `New charts start with ${specs.map(specLabel).join(", ")}${from}` : `New charts start with no indicators${from}` });
    },
  }),
  command({
    id: "chart.indicators.template.apply",
    title: "Indicators: put my default set on this chart",
    group: "Chart",
    keywords: ["indicator", "template", "default", "reset"],
    whyNot,
    run: async (ctx) => {
      const chart = indicatorChart(ctx);
      if (typeof chart === "string") return;
      await loadChartTemplate();
      // Back to following the template (a later change of the template shows here too).
      setChartIndicators(chart, undefined);
      if (!chartTemplate$.loaded.peek()) notify({ kind: "danger", text: "The broker did not answer with your default indicators" });
      else sayWhere(chart, "Your default indicators put on");
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
