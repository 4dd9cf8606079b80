import { isChartInterval, type ChartInterval } from "./intervals";
import { isExchange, type Exchange } from "../types/exchange";

/** What a pop-out chart window shows, carried in its address: /popoutchart?exchange=&token=&symbol=&interval=&indicators=. */
export interface PopoutChart {
  exchange: Exchange;
  token: number;
  symbol: string;
  interval: ChartInterval;
  /**
   * The pane's own indicators as typed ("sma 20"), so the window draws what the pane drew
   * (FINDINGS-25 s3); none: the user's template, as a pane never given any. An empty list is the
   * pane's own choice of none, kept apart from "none given".
   */
  indicators?: readonly string[];
}

export function popoutChartPath(c: PopoutChart): string {
  const indicators = c.indicators === undefined ? "" : `&indicators=${encodeURIComponent(c.indicators.join(","))}`;
  return `/popoutchart?exchange=${c.exchange}&token=${c.token}&symbol=${encodeURIComponent(c.symbol)}&interval=${c.interval}${indicators}`;
}

/** The chart of a pop-out window's query (read through `get`), or undefined when it names none. */
export function readPopoutChart(get: (name: string) => string | null): PopoutChart | undefined {
  const exchange = get("exchange");
  const token = Number(get("token"));
  const interval = get("interval") ?? "1m";
  if (!isExchange(exchange) || !Number.isInteger(token) || token <= 0) return undefined;
  const indicators = get("indicators");
  const chart: PopoutChart = { exchange, token, symbol: get("symbol") || String(token), interval: isChartInterval(interval) ? interval : "1m" };
  return indicators === null ? chart : { ...chart, indicators: indicators.split(",").filter((t) => t.trim() !== "") };
}
