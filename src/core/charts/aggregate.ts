import type { Bar } from "../types/bar";
import { INDIA_UTC_OFFSET_MS } from "../time";
import { INTERVAL_MINUTES, type ChartInterval } from "./intervals";

/**
 * Candles from trades, pure (issue 15): the charts host builds its history and live session
 * with these, and the client's chart grows its last candle with the same rule, so the two never
 * disagree. Bar times are the bar's start, epoch ms.
 *
 * Alignment: an intraday bar starts at the session open plus a whole number of intervals, the
 * open given in IST minutes since midnight (09:15 for equity, MARKET_HOURS), so the first
 * 15-minute bar of NSE is 09:15-09:30 and the first hour 09:15-10:15, as Indian charts show
 * them. A day bar starts at IST midnight of its trading day. An interval with no trade has no
 * bar (a gap), never a flat made-up one.
 */

const DAY_MS = 86_400_000;

/** The start (epoch ms) of the bar of `interval` that holds the instant `time`. */
export function bucketStart(time: number, interval: ChartInterval, sessionOpenMinutes: number): number {
  const istMs = time + INDIA_UTC_OFFSET_MS;
  const midnight = Math.floor(istMs / DAY_MS) * DAY_MS;
  if (interval === "1d") return midnight - INDIA_UTC_OFFSET_MS;
  const size = INTERVAL_MINUTES[interval] * 60_000;
  const anchor = midnight + sessionOpenMinutes * 60_000;
  return anchor + Math.floor((istMs - anchor) / size) * size - INDIA_UTC_OFFSET_MS;
}

/** One trade (or one index value): when, at what price, and how much traded since the last one. */
export interface Trade {
  time: number;
  price: number;
  quantity: number;
}

/**
 * Adds one trade to the bars (in place, and answers them): into the last bar when it falls in
 * that bar's interval, else as a new bar. A trade older than the last bar's start is dropped:
 * the feed can repeat a frame, and a chart never rewrites closed history.
 */
export function addTrade(bars: Bar[], trade: Trade, interval: ChartInterval, sessionOpenMinutes: number): Bar[] {
  const start = bucketStart(trade.time, interval, sessionOpenMinutes);
  const last = bars[bars.length - 1];
  if (last && start < last.time) return bars;
  if (last && start === last.time) {
    last.high = Math.max(last.high, trade.price);
    last.low = Math.min(last.low, trade.price);
    last.close = trade.price;
    last.volume += trade.quantity;
    return bars;
  }
  bars.push({ time: start, open: trade.price, high: trade.price, low: trade.price, close: trade.price, volume: trade.quantity });
  return bars;
}

/** Bars of `interval` from trades in time order. */
export function barsFromTrades(trades: readonly Trade[], interval: ChartInterval, sessionOpenMinutes: number): Bar[] {
  const bars: Bar[] = [];
  for (const t of trades) addTrade(bars, t, interval, sessionOpenMinutes);
  return bars;
}

/**
 * Bars of a longer interval from shorter bars in time order (one-minute bars into 5, 15, 60
 * minutes or a day): first open, highest high, lowest low, last close, summed volume.
 */
export function aggregateBars(bars: readonly Bar[], interval: ChartInterval, sessionOpenMinutes: number): Bar[] {
  const out: Bar[] = [];
  for (const b of bars) {
    const start = bucketStart(b.time, interval, sessionOpenMinutes);
    const last = out[out.length - 1];
    if (last && last.time === start) {
      last.high = Math.max(last.high, b.high);
      last.low = Math.min(last.low, b.low);
      last.close = b.close;
      last.volume += b.volume;
    } else if (!last || start > last.time) {
      out.push({ time: start, open: b.open, high: b.high, low: b.low, close: b.close, volume: b.volume });
    }
  }
  return out;
}
