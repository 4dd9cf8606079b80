import { useState, useSyncExternalStore } from "react";
import type { BarReadout } from "../../core/charts/readout";
import type { Exchange } from "../../core/types/exchange";
import { ChartReadout } from "./ChartReadout";

/**
 * The crosshair's read-out, kept out of the chart's React state: the crosshair moves on every
 * mouse move and every frame of a pan, and a state of the chart's component re-rendered it all
 * (the chart, its order lines' bar, the price lines' memo) each time. The chart tells this store;
 * only the read-out re-renders.
 */
export interface ReadoutStore {
  set: (r: BarReadout | undefined) => void;
  get: () => BarReadout | undefined;
  subscribe: (listener: () => void) => () => void;
}

function readoutStore(): ReadoutStore {
  let now: BarReadout | undefined;
  const listeners = new Set<() => void>();
  return {
    set: (r) => {
      if (r === now) return;
      now = r;
      for (const l of listeners) l();
    },
    get: () => now,
    subscribe: (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
  };
}

/** One store for the component's life. */
export function useReadoutStore(): ReadoutStore {
  return useState(readoutStore)[0];
}

export function HoverReadout({ store, exchange, stale }: { store: ReadoutStore; exchange: Exchange; stale: boolean }) {
  const readout = useSyncExternalStore(store.subscribe, store.get);
  return readout ? <ChartReadout readout={readout} exchange={exchange} stale={stale} /> : null;
}
