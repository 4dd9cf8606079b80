import { isChartInterval, type ChartInterval } from "./intervals";
import { isExchange, type Exchange } from "../types/exchange";

/** What a pop-out chart window shows, carried in its address: /popoutchart?exchange=&token=&symbol=&interval=. */
export interface PopoutChart {
  exchange: Exchange;
  token: number;
  symbol: string;
  interval: ChartInterval;
}

export function popoutChartPath(c: PopoutChart): string {
  return `/popoutchart?exchange=${c.exchange}&token=${c.token}&symbol=${encodeURIComponent(c.symbol)}&interval=${c.interval}`;
}

/** The chart of a pop-out window's query (read through `get`), or undefined when it names none. */
export function readPopoutChart(get: (name: string) => string | null): PopoutChart | undefined {
  const exchange = get("exchange");
  const token = Number(get("token"));
  const interval = get("interval") ?? "1m";
  if (!isExchange(exchange) || !Number.isInteger(token) || token <= 0) return undefined;
  return { exchange, token, symbol: get("symbol") || String(token), interval: isChartInterval(interval) ? interval : "1m" };
}
