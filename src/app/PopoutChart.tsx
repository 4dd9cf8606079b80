import { useCallback, useEffect, useState } from "react";
import { readPopoutChart } from "../core/charts/popout";
import { CHART_INTERVALS, type ChartInterval } from "../core/charts/intervals";
import { select } from "../commands/selection";
import { stopFeed } from "../feed/session";
import { InstrumentChart } from "../panes/chart/lazy";
import { bindChartPageKeys } from "../panes/chart/chartPageKeys";
import { usePaneIndicators } from "../panes/chart/indicators/usePaneIndicators";
import { EmptyState } from "../panes/views/EmptyState";
import { useLiveFeed } from "./useLiveFeed";

/**
 * /popoutchart: one chart in its own window (Alt+P on a chart pane). The window shares the
 * app's session through local storage and the browser's one feed connection (feed/shared.ts:
 * the owning window subscribes this chart's topics for it); it leaves the group when the window goes. Keys 1 to 5 switch the
 * interval as in a pane; b and s open the order window on its instrument; the chart keys move the
 * crosshair, pan and zoom as in a chart pane. Its order lines move by the chart pane's keys (Tab,
 * ↑/↓, Enter, Esc), the modify sent on the session it shares.
 */
export function PopoutChart() {
  const [chart] = useState(() => {
    const q = new URLSearchParams(window.location.search);
    return readPopoutChart((n) => q.get(n));
  });
  const [interval, setChartInterval] = useState<ChartInterval>(chart?.interval ?? "1m");
  useLiveFeed();
  // The chart keys (crosshair, pan, zoom, reset: core/charts/chartKeys.ts), taken from this window as the full chart page takes them.
  const onKeys = useCallback((control: Parameters<typeof bindChartPageKeys>[1]) => bindChartPageKeys(window, control), []);
  // The indicators of the pane it was popped out of (its address carries them), else the user's template (issue 34).
  const indicators = usePaneIndicators(chart?.indicators);
  useEffect(() => {
    const close = () => stopFeed();
    window.addEventListener("pagehide", close);
    return () => window.removeEventListener("pagehide", close);
  }, []);
  useEffect(() => {
    if (!chart) return;
    document.title = `${chart.symbol} · Tape`;
    select({ kind: "instrument", exchange: chart.exchange, token: chart.token, symbol: chart.symbol });
  }, [chart]);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.altKey || e.ctrlKey || e.metaKey || (e.target as HTMLElement | null)?.closest("input, textarea, [role=dialog]")) return;
      const i = CHART_INTERVALS[Number(e.key) - 1];
      if (i) setChartInterval(i);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);
  return (
    <div className="workspace popout-chart" data-testid="popout-chart">
      {chart ? (
        <InstrumentChart exchange={chart.exchange} token={chart.token} symbol={chart.symbol} interval={interval} onInterval={setChartInterval} onKeys={onKeys} lineKeys={window} indicators={indicators} />
      ) : (
        <EmptyState title="No instrument in this chart window">Open a chart with c, then press Alt+P to pop it out.</EmptyState>
      )}
    </div>
  );
}
