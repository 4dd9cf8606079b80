/**
 * What an alert waits for (issue 17's price alerts, and issue 33's conditions beyond the last
 * price). Each is a test of one tick of the alert's instrument, so the broker checks it with
 * nothing but the tick in hand (the day's high or low an alert crosses is fixed when the alert is
 * made, see DAY_HIGH), and an alert fires on the first tick that passes and never again:
 *
 *   ABOVE         the last price is at or above the value (₹)
 *   BELOW         the last price is at or below the value (₹)
 *   CHANGE        the change from the previous close is at least the value (%), either way
 *   CHANGE_ABOVE  the change from the previous close is at or above the value (%, signed: 2 is up 2 %)
 *   CHANGE_BELOW  the change from the previous close is at or below the value (%, signed: -2 is down 2 %)
 *   DAY_HIGH      the last price is above the value, the day's high when the alert was made: the day's
 *                 high is crossed (a high only rises, so the first tick above it is the first new high)
 *   DAY_LOW       the last price is below the value, the day's low when the alert was made
 *   VOLUME_ABOVE  the day's traded volume is at or above the value (units)
 *   OI_ABOVE      the open interest is at or above the value (units); only a future or an option has one
 */
import { formatPrice, groupAsTyped } from "../format";
import type { Exchange } from "../types/exchange";

export const ALERT_CONDITIONS = ["ABOVE", "BELOW", "CHANGE", "CHANGE_ABOVE", "CHANGE_BELOW", "DAY_HIGH", "DAY_LOW", "VOLUME_ABOVE", "OI_ABOVE"] as const;
export type AlertCondition = (typeof ALERT_CONDITIONS)[number];

/** What a condition reads of a tick: the live quote's fields, in rupees and units. */
export interface AlertTick {
  ltp: number;
  pClose: number;
  volume: number;
  openInterest: number;
}

export function isAlertCondition(v: unknown): v is AlertCondition {
  return typeof v === "string" && (ALERT_CONDITIONS as readonly string[]).includes(v);
}

/** The change from the previous close in percent, or undefined with no previous close. */
const changePercent = (t: AlertTick): number | undefined => (t.pClose > 0 ? ((t.ltp - t.pClose) / t.pClose) * 100 : undefined);

/** Whether this tick passes the alert's condition (a tick without a last price passes none). */
export function alertFires(a: { condition: AlertCondition; value: number }, t: AlertTick): boolean {
  if (!(t.ltp > 0)) return false;
  const change = changePercent(t);
  switch (a.condition) {
    case "ABOVE":
      return t.ltp >= a.value;
    case "BELOW":
      return t.ltp <= a.value;
    case "CHANGE":
      return change !== undefined && Math.abs(change) >= a.value;
    case "CHANGE_ABOVE":
      return change !== undefined && change >= a.value;
    case "CHANGE_BELOW":
      return change !== undefined && change <= a.value;
    case "DAY_HIGH":
      return t.ltp > a.value;
    case "DAY_LOW":
      return t.ltp < a.value;
    case "VOLUME_ABOVE":
      return t.volume >= a.value;
    case "OI_ABOVE":
      return t.openInterest >= a.value;
  }
}

/** Whether the condition is about open interest, which only a future or an option has (EC730 otherwise). */
export const needsOpenInterest = (c: AlertCondition): boolean => c === "OI_ABOVE";
export const hasOpenInterest = (insType: string): boolean => insType !== "EQ" && insType !== "INDEX";

/** Whether the broker sets the value itself when the alert is made (the day's high or low then). */
export const valueFromMarket = (c: AlertCondition): boolean => c === "DAY_HIGH" || c === "DAY_LOW";

/** What is wrong with an alert's value, or undefined. The day's high and low are the broker's, never typed. */
export function alertValueProblem(condition: AlertCondition, value: number): string | undefined {
  if (valueFromMarket(condition)) return undefined;
  if (condition === "CHANGE_ABOVE" || condition === "CHANGE_BELOW") {
    return Number.isFinite(value) && Math.abs(value) < 100 ? undefined : "Give a percentage between -100 and 100";
  }
  if (!Number.isFinite(value) || value <= 0) return condition === "CHANGE" ? "Give a percentage above 0" : condition === "VOLUME_ABOVE" || condition === "OI_ABOVE" ? "Give a quantity above 0" : "Give a price above 0";
  if (condition === "CHANGE" && value >= 100) return "A change alert is below 100%";
  if ((condition === "VOLUME_ABOVE" || condition === "OI_ABOVE") && !Number.isInteger(value)) return "Give a whole quantity";
  return undefined;
}

const qty = (n: number) => groupAsTyped(n);
/**
 * A price level, written as the exchange's prices are everywhere ("₹1,142.30", 4 decimals for
 * currency): the day's high or low the broker took, and a typed level too (it read "₹1,138.9", with
 * the price that fired it beside it as "₹1,139.10"). Without the exchange, as typed.
 */
const marketPrice = (a: { value: number; exchange?: Exchange }) => (a.exchange ? formatPrice(a.value, a.exchange) : groupAsTyped(a.value));
const signed = (n: number) => `${n > 0 ? "+" : ""}${n}%`;

/** The condition as a trader reads it: "at or above ₹1500", "moves 2% from the previous close", "crosses the day's high ₹1520". */
export function describeCondition(a: { condition: AlertCondition; value: number; exchange?: Exchange }): string {
  switch (a.condition) {
    case "ABOVE":
      return `at or above ₹${marketPrice(a)}`;
    case "BELOW":
      return `at or below ₹${marketPrice(a)}`;
    case "CHANGE":
      return `moves ${a.value}% from the previous close`;
    case "CHANGE_ABOVE":
      return `change from the previous close at or above ${signed(a.value)}`;
    case "CHANGE_BELOW":
      return `change from the previous close at or below ${signed(a.value)}`;
    case "DAY_HIGH":
      return `crosses the day's high ₹${marketPrice(a)}`;
    case "DAY_LOW":
      return `crosses the day's low ₹${marketPrice(a)}`;
    case "VOLUME_ABOVE":
      return `volume at or above ${qty(a.value)}`;
    case "OI_ABOVE":
      return `open interest at or above ${qty(a.value)}`;
  }
}

/** The condition in a list's narrow column: "above ₹1500", "moves 2%", "day high ₹1520", "volume ≥ 5,00,000". */
export function conditionShort(a: { condition: AlertCondition; value: number; exchange?: Exchange }): string {
  switch (a.condition) {
    case "ABOVE":
      return `above ₹${marketPrice(a)}`;
    case "BELOW":
      return `below ₹${marketPrice(a)}`;
    case "CHANGE":
      return `moves ${a.value}%`;
    case "CHANGE_ABOVE":
      return `change ≥ ${signed(a.value)}`;
    case "CHANGE_BELOW":
      return `change ≤ ${signed(a.value)}`;
    case "DAY_HIGH":
      return `day high ₹${marketPrice(a)}`;
    case "DAY_LOW":
      return `day low ₹${marketPrice(a)}`;
    case "VOLUME_ABOVE":
      return `volume ≥ ${qty(a.value)}`;
    case "OI_ABOVE":
      return `OI ≥ ${qty(a.value)}`;
  }
}
