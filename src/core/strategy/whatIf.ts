import { istDateKey } from "../time";

/**
 * The strategy pane's what-if (issue 31), moved by keys: the target date in whole days from today
 * (up to the first expiry), a shift of every leg's IV in volatility points, and a shift of the
 * spot in steps of SPOT_STEP_PERCENT. Reset puts all three back to today, the live IV and the live spot.
 */
export interface DeskWhatIf {
  days: number;
  ivShift: number;
  spotSteps: number;
}

export const NO_WHAT_IF: DeskWhatIf = { days: 0, ivShift: 0, spotSteps: 0 };
export const SPOT_STEP_PERCENT = 0.5;
/** An IV shift stops where every leg would be priced near zero volatility or at absurd levels. */
export const MAX_IV_SHIFT = 100;

const DAY_MS = 86_400_000;

/** Whole calendar days (IST) from today to the expiry date: the target date's last step. */
export function daysToExpiry(now: Date, expiry: string): number {
  const today = Date.parse(`${istDateKey(now)}T00:00:00Z`);
  const end = Date.parse(`${expiry}T00:00:00Z`);
  return Number.isNaN(end) ? 0 : Math.max(0, Math.round((end - today) / DAY_MS));
}

/** The target date moved by `by` days, kept between today and the first expiry. */
export function stepDays(w: DeskWhatIf, by: number, maxDays: number): DeskWhatIf {
  return { ...w, days: Math.min(Math.max(0, maxDays), Math.max(0, w.days + by)) };
}

export function stepIv(w: DeskWhatIf, by: number): DeskWhatIf {
  return { ...w, ivShift: Math.min(MAX_IV_SHIFT, Math.max(-MAX_IV_SHIFT, w.ivShift + by)) };
}

export function stepSpot(w: DeskWhatIf, by: number): DeskWhatIf {
  return { ...w, spotSteps: w.spotSteps + by };
}

/** The spot the figures are read at: the live spot moved SPOT_STEP_PERCENT per step. */
export function shiftedSpot(spot: number, w: DeskWhatIf): number {
  return spot * (1 + (SPOT_STEP_PERCENT * w.spotSteps) / 100);
}

/** A day's close, 15:30 IST, where the scenario grid reads each date after today (its first column is now). */
export function dayClose(date: string): Date {
  return new Date(Date.parse(`${date}T10:00:00.001Z`));
}

/**
 * The moment the T+0 line is drawn for: now, or the close (dayClose) of the date `days` calendar
 * days on, as the scenario grid's column of that date reads it; never past the first expiry's close
 * (`expiryClose`), where the line is the expiry line. It was now plus `days` × 24 h: the target on
 * 08/12 read −5,379 where the grid's 08/12 column read −3,347, with no time shown on either.
 */
export function targetMoment(now: Date, w: DeskWhatIf, expiryClose: Date): Date {
  if (w.days === 0) return now;
  const t = dayClose(istDateKey(new Date(now.getTime() + w.days * DAY_MS))).getTime();
  return new Date(Math.min(t, expiryClose.getTime()));
}

/**
 * The dates of the scenario grid's columns: today and every day to the first expiry when there
 * are at most `max` of them, else `max` dates spread evenly from today to the expiry (both kept).
 */
export function scenarioDates(now: Date, expiry: string, max = 7): string[] {
  const n = daysToExpiry(now, expiry);
  const today = Date.parse(`${istDateKey(now)}T00:00:00Z`);
  const offsets = n + 1 <= max ? Array.from({ length: n + 1 }, (_, i) => i) : Array.from({ length: max }, (_, i) => Math.round((i * n) / (max - 1)));
  return [...new Set(offsets)].map((d) => new Date(today + d * DAY_MS).toISOString().slice(0, 10));
}
