/**
 * The exchanges' trading holidays (weekdays on which NSE and BSE equity and derivatives do not
 * trade), by IST date. Tape keeps one calendar for every segment: the date picker disables these
 * days and a SIP instalment falling on one goes on the next trading day. The simulator's own
 * session rule (marketHours.isTradingDay) still trades every weekday, as it always has.
 * Source: the NSE trading-holiday circulars for 2026 (Tape's copy, not fetched at run time).
 */
export const EXCHANGE_HOLIDAYS: Readonly<Record<string, string>> = {
  "2026-01-26": "Republic Day",
  "2026-03-03": "Holi",
  "2026-03-26": "Shri Ram Navami",
  "2026-03-31": "Shri Mahavir Jayanti",
  "2026-04-03": "Good Friday",
  "2026-04-14": "Dr. Baba Saheb Ambedkar Jayanti",
  "2026-05-01": "Maharashtra Day",
  "2026-05-28": "Bakri Id",
  "2026-06-26": "Muharram",
  "2026-09-14": "Ganesh Chaturthi",
  "2026-10-02": "Mahatma Gandhi Jayanti",
  "2026-10-20": "Dussehra",
  "2026-11-10": "Diwali Balipratipada",
  "2026-11-24": "Prakash Gurpurb Sri Guru Nanak Dev",
  "2026-12-25": "Christmas",
};

/** The holiday's name on a date "YYYY-MM-DD", or undefined for none. */
export function holidayOn(dateKey: string): string | undefined {
  return EXCHANGE_HOLIDAYS[dateKey];
}

/** 0 Sunday to 6 Saturday of a calendar date "YYYY-MM-DD". */
export function weekdayOf(dateKey: string): number {
  return new Date(`${dateKey}T00:00:00Z`).getUTCDay();
}

/** Why a date cannot be traded ("Weekend", a holiday's name), or undefined on a trading date. */
export function closedReason(dateKey: string): string | undefined {
  const w = weekdayOf(dateKey);
  if (w === 0 || w === 6) return "Weekend";
  const h = holidayOn(dateKey);
  return h ? `Exchange holiday: ${h}` : undefined;
}

/** The calendar date `days` after `dateKey`. */
export function addDays(dateKey: string, days: number): string {
  return new Date(Date.parse(`${dateKey}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** The first trading date at or after `dateKey` (a weekend or a holiday moves forward). */
export function tradingDateOnOrAfter(dateKey: string): string {
  let d = dateKey;
  while (closedReason(d)) d = addDays(d, 1);
  return d;
}
