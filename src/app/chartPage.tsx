import { useSelector } from "@legendapp/state/react";
import { StrictMode, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
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
import type { ChartLine } from "../core/charts/orderLines/lines";
import type { ChartDrawing } from "../core/wire/chartDrawings";
import { chartDrawings$, chartKey } from "../data/stores/chartDrawings";
import { attachDrawings } from "../panes/chart/drawings/layer";
import type { ChartHost } from "../panes/chart/drawings/host";
import { useOrderLines } from "../panes/chart/orderLines/useOrderLines";
import { appWindowOf, askAppToModify, forwardUntakenKeys } from "../panes/chart/orderLines/pageBridge";
import "./styles.css";
import "../panes/chart/chart.css";

/**
 * The charts host's page (/charts/lightweight, /charts/tradingview: access-and-surroundings
 * section 7), what a vendor or an embedding opens. The broker served it only after the ticket or
 * the chart cookie; its data comes from GET /charts/page/bars on that cookie. It holds no access
 * token, so it has no feed connection: it asks for the bars again every few seconds, and its last
 * candle is the broker's own, the same the feed shows.
 *
 * The full page (/charts/tradingview) is the full chart (issue 34): the user's drawings and order
 * lines come from GET /charts/page/drawings and /charts/page/order-lines on the same cookie and are
 * drawn by the chart pane's own code (drawings/layer.ts, orderLines/useOrderLines.tsx). A line is
 * moved by the pane's keys; its modify is sent by the app's window that framed the page, on the
 * app's session (orderLines/pageBridge.ts): the page has none. Opened on its own, its lines are drawn, not movable.
 */
const REFRESH_MS = 3000;
/** The page's drawing layer has no chart pane: its draw mode and list are this name's, never used by a command. */
const PAGE_PANE = "chart-page";

async function readPage<T>(path: string): Promise<{ ok: true; rows: T[] } | { ok: false; message: string }> {
  const res = await fetch(path, { credentials: "same-origin" });
  const e = (await res.json()) as Envelope<T>;
  return isStandardSuccess(res.status, e) ? { ok: true, rows: e.result } : { ok: false, message: e.message };
}

// Read once: the page's address does not change while it is open.
const query = new URLSearchParams(window.location.search);
const read = readChartParams((n) => query.get(n));
const params = read.ok ? read.params : undefined;
// The full page's indicators (issue 34), as the app's chart page pane passes them: "ema 20,rsi 14".
const indicators = readSpecs((query.get("indicators") ?? "").split(","));

/** The order lines draw themselves (orderLines/): LiveChart's read-only price lines stay empty. */
const NO_PRICE_LINES: never[] = [];
// The app's window that framed or opened the page: a moved line's modify is asked of it (it holds the session).
const app = appWindowOf(window);
// Framed in a pane (or opened by the app), the page hands the keys it leaves alone to the app, from
// before its first render: the pane gives the frame the focus when it loads, and a key pressed
// before React's effects ran (Ctrl+K, say) was lost, neither the page's nor the app's.
if (app) forwardUntakenKeys(window, app);

function ChartPage() {
  const [interval, setInterval] = useState<ChartInterval>("1m");
  const [bars, setBars] = useState<Bar[] | undefined>(undefined);
  const [refused, setRefused] = useState("");
  const full = window.location.pathname.endsWith("/tradingview");
  const [lines, setLines] = useState<readonly ChartLine[]>([]);
  const [tickSize, setTickSize] = useState<number | undefined>(undefined);
  const decimals = params ? priceDecimals(params.exchange) : 2;

  // A layout effect, as the app's: the chart's own effects read the theme's colours from the page after it.
  useLayoutEffect(() => {
    if (params) document.documentElement.dataset.theme = params.theme;
  }, []);

  useEffect(() => {
    if (!params) return;
    let live = true;
    const load = async () => {
      const r = await readPage<Bar>(`/charts/page/bars?exchange=${params.exchange}&token=${params.token}&interval=${interval}`);
      if (!live) return;
      if (r.ok) setBars(r.rows);
      else setRefused(r.message);
    };
    setBars(undefined);
    void load().catch(() => live && setRefused("The charts host does not answer"));
    const timer = window.setInterval(() => void load().catch(() => {}), REFRESH_MS);
    return () => {
      live = false;
      window.clearInterval(timer);
    };
  }, [interval]);

  // The full page's drawings and order lines, read again with the bars (the page has no feed).
  const readLines = useRef<() => Promise<void>>(async () => {});
  useEffect(() => {
    if (!params || !full) return;
    let live = true;
    const q = `exchange=${params.exchange}&token=${params.token}`;
    const load = async () => {
      const [d, o] = await Promise.all([readPage<ChartDrawing>(`/charts/page/drawings?${q}`), readPage<{ tickSize: number; lines: ChartLine[] }>(`/charts/page/order-lines?${q}`)]);
      if (!live) return;
      if (d.ok) chartDrawings$.byChart[chartKey(params.exchange, params.token)]!.set(d.rows);
      const answer = o.ok ? o.rows[0] : undefined;
      if (answer) {
        setTickSize(answer.tickSize);
        setLines(answer.lines);
      }
    };
    readLines.current = load;
    void load().catch(() => {});
    const timer = window.setInterval(() => void load().catch(() => {}), REFRESH_MS);
    return () => {
      live = false;
      window.clearInterval(timer);
    };
  }, [full]);

  const step = tickSize ?? 10 ** -decimals;
  const mover = useMemo(
    () =>
      app && params
        ? {
            keys: window,
            send: async (move: { line: ChartLine; price: number }) => {
              await askAppToModify(window, app, { tradingSymbol: params.symbol, tickSize: step })(move);
              await readLines.current();
            },
          }
        : undefined,
    [step],
  );
  const orderLines = useOrderLines({ exchange: params?.exchange ?? "NSEEQ", token: params?.token ?? 0, tradingSymbol: params?.symbol ?? "", tickSize: step, lines, mover, drawingPaneId: PAGE_PANE });
  const drawings = useCallback(
    (host: ChartHost) =>
      params
        ? attachDrawings(host, { paneId: PAGE_PANE, exchange: params.exchange, token: params.token, symbol: params.symbol, tickSize: step, decimals, lastPrice: () => host.bars().at(-1)?.close })
        : () => {},
    [step, decimals],
  );

  // How many of the user's drawings the layer draws (the e2e reads it; the canvas says no more).
  const drawn = useSelector(() => (params ? (chartDrawings$.byChart[chartKey(params.exchange, params.token)]!.get() ?? []).length : 0));
  const noTicks = useCallback(() => () => {}, []);
  const [hovered, setHovered] = useState<BarReadout | undefined>(undefined);
  // The full page takes the app's chart keys (crosshair, pan, zoom, reset) from its own window.
  const onKeys = useCallback((control: Parameters<typeof bindChartPageKeys>[1]) => bindChartPageKeys(window, control), []);
  if (!params) return <div className="chart-note">This chart address is missing its instrument.</div>;
  if (refused) return <div className="chart-note">{refused}</div>;
  return (
    <div className="chart chart-page" data-testid="chart-page" data-drawings={drawn}>
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
      {full && tickSize === undefined ? (
        <div className="chart-note muted">Loading chart…</div>
      ) : (
        <LiveChart
          exchange={params.exchange}
          interval={interval}
          bars={bars}
          tickSize={step}
          decimals={decimals}
          theme={params.theme}
          priceLines={NO_PRICE_LINES}
          onTick={noTicks}
          onHover={setHovered}
          onKeys={onKeys}
          compact={!full}
          indicators={indicators}
          {...(full ? { drawings, onChart: orderLines.attach } : {})}
        />
      )}
      {full && orderLines.bar}
    </div>
  );
}

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <ChartPage />
  </StrictMode>,
);
