import { useSelector } from "@legendapp/state/react";
import { useEffect, useMemo } from "react";
import { readSpecs, type IndicatorSpec } from "../../../core/charts/indicators/spec";
import { chartTemplate$, loadChartTemplate } from "../../../data/stores/chartTemplate";

/**
 * A chart's indicators: its pane's own (`saved`, as kept with the layout) once it was given any,
 * else the user's template, asked of the broker the first time a chart needs it.
 */
export function usePaneIndicators(saved: readonly string[] | undefined): readonly IndicatorSpec[] {
  const template = useSelector(() => chartTemplate$.indicators.get());
  const own = saved !== undefined;
  useEffect(() => {
    if (!own) void loadChartTemplate();
  }, [own]);
  const text = (saved ?? template).join("|");
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the list's text is what changes
  return useMemo(() => readSpecs(saved ?? template), [text]);
}
