import { StrictMode, useCallback, useEffect, useState } from "react";
import { createRoot } from "react-dom/client";
import { readChartParams } from "../core/charts/chartUrl";
import { CHART_INTERVALS, INTERVAL_LABEL, type ChartInterval } from "../core/charts/intervals";
import type { BarReadout } from "../core/charts/readout";
import { readSpecs } from "../core/charts/indicators/spec";
import { priceDecimals } from "../core/format";
import type { Bar } from "../core/types/bar";
import type { Envelope } from "../core/types/envelope";
import { isStandardSuccess } from "../core/http/success";
import LiveChart from "../panes/chart/LiveChart";
import { ChartReadout } from "../panes/chart/ChartReadout";
import { bindChartPageKeys } from "../panes/chart/chartPageKeys";
import "./styles.css";
import "../panes/chart/chart.css";

/**
 * The charts host's page (/charts/lightweight, /charts/tradingview: access-and-surroundings
 * section 7), what a vendor or an embedding opens. The broker served it only after the ticket or
 * the chart cookie; its data comes from GET /charts/page/bars on that cookie. It holds no access
 * token, so it has no feed connection: it asks for the bars again every few seconds, and its last
 * candle is the broker's own, the same the feed shows.
 */
const REFRESH_MS = 3000;

// Read once: the page's address does not change while it is open.
const query = new URLSearchParams(window.location.search);
const read = readChartParams((n) => query.get(n));
const params = read.ok ? read.params : undefined;
// The full page's indicators (issue 34), as the app's chart page pane passes them: "ema 20,rsi 14".
const indicators = readSpecs((query.get("indicators") ?? "").split(","));

function ChartPage() {
  const [interval, setInterval] = useState<ChartInterval>("1m");
  const [bars, setBars] = useState<Bar[] | undefined>(undefined);
  const [refused, setRefused] = useState("");
  const full = window.location.pathname.endsWith("/tradingview");

  useEffect(() => {
    if (params) document.documentElement.dataset.theme = params.theme;
  }, []);

  useEffect(() => {
    if (!params) return;
    let live = true;
    const load = async () => {
      const res = await fetch(`/charts/page/bars?exchange=${params.exchange}&token=${params.token}&interval=${interval}`, { credentials: "same-origin" });
      const e = (await res.json()) as Envelope<Bar>;
      if (!live) return;
      if (isStandardSuccess(res.status, e)) setBars(e.result);
      else setRefused(e.message);
    };
    setBars(undefined);
    void load().catch(() => live && setRefused("The charts host does not answer"));
    const timer = window.setInterval(() => void load().catch(() => {}), REFRESH_MS);
    return () => {
      live = false;
      window.clearInterval(timer);
    };
  }, [interval]);

  const noTicks = useCallback(() => () => {}, []);
  const [hovered, setHovered] = useState<BarReadout | undefined>(undefined);
  // The full page takes the app's chart keys (crosshair, pan, zoom, reset) from its own window.
  const onKeys = useCallback((control: Parameters<typeof bindChartPageKeys>[1]) => bindChartPageKeys(window, control), []);
  if (!params) return <div className="chart-note">This chart address is missing its instrument.</div>;
  if (refused) return <div className="chart-note">{refused}</div>;
  const decimals = priceDecimals(params.exchange);
  return (
    <div className="chart chart-page" data-testid="chart-page">
      <div className="chart-bar">
        <span className="sym">{params.symbol}</span>
        {full && (
          <span className="chart-intervals" role="group" aria-label="Interval">
            {CHART_INTERVALS.map((i) => (
              <button key={i} type="button" className={i === interval ? "on" : ""} title={INTERVAL_LABEL[i]} onClick={() => setInterval(i)}>
                {i}
              </button>
            ))}
          </span>
        )}
        {hovered && <ChartReadout readout={hovered} exchange={params.exchange} />}
      </div>
      <LiveChart exchange={params.exchange} interval={interval} bars={bars} tickSize={10 ** -decimals} decimals={decimals} theme={params.theme} priceLines={[]} onTick={noTicks} onHover={setHovered} onKeys={onKeys} compact={!full} indicators={indicators} />
    </div>
  );
}

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <ChartPage />
  </StrictMode>,
);
