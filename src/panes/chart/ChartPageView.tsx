import { useSelector } from "@legendapp/state/react";
import { useEffect, useRef, useState } from "react";
import { sendLineMove } from "../../commands/orderLineMove";
import { answerChartPage } from "./orderLines/pageBridge";
import { chartPageUrl } from "../../commands/chartPage";
import { isExchange } from "../../core/types/exchange";
import { session$ } from "../../data/stores/session";
import { theme$ } from "../../data/stores/settings";
import { usePane } from "../layout/pane";
import { specText } from "../../core/charts/indicators/spec";
import { usePaneIndicators } from "./indicators/usePaneIndicators";
import { EmptyState } from "../views/EmptyState";
import type { ViewProps } from "../views/types";

/**
 * The charts host's full chart page (/charts/tradingview) embedded in a pane, as a vendor page
 * would be: the page is served by the charts host behind its own cookie, framed only by this
 * origin (its frame-ancestors 'self'). Opened by the "Chart page" command beside a chart.
 * The page draws the user's order lines but holds no session: a line moved on it is modified by
 * this pane, on the app's session (orderLines/pageBridge.ts), as a chart pane's Enter would.
 */
export function ChartPageView(_props: ViewProps) {
  const pane = usePane();
  const clientCode = useSelector(() => session$.clientCode.get());
  // The page takes its theme in the address: a theme switch opens it again (with a new ticket).
  const theme = useSelector(() => theme$.get());
  const i = pane.state.instrument;
  const [page, setPage] = useState<{ key: string; url?: string; error?: string }>();
  // The page draws the indicators of the chart it was opened from (chart.page passes them), else the
  // user's template (issue 34: the full chart page is the full chart).
  const indicators = usePaneIndicators(pane.state.indicators).map(specText).join(",");
  const key = i ? `${i.exchange}:${i.token}:${theme}:${indicators}` : "";
  const frame = useRef<HTMLIFrameElement>(null);
  useEffect(() => answerChartPage(window, () => frame.current?.contentWindow, sendLineMove), []);
  // Opened in the focused pane, the page takes the keys (its chart's and its order lines'): they reach its own window only.
  useEffect(() => {
    if (!i || !isExchange(i.exchange) || !clientCode) return;
    let live = true;
    void chartPageUrl(i.exchange, i.token, clientCode)
      .then((r) => live && setPage("url" in r ? { key, url: indicators ? `${r.url}&indicators=${encodeURIComponent(indicators)}` : r.url } : { key, error: r.error }))
      .catch(() => live && setPage({ key, error: "The charts host does not answer" }));
    return () => {
      live = false;
    };
  }, [key, clientCode]); // eslint-disable-line react-hooks/exhaustive-deps
  if (!i) return <EmptyState title="No instrument chosen">Open a chart (c on a row), then the palette's “Full chart page”.</EmptyState>;
  if (!page || page.key !== key) return <EmptyState title={`Opening the chart page of ${i.tradingSymbol}…`} />;
  if (page.error) return <EmptyState title="The chart page could not be opened">{page.error}</EmptyState>;
  // Loaded in the focused pane, the page takes the keys, unless something of the app's already holds them: a frame
  // that loads late (or again) must not pull the keyboard out of the palette or a dialog opened meanwhile.
  const takeKeys = () => {
    const holder = document.activeElement;
    if (pane.focused && (holder === null || holder === document.body || holder === frame.current)) frame.current?.focus();
  };
  return <iframe ref={frame} onLoad={takeKeys} className="chart-page-frame" data-testid="chart-page-frame" title={`Chart page: ${i.tradingSymbol}`} src={page.url} />;
}
