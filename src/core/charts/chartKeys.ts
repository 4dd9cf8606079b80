import type { ChartKeyAction } from "./crosshair";

/**
 * The chart's keys (issue 34, reconciled with issue 29): one table, read by the app's command
 * registry (commands/defs/chart.ts, where they can be rebound) and by the charts host's own page
 * (/charts/tradingview, which has no registry and takes them as declared here). Keys are in the
 * keymap's spelling: `shift+equal` is the character `+` from any key that types it (keypad too).
 * Reset is `0`: the digits 1..5 already pick the interval, and Esc closes dialogs everywhere.
 */
export interface ChartKey {
  id: string;
  keys: readonly string[];
  title: string;
  action: ChartKeyAction;
}

export const CHART_KEYS = [
  { id: "chart.crosshair.previous", keys: ["arrowleft"], title: "Chart: crosshair to the previous bar", action: { kind: "move", by: -1 } },
  { id: "chart.crosshair.next", keys: ["arrowright"], title: "Chart: crosshair to the next bar", action: { kind: "move", by: 1 } },
  { id: "chart.crosshair.first", keys: ["home"], title: "Chart: crosshair to the first bar", action: { kind: "first" } },
  { id: "chart.crosshair.last", keys: ["end"], title: "Chart: crosshair to the last bar", action: { kind: "last" } },
  { id: "chart.pan.earlier", keys: ["shift+arrowleft"], title: "Chart: pan to earlier bars", action: { kind: "pan", by: -1 } },
  { id: "chart.pan.later", keys: ["shift+arrowright"], title: "Chart: pan to later bars", action: { kind: "pan", by: 1 } },
  { id: "chart.zoom.in", keys: ["shift+equal"], title: "Chart: zoom in (fewer bars)", action: { kind: "zoom", by: "in" } },
  { id: "chart.zoom.out", keys: ["minus"], title: "Chart: zoom out (more bars)", action: { kind: "zoom", by: "out" } },
  { id: "chart.view.reset", keys: ["0"], title: "Chart: reset the view (crosshair off)", action: { kind: "reset" } },
] as const satisfies readonly ChartKey[];
