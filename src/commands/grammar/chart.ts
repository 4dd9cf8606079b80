import { parseChartInterval, type ChartInterval } from "../../core/charts/intervals";
import { isExchange, type Exchange } from "../../core/types/exchange";
import { inferExchange } from "./order";

/**
 * The chart command line: `chart INFY`, `chart INFY 5m`, `chart NSEFO:NIFTY25JANFUT 15m`. The
 * symbol is a trading symbol or an underlying's; its exchange is the one written before a colon,
 * else the one the order grammar infers from the name. The interval is 1m, 5m, 15m, 60m (1h) or
 * 1d; one minute when left out.
 */
export interface ChartLine {
  exchange: Exchange;
  symbol: string;
  interval: ChartInterval;
  /** The exchange was written before a colon: a bare contract symbol is looked for on every contract exchange (core/search/typedSymbol.ts looksAcross). */
  exchangeTyped: boolean;
}

export type ChartLineParse = { ok: true; line: ChartLine } | { ok: false; word: string; message: string };

export function isChartCommand(input: string): boolean {
  return /^chart(\s|$)/i.test(input.trim());
}

export function parseChartCommand(input: string): ChartLineParse {
  const words = input.trim().split(/\s+/).slice(1);
  const [named, intervalWord, ...rest] = words;
  if (!named) return { ok: false, word: "chart", message: "Name an instrument: chart INFY 5m" };
  if (rest.length > 0) return { ok: false, word: rest[0]!, message: "Too many words: chart SYMBOL INTERVAL" };
  let exchange: Exchange | undefined;
  let symbol = named.toUpperCase();
  const colon = symbol.indexOf(":");
  if (colon >= 0) {
    const ex = symbol.slice(0, colon);
    if (!isExchange(ex)) return { ok: false, word: named, message: `Unknown exchange ${ex}` };
    exchange = ex;
    symbol = symbol.slice(colon + 1);
  }
  if (!symbol) return { ok: false, word: named, message: "Name an instrument: chart INFY 5m" };
  const interval = intervalWord === undefined ? "1m" : parseChartInterval(intervalWord);
  if (!interval) return { ok: false, word: intervalWord!, message: "Interval must be 1m, 5m, 15m, 60m or 1d" };
  return { ok: true, line: { exchange: exchange ?? inferExchange(symbol), symbol, interval, exchangeTyped: exchange !== undefined } };
}

/** Whether the line names its interval ("chart TCS 15m"): one left out keeps a grid cell's (defs/chart.ts). */
export function chartLineNamesInterval(input: string): boolean {
  return input.trim().split(/\s+/).length > 2;
}

export function describeChartLine(l: ChartLine): string {
  return `Open chart: ${l.symbol} on ${l.exchange}, ${l.interval}`;
}
