import type { Exchange } from "./types/exchange";
import { istMinutesOfDay, istWeekday } from "./time";

/** A segment's continuous session in IST minutes since midnight. */
export interface MarketHours {
  open: number;
  close: number;
}

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

/** Weekdays trade; exchange holidays are not modelled (the simulator trades every weekday). */
export function isTradingDay(at: Date): boolean {
  const weekday = istWeekday(at);
  return weekday >= 1 && weekday <= 5;
}

/** Whether `at` falls inside the exchange's continuous session on a trading day. */
export function isSessionOpen(exchange: Exchange, at: Date): boolean {
  if (!isTradingDay(at)) return false;
  const minutes = istMinutesOfDay(at);
  const h = MARKET_HOURS[exchange];
  return minutes >= h.open && minutes < h.close;
}
