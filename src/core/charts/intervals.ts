/**
 * The chart intervals Tape offers (issue 15): 1, 5, 15 and 60 minutes and one day. The id is
 * what the charts host's `interval` parameter and the command line ("chart INFY 5m") carry.
 */
export const CHART_INTERVALS = ["1m", "5m", "15m", "60m", "1d"] as const;

export type ChartInterval = (typeof CHART_INTERVALS)[number];

/** Minutes per bar; a day bar is the whole IST trading day, whatever its session length. */
export const INTERVAL_MINUTES: Readonly<Record<ChartInterval, number>> = { "1m": 1, "5m": 5, "15m": 15, "60m": 60, "1d": 1440 };

export const INTERVAL_LABEL: Readonly<Record<ChartInterval, string>> = { "1m": "1 min", "5m": "5 min", "15m": "15 min", "60m": "1 hour", "1d": "1 day" };

export function isChartInterval(value: unknown): value is ChartInterval {
  return typeof value === "string" && (CHART_INTERVALS as readonly string[]).includes(value);
}

/** "5m", "5", "5min", "1h", "60", "1d", "d", "day": what a trader types; undefined for anything else. */
export function parseChartInterval(text: string): ChartInterval | undefined {
  const t = text.trim().toLowerCase().replace(/\s+/g, "");
  const m = /^(\d+)(m|min|mins|minute|minutes)?$/.exec(t);
  if (m) {
    const id = `${Number(m[1])}m`;
    return isChartInterval(id) ? id : undefined;
  }
  if (t === "1h" || t === "h" || t === "hour" || t === "60min") return "60m";
  if (t === "1d" || t === "d" || t === "day") return "1d";
  return undefined;
}
