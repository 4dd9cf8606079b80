import { runCommand } from "../../commands/run";
import { useCallback, useEffect } from "react";
import type { ChartKeyAction } from "../../core/charts/crosshair";
import { registerChartControl } from "../../data/stores/chartControls";
import { isChartInterval, type ChartInterval } from "../../core/charts/intervals";
import { isExchange } from "../../core/types/exchange";
import { select } from "../../commands/selection";
import { usePane } from "../layout/pane";
import { useShownInstrument } from "../layout/link";
import type { ViewProps } from "../views/types";
import { InstrumentChart } from "./InstrumentChart";
import { DrawHint, DrawingList } from "./drawings/DrawingList";
import { attachDrawings, type DrawingChart } from "./drawings/layer";
import type { ChartHost } from "./drawings/host";
import { shareChartHost } from "./grid/hosts";
import { priceDecimals } from "../../core/format";
import { usePaneIndicators } from "./indicators/usePaneIndicators";
// Before any instrument is chosen: NIFTY (a grid's cells start on it too: data/stores/chartGrid.ts).
import { FIRST_CHART } from "../../core/charts/firstChart";

/** A chart pane's interval: its own, else one minute. */
export function paneInterval(interval: string | undefined): ChartInterval {
  return isChartInterval(interval) ? interval : "1m";
}


/**
 * The Chart pane: its colour group's instrument, or its own (set by `c`, `chart INFY 5m`, or
 * choosing one while it has focus), and interval, kept with the pane; a chart pane never given one
 * follows the default group, the active scrip (NIFTY 50 before one is chosen): core/workspace/links.ts.
 * Its instrument is the pane's selection, so `b`, `s`, `d` and `g` act on it like on a row.
 */
export function ChartView(_props: ViewProps) {
  const pane = usePane();
  const shown = useShownInstrument();
  const scrip = shown && isExchange(shown.exchange) ? { exchange: shown.exchange, token: shown.token, tradingSymbol: shown.tradingSymbol } : FIRST_CHART;
  const interval = paneInterval(pane.state.interval);
  const { exchange, token, tradingSymbol } = scrip;
  useEffect(() => {
    select({ kind: "instrument", exchange, token, symbol: tradingSymbol }, pane.id);
  }, [exchange, token, tradingSymbol, pane.id]);
  // The chart keys (crosshair, pan, zoom) act on this pane's chart while it has the focus.
  const onKeys = useCallback((control: (a: ChartKeyAction) => void) => registerChartControl(pane.id, control), [pane.id]);
  // The drawings (issue 34): drawn on this pane's chart, listed beside it.
  // The chart widget is shared under the pane's id too: a chart grid's cells sync their crosshair and range through it (grid/hosts.ts).
  const drawings = useCallback((host: ChartHost, chart: Omit<DrawingChart, "paneId">) => {
    const unshare = shareChartHost(pane.id, host);
    const detach = attachDrawings(host, { ...chart, paneId: pane.id });
    return () => {
      detach();
      unshare();
    };
  }, [pane.id]);
  const indicators = usePaneIndicators(pane.state.indicators);
  return (
    <div className="chart-with-drawings">
      <div className="chart-main">
        <InstrumentChart
          exchange={scrip.exchange}
          token={scrip.token}
          symbol={scrip.tradingSymbol}
          interval={interval}
          onInterval={(i) => void runCommand("chart.interval.set", { paneId: pane.id, interval: i })}
          onKeys={onKeys}
          drawings={drawings}
          paneId={pane.id}
          indicators={indicators}
        />
        <DrawHint paneId={pane.id} />
      </div>
      <DrawingList paneId={pane.id} exchange={scrip.exchange} token={scrip.token} decimals={priceDecimals(scrip.exchange)} />
    </div>
  );
}
