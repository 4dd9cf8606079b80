import { INDIA_UTC_OFFSET_MS } from "../time";

/**
 * The chart's time labels in India time (never UTC). lightweight-charts hands times as seconds
 * since the epoch; these read them on the IST wall clock.
 */
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

function ist(seconds: number): Date {
  return new Date(seconds * 1000 + INDIA_UTC_OFFSET_MS);
}

const two = (n: number) => String(n).padStart(2, "0");

/**
 * "23/11/2026 09:15" for an intraday bar, "23/11/2026" for a day bar: a bar named in full (the
 * crosshair's label on the time scale, the read-out) is a date on screen, DD/MM/YYYY as everywhere.
 */
export function istBarLabel(seconds: number, daily: boolean): string {
  const d = ist(seconds);
  const date = `${two(d.getUTCDate())}/${two(d.getUTCMonth() + 1)}/${d.getUTCFullYear()}`;
  return daily ? date : `${date} ${two(d.getUTCHours())}:${two(d.getUTCMinutes())}`;
}

/** An axis mark: the year, the month, the day of the month, or the time of day, as the scale asks. */
export function istAxisLabel(seconds: number, mark: "year" | "month" | "day" | "time"): string {
  const d = ist(seconds);
  if (mark === "year") return String(d.getUTCFullYear());
  if (mark === "month") return `${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
  if (mark === "day") return `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]}`;
  return `${two(d.getUTCHours())}:${two(d.getUTCMinutes())}`;
}

/**
 * A price on the chart's price axis: none below zero where the chart's prices never went there. An
 * option near zero had its axis run on to "-2.00" and "-4.00" in the room kept under the candles for
 * volume, a price no share or option can trade at. `lowest` is the lowest price the chart has
 * shown (a commodity future that did trade below zero keeps its negative marks).
 */
export function axisPrice(value: number, lowest: number, format: (v: number) => string): string {
  return value < 0 && lowest >= 0 ? "" : format(value);
}
