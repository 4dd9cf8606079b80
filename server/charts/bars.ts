import { aggregateBars } from "../../src/core/charts/aggregate.js";
import type { ChartInterval } from "../../src/core/charts/intervals.js";
import { MARKET_HOURS } from "../../src/core/marketHours.js";
import { istDateKey } from "../../src/core/time.js";
import type { Bar } from "../../src/core/types/bar.js";
import type { Exchange } from "../../src/core/types/exchange.js";
import type { Market } from "../market/types.js";
import { HISTORY_DAYS_MAX, historyMinutes } from "./history.js";

/**
 * How many trading days of history each interval shows: a trader's usual screens (a week of
 * minutes, a month of 5-minute bars, a quarter of 15, half a year of hours, a year of days).
 */
export const HISTORY_DAYS: Readonly<Record<ChartInterval, number>> = { "1m": 5, "5m": 20, "15m": 60, "60m": 120, "1d": HISTORY_DAYS_MAX };

/** A year of day bars costs 94,000 minutes to make: made once per instrument and day. */
const dayCache = new Map<string, Bar[]>();
const DAY_CACHE_MAX = 200;

/**
 * An instrument's bars at `interval`: the simulated history, then today's session as the
 * simulator recorded it tick by tick (market.bars), aggregated by the one rule the client uses
 * too. The quote is read first, so a derivative nobody watches is repriced now and the last
 * bar's close is the LTP the feed publishes.
 */
export function chartBars(market: Market, exchange: Exchange, token: number, interval: ChartInterval, now: Date, seed: number): Bar[] {
  const inst = market.instrument(exchange, token);
  const quote = market.quote(exchange, token);
  if (!inst || !quote) return [];
  const open = MARKET_HOURS[exchange].open;
  const today = istDateKey(now);
  // The figures the day opened with where the market keeps them (a replay): the day's later highs widen the quote's range, not the days before.
  const anchor = market.historyAnchor?.(exchange, token) ?? { pClose: quote.pClose, weekHigh: quote.weekHigh, weekLow: quote.weekLow };
  const live = market.bars(exchange, token).filter((b) => istDateKey(new Date(b.time)) === today);
  // A replay's instrument the tape has no row of yet: its quote's previous close and 52-week range
  // are the reference price (or a model's day so far), and the days before drawn inside them were
  // every minute flat at that price. Today's bars only, rather than made-up ones; the chart says so
  // when that is none, and loads them again at the instrument's first tick (InstrumentChart).
  if (market.historyKnown?.(exchange, token) === false) return aggregateBars(live, interval, open);
  const cacheKey = `${exchange}:${token}:${today}:${anchor.pClose}:${anchor.weekHigh}:${anchor.weekLow}`;
  let past: Bar[];
  if (interval === "1d") {
    past = dayCache.get(cacheKey) ?? aggregateBars(historyMinutes(inst, anchor, today, HISTORY_DAYS["1d"], seed), "1d", open);
    if (dayCache.size >= DAY_CACHE_MAX) dayCache.clear();
    dayCache.set(cacheKey, past);
  } else {
    past = aggregateBars(historyMinutes(inst, anchor, today, HISTORY_DAYS[interval], seed), interval, open);
  }
  return [...past.map((b) => ({ ...b })), ...aggregateBars(live, interval, open)];
}
