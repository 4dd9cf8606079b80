import type { ChartKeyAction } from "../../core/charts/crosshair";

/**
 * The chart drawn in each pane, as the keys reach it: a chart pane's widget registers how it takes
 * a key's action once it has drawn its bars, and unregisters when it goes. The chart commands
 * (commands/defs/chart.ts) act on the focused pane's.
 */
export type ChartControl = (action: ChartKeyAction) => void;

const controls = new Map<string, ChartControl>();

/** Registers `control` for `paneId`; answers the unregistering (which leaves a newer one alone). */
export function registerChartControl(paneId: string, control: ChartControl): () => void {
  controls.set(paneId, control);
  return () => {
    if (controls.get(paneId) === control) controls.delete(paneId);
  };
}

export function chartControl(paneId: string | undefined): ChartControl | undefined {
  return paneId === undefined ? undefined : controls.get(paneId);
}
