import type { Exchange } from "../../../src/core/types/exchange.js";
import type { MarketHours } from "../types.js";

/**
 * Continuous-session hours per exchange in IST minutes since midnight. Equity cash and equity
 * derivatives 09:15-15:30; currency 09:00-17:00; MCX and the NSE/BSE commodity segments
 * 09:00-23:30 (the non-agri evening session); NCDEX agri 09:00-17:00. Pre-open and the
 * US-daylight-saving extension to 23:55 are not modelled.
 */
export const MARKET_HOURS: Readonly<Record<Exchange, MarketHours>> = {
  NSEEQ: { open: 9 * 60 + 15, close: 15 * 60 + 30 },
  BSEEQ: { open: 9 * 60 + 15, close: 15 * 60 + 30 },
  NSEFO: { open: 9 * 60 + 15, close: 15 * 60 + 30 },
  BSEFO: { open: 9 * 60 + 15, close: 15 * 60 + 30 },
  NSECURR: { open: 9 * 60, close: 17 * 60 },
  BSECURR: { open: 9 * 60, close: 17 * 60 },
  MCXCOMM: { open: 9 * 60, close: 23 * 60 + 30 },
  NCDEXCOMM: { open: 9 * 60, close: 17 * 60 },
  NSECOMM: { open: 9 * 60, close: 23 * 60 + 30 },
  BSECOMM: { open: 9 * 60, close: 23 * 60 + 30 },
};

const IST_OFFSET_MS = 330 * 60_000;

/** Whether `at` falls inside the exchange's session on a weekday (holidays are not modelled). */
export function isSessionOpen(exchange: Exchange, at: Date): boolean {
  const ist = new Date(at.getTime() + IST_OFFSET_MS);
  const weekday = ist.getUTCDay();
  if (weekday === 0 || weekday === 6) return false;
  const minutes = ist.getUTCHours() * 60 + ist.getUTCMinutes();
  const h = MARKET_HOURS[exchange];
  return minutes >= h.open && minutes < h.close;
}

/** Seconds since midnight IST: the frame's LastTradedTime. */
export function istSecondsOfDay(at: Date): number {
  const ist = new Date(at.getTime() + IST_OFFSET_MS);
  return ist.getUTCHours() * 3600 + ist.getUTCMinutes() * 60 + ist.getUTCSeconds();
}

/** The IST calendar date "YYYY-MM-DD" of an instant. */
export function istDateKey(at: Date): string {
  const t = at.getTime();
  // The simulator asks this for every instrument of a step at the same instant.
  if (t !== lastKeyAt) {
    lastKeyAt = t;
    lastKey = new Date(t + IST_OFFSET_MS).toISOString().slice(0, 10);
  }
  return lastKey;
}
let lastKeyAt = Number.NaN;
let lastKey = "";
