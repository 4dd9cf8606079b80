import { lazy, type ComponentType, type LazyExoticComponent } from "react";
import { loadChunk } from "../../data/chunkLoad";

/**
 * React.lazy with the reload-once of data/chunkLoad.ts: every file of the app loaded on demand
 * goes through it, so a deploy while the app is open reloads the page instead of blanking it.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React.lazy's own bound: any props
export function lazyChunk<T extends ComponentType<any>>(load: () => Promise<{ default: T }>): LazyExoticComponent<T> {
  return lazy(() => loadChunk(load));
}
