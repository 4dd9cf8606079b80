import { observable } from "@legendapp/state";
import { notify } from "../../core/notify";
import { readSpecs, specText, type IndicatorSpec } from "../../core/charts/indicators/spec";
import { fetchChartTemplate, storeChartTemplate } from "../api/chartIndicators";
import { isOk } from "../api/http";
import { clientState } from "./sessionReset";

/**
 * The user's default chart indicators (issue 34), as the broker keeps them: a chart pane never
 * given its own set draws these, so every new chart starts from the template. Loaded the first
 * time a chart asks; cleared at sign-out like every user's own state.
 */
export const chartTemplate$ = observable<{ indicators: string[]; loaded: boolean }>({ indicators: [], loaded: false });
clientState({ name: "chartTemplate", holds: () => chartTemplate$.peek(), reset: () => chartTemplate$.set({ indicators: [], loaded: false }) });

let asking: Promise<void> | undefined;

/** Asks the broker once per session (again only after a failure). */
export function loadChartTemplate(): Promise<void> {
  if (chartTemplate$.loaded.peek()) return Promise.resolve();
  asking ??= fetchChartTemplate()
    .then((env) => {
      if (isOk(env)) chartTemplate$.set({ indicators: env.result?.[0]?.indicators ?? [], loaded: true });
    })
    .catch(() => {}) // told by the HTTP layer
    .finally(() => {
      asking = undefined;
    });
  return asking;
}

export function templateSpecs(): IndicatorSpec[] {
  return readSpecs(chartTemplate$.indicators.get());
}

/** Saves `specs` as the template; answers whether the broker kept them. */
export async function saveTemplate(specs: readonly IndicatorSpec[]): Promise<boolean> {
  try {
    const env = await storeChartTemplate(specs.map(specText));
    if (!isOk(env)) {
      notify({ kind: "danger", text: env.message });
      return false;
    }
    chartTemplate$.set({ indicators: env.result?.[0]?.indicators ?? [], loaded: true });
    return true;
  } catch {
    return false;
  }
}
