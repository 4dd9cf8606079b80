import type { OrderUpdate } from "../core/types/orderUpdate";

/**
 * The order-update pipeline's output, as a small typed bus: the pipeline (filter, hold, dedupe)
 * emits each update it decides to show; the refresh triggers of trading-core section 4 listen.
 * Listeners never throw into the pipeline.
 */
export type OrderUpdateListener = (update: OrderUpdate) => void;

const listeners = new Set<OrderUpdateListener>();

export function onOrderUpdateShown(fn: OrderUpdateListener): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

export function emitOrderUpdateShown(update: OrderUpdate): void {
  for (const fn of [...listeners]) {
    try {
      fn(update);
    } catch (err) {
      console.error("order-update listener failed", err);
    }
  }
}
