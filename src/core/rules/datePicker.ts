import { addDays, closedReason, weekdayOf } from "../calendar/holidays";
import { digitLimit, numberOnly } from "./inputRestrictions";

/**
 * The date picker of access-and-surroundings section 9: "6 week rows of 7 days; swipe under
 * 300 ms with horizontal distance at least 60 and vertical at most 80; date-input debounce
 * 1000 ms; popover hide delay 110 ms; date masks MM/DD/YYYY style." The mask is kept (two digits,
 * two digits, four, slashes put in) in the order every other date on screen is written, DD/MM/YYYY
 * (src/core/format.ts formatDate; issue 29: one way everywhere). Dates are calendar dates
 * "YYYY-MM-DD" (the order's gtdValidityDate), weeks start on Sunday. Pure: the component in
 * src/panes/widgets/DatePicker.tsx only wires these to the DOM.
 */
export const WEEK_ROWS = 6;
export const DAYS_PER_WEEK = 7;
export const SWIPE_MAX_MS = 300;
export const SWIPE_MIN_DX = 60;
export const SWIPE_MAX_DY = 80;
export const DATE_INPUT_DEBOUNCE_MS = 1000;
export const POPOVER_HIDE_DELAY_MS = 110;

const pad = (n: number, w = 2) => String(n).padStart(w, "0");

export function dateKeyOf(year: number, month: number, day: number): string {
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

/** Year and month (1 to 12) of a date "YYYY-MM-DD". */
export function monthOf(dateKey: string): { year: number; month: number } {
  return { year: Number(dateKey.slice(0, 4)), month: Number(dateKey.slice(5, 7)) };
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The 6 x 7 days shown for a month: from the Sunday on or before its 1st, 42 days in a row. */
export function monthGrid(year: number, month: number): string[][] {
  const first = dateKeyOf(year, month, 1);
  const start = addDays(first, -weekdayOf(first));
  return Array.from({ length: WEEK_ROWS }, (_, r) => Array.from({ length: DAYS_PER_WEEK }, (_, c) => addDays(start, r * DAYS_PER_WEEK + c)));
}

/** The same day `n` months on, or the month's last day when it has fewer days (Jan 31 + 1 = Feb 28). */
export function addMonths(dateKey: string, n: number): string {
  const { year, month } = monthOf(dateKey);
  const index = year * 12 + (month - 1) + n;
  const y = Math.floor(index / 12);
  const m = (index % 12) + 1;
  return dateKeyOf(y, m, Math.min(Number(dateKey.slice(8, 10)), daysInMonth(y, m)));
}

export type PickerKey = "ArrowLeft" | "ArrowRight" | "ArrowUp" | "ArrowDown" | "PageUp" | "PageDown" | "Home" | "End";

/** Where a key moves the day cursor: a day, a week, a month (PgUp/PgDn), the week's first or last day (Home/End). */
export function moveCursor(dateKey: string, key: PickerKey): string {
  switch (key) {
    case "ArrowLeft":
      return addDays(dateKey, -1);
    case "ArrowRight":
      return addDays(dateKey, 1);
    case "ArrowUp":
      return addDays(dateKey, -DAYS_PER_WEEK);
    case "ArrowDown":
      return addDays(dateKey, DAYS_PER_WEEK);
    case "PageUp":
      return addMonths(dateKey, -1);
    case "PageDown":
      return addMonths(dateKey, 1);
    case "Home":
      return addDays(dateKey, -weekdayOf(dateKey));
    case "End":
      return addDays(dateKey, DAYS_PER_WEEK - 1 - weekdayOf(dateKey));
  }
}

export function isPickerKey(key: string): key is PickerKey {
  return ["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "PageUp", "PageDown", "Home", "End"].includes(key);
}

/** A touch gesture as a month change: quick (under 300 ms), wide (|dx| >= 60) and flat (|dy| <= 80). Left shows the next month. */
export function swipeMonths(g: { dx: number; dy: number; ms: number }): -1 | 0 | 1 {
  if (g.ms >= SWIPE_MAX_MS || Math.abs(g.dx) < SWIPE_MIN_DX || Math.abs(g.dy) > SWIPE_MAX_DY) return 0;
  return g.dx < 0 ? 1 : -1;
}

/** Why a day cannot be chosen, or undefined: before `min`, after `max`, a weekend or an exchange holiday. */
export function dayProblem(dateKey: string, limits: { min?: string; max?: string; tradingDaysOnly?: boolean }): string | undefined {
  if (limits.min && dateKey < limits.min) return "Before the first date allowed";
  if (limits.max && dateKey > limits.max) return "After the last date allowed";
  return limits.tradingDaysOnly === false ? undefined : closedReason(dateKey);
}

/** Typing into a DD/MM/YYYY field: digits only, at most 8, the slashes put in as the digits arrive ("1225" -> "12/25"). */
export function maskTyped(raw: string): string {
  // "digit-limit truncates to a configured maximum number of digits and keeps only digits": 8 for a date.
  const d = digitLimit(raw, 8);
  if (d.length <= 2) return d;
  if (d.length <= 4) return `${d.slice(0, 2)}/${d.slice(2)}`;
  return `${d.slice(0, 2)}/${d.slice(2, 4)}/${d.slice(4)}`;
}

/** A complete "DD/MM/YYYY" (or its 8 digits) as a real calendar date "YYYY-MM-DD"; undefined otherwise (01/13, 30/02). */
export function fromMasked(masked: string): string | undefined {
  const d = numberOnly(masked);
  if (d.length !== 8) return undefined;
  const day = Number(d.slice(0, 2));
  const month = Number(d.slice(2, 4));
  const year = Number(d.slice(4));
  if (month < 1 || month > 12 || day < 1 || year < 1900 || day > daysInMonth(year, month)) return undefined;
  return dateKeyOf(year, month, day);
}

/**
 * "date of birth format MMDDYYYY" (section 5): what the unblock and forgot-password steps send,
 * from what was typed in the DD/MM/YYYY field; undefined when it is not a past calendar date.
 */
export function dateOfBirthToSend(masked: string, today: string): string | undefined {
  const date = fromMasked(masked);
  if (!date || date >= today) return undefined;
  return `${date.slice(5, 7)}${date.slice(8, 10)}${date.slice(0, 4)}`;
}
