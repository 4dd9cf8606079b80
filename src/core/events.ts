/**
 * Refresh signals between areas that must not import each other: the order-update pipeline
 * (src/feed) says "positions changed", the positions pane (src/panes) listens. No payloads:
 * a listener re-fetches what it shows.
 */
export type RefreshSignal = "orders.refresh" | "positions.refresh" | "holdings.refresh" | "limits.refresh" | "gtt.refresh" | "alerts.refresh" | "risk.refresh" | "baskets.refresh";

const listeners = new Map<RefreshSignal, Set<() => void>>();

export function onSignal(signal: RefreshSignal, fn: () => void): () => void {
  let set = listeners.get(signal);
  if (!set) listeners.set(signal, (set = new Set()));
  set.add(fn);
  return () => set.delete(fn);
}

export function emitSignal(signal: RefreshSignal): void {
  for (const fn of [...(listeners.get(signal) ?? [])]) fn();
}
