/**
 * Expiry calendars relative to the simulated clock's date. Dates are IST calendar days as
 * "YYYY-MM-DD". Exchange holidays are not modelled (the clock trades every weekday), so an
 * expiry that falls on a weekend moves to the previous weekday, as exchanges move it before a holiday.
 */

const DAY = 86_400_000;

export function dateKey(d: Date): string {
  return d.toISOString().slice(0, 10);
}

function utcDate(y: number, m: number, day: number): Date {
  return new Date(Date.UTC(y, m, day));
}

function previousWeekday(d: Date): Date {
  let x = d;
  while (x.getUTCDay() === 0 || x.getUTCDay() === 6) x = new Date(x.getTime() - DAY);
  return x;
}

/** The last given weekday (0 Sunday .. 6 Saturday) of a month. */
export function lastWeekdayOfMonth(year: number, month: number, weekday: number): Date {
  let d = utcDate(year, month + 1, 0);
  while (d.getUTCDay() !== weekday) d = new Date(d.getTime() - DAY);
  return d;
}

/** Months from the one containing `from`, n of them, as [year, month]. */
function months(from: Date, n: number): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (let i = 0; i < n; i++) {
    const y = from.getUTCFullYear() + Math.floor((from.getUTCMonth() + i) / 12);
    const m = (from.getUTCMonth() + i) % 12;
    out.push([y, m]);
  }
  return out;
}

/** The next `count` monthly expiries (last `weekday` of the month) on or after `today`. */
export function monthlyExpiries(today: string, weekday: number, count: number): string[] {
  const from = new Date(`${today}T00:00:00Z`);
  return months(from, count + 1)
    .map(([y, m]) => dateKey(lastWeekdayOfMonth(y, m, weekday)))
    .filter((d) => d >= today)
    .slice(0, count);
}

/** The next `count` weekly expiries (every `weekday`) on or after `today`. */
export function weeklyExpiries(today: string, weekday: number, count: number): string[] {
  let d = new Date(`${today}T00:00:00Z`);
  while (d.getUTCDay() !== weekday) d = new Date(d.getTime() + DAY);
  const out: string[] = [];
  for (let i = 0; i < count; i++) out.push(dateKey(new Date(d.getTime() + i * 7 * DAY)));
  return out;
}

/** Currency derivatives: two working days before the month's last working day. */
export function currencyExpiries(today: string, count: number): string[] {
  const from = new Date(`${today}T00:00:00Z`);
  return months(from, count + 1)
    .map(([y, m]) => {
      let d = previousWeekday(utcDate(y, m + 1, 0));
      for (let i = 0; i < 2; i++) d = previousWeekday(new Date(d.getTime() - DAY));
      return dateKey(d);
    })
    .filter((d) => d >= today)
    .slice(0, count);
}

/**
 * Commodity futures: a fixed day of the contract months (or the month's last day when day is 31),
 * moved back to a weekday.
 */
export function dayOfMonthExpiries(today: string, day: number, contractMonths: readonly number[] | "all", count: number): string[] {
  const from = new Date(`${today}T00:00:00Z`);
  const out: string[] = [];
  for (const [y, m] of months(from, 26)) {
    if (contractMonths !== "all" && !contractMonths.includes(m + 1)) continue;
    const last = utcDate(y, m + 1, 0).getUTCDate();
    const d = dateKey(previousWeekday(utcDate(y, m, Math.min(day, last))));
    if (d >= today) out.push(d);
    if (out.length === count) break;
  }
  return out;
}

export const MONTHS = ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"] as const;

export interface ExpiryParts {
  yy: string;
  mon: string;
  dd: string;
  yyyy: string;
  monthDigit: string;
}

const partsCache = new Map<string, ExpiryParts>();

/** "2025-01-30" -> { yy: "25", mon: "JAN", dd: "30", yyyy: "2025" }; cached, as every contract of an expiry asks. */
export function expiryParts(expiry: string): ExpiryParts {
  let p = partsCache.get(expiry);
  if (!p) partsCache.set(expiry, (p = parseExpiry(expiry)));
  return p;
}

function parseExpiry(expiry: string): ExpiryParts {
  const [yyyy = "", mm = "01", dd = ""] = expiry.split("-");
  const month = Number(mm);
  return { yy: yyyy.slice(2), mon: MONTHS[month - 1] ?? "JAN", dd, yyyy, monthDigit: month <= 9 ? String(month) : ["O", "N", "D"][month - 10] ?? "D" };
}
