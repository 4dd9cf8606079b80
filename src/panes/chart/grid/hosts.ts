import type { ChartHost } from "../drawings/host";

/**
 * The chart widget drawn under each pane or grid-cell id, once it is made: what the chart grid's
 * crosshair and range sync reach (issue 32). Registered by the chart pane, gone with it.
 */
const hosts = new Map<string, ChartHost>();
const listeners = new Set<() => void>();

function told(): void {
  for (const fn of listeners) fn();
}

/** Shares `host` under `id`; answers the withdrawing (which leaves a newer one alone). */
export function shareChartHost(id: string, host: ChartHost): () => void {
  hosts.set(id, host);
  told();
  return () => {
    if (hosts.get(id) !== host) return;
    hosts.delete(id);
    told();
  };
}

export function chartHost(id: string): ChartHost | undefined {
  return hosts.get(id);
}

/** Calls `fn` whenever a chart is made or goes; answers the unsubscribing. */
export function onChartHosts(fn: () => void): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}
