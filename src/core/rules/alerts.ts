import type { Exchange } from "../types/exchange";

/**
 * Price alerts (the spec's "alert dialogs (Create type)"): Tape's rules, the spec shows none.
 * An alert watches one instrument for one condition and fires once:
 *   ABOVE  the last price is at or above the value;
 *   BELOW  the last price is at or below the value;
 *   CHANGE the day's change from the previous close is at least the value in percent, either way.
 * The broker checks it on the instrument's ticks and, when it fires, sends an alert message on
 * the client's order topic; the client shows it as a toast.
 */
export const ALERT_CONDITIONS = ["ABOVE", "BELOW", "CHANGE"] as const;
export type AlertCondition = (typeof ALERT_CONDITIONS)[number];

/** A user may keep this many active alerts (Tape's limit, so a tick never pays for an unbounded list). */
export const MAX_ACTIVE_ALERTS = 100;

export interface AlertSpec {
  exchange: Exchange;
  token: number;
  condition: AlertCondition;
  /** A price for ABOVE and BELOW, a percentage for CHANGE. */
  value: number;
  /** Alert triggers orders (issue 33): the basket the broker places once when the alert fires. */
  thenBasketId?: number;
}

/** An alert as the broker lists it: the wire's own (src/core/wire/alerts.ts). */
export type { Alert } from "../wire/alerts";

export function isAlertCondition(v: unknown): v is AlertCondition {
  return typeof v === "string" && (ALERT_CONDITIONS as readonly string[]).includes(v);
}

/** Whether a tick at `ltp` (previous close `pClose`) fires the alert. */
export function alertFires(a: Pick<AlertSpec, "condition" | "value">, ltp: number, pClose: number): boolean {
  if (!(ltp > 0)) return false;
  switch (a.condition) {
    case "ABOVE":
      return ltp >= a.value;
    case "BELOW":
      return ltp <= a.value;
    case "CHANGE":
      return pClose > 0 && (Math.abs(ltp - pClose) / pClose) * 100 >= a.value;
  }
}

/** What is wrong with an alert's value, or undefined. */
export function alertValueProblem(condition: AlertCondition, value: number): string | undefined {
  if (!Number.isFinite(value) || value <= 0) return condition === "CHANGE" ? "Give a percentage above 0" : "Give a price above 0";
  if (condition === "CHANGE" && value >= 100) return "A change alert is below 100%";
  return undefined;
}

/** The condition as a trader reads it: "above ₹1,500", "moves 2% from the previous close". */
export function describeCondition(a: Pick<AlertSpec, "condition" | "value">): string {
  if (a.condition === "CHANGE") return `moves ${a.value}% from the previous close`;
  return `${a.condition === "ABOVE" ? "at or above" : "at or below"} ₹${a.value}`;
}

/** The condition in a list's narrow column: "above ₹1500", "below ₹1400", "moves 2%". */
export function conditionShort(a: Pick<AlertSpec, "condition" | "value">): string {
  if (a.condition === "CHANGE") return `moves ${a.value}%`;
  return `${a.condition === "ABOVE" ? "above" : "below"} ₹${a.value}`;
}

/** The message kind the broker adds to the order topic (order updates carry none). */
export const ALERT_MESSAGE_KIND = "alert";

export interface AlertMessage {
  messageKind: typeof ALERT_MESSAGE_KIND;
  alertId: number;
  exchange: Exchange;
  token: number;
  tradingSymbol: string;
  condition: AlertCondition;
  value: number;
  ltp: number;
  triggeredAt: string;
}

/** An alert message from the order topic, or null for anything else (an order update). */
export function parseAlertMessage(raw: unknown): AlertMessage | null {
  if (typeof raw !== "object" || raw === null) return null;
  const r = raw as Record<string, unknown>;
  if (r.messageKind !== ALERT_MESSAGE_KIND || typeof r.alertId !== "number" || !isAlertCondition(r.condition)) return null;
  if (typeof r.tradingSymbol !== "string" || typeof r.ltp !== "number" || typeof r.value !== "number") return null;
  return r as unknown as AlertMessage;
}

/** The toast of a fired alert: "Alert: INFY-EQ at ₹1,502.30, at or above ₹1500". */
export function alertToastText(m: Pick<AlertMessage, "tradingSymbol" | "ltp" | "condition" | "value">): string {
  return `Alert: ${m.tradingSymbol} at ₹${m.ltp}, ${describeCondition(m)}`;
}

/** The command line "alert [EXCH:]SYMBOL above|below PRICE" or "alert SYMBOL change PCT" (a trailing % is allowed). */
export interface AlertDraft {
  symbol: string;
  exchange?: Exchange;
  condition: AlertCondition;
  value: number;
  /** "then basket NAME": the basket to place once when it fires (issue 33). */
  thenBasket?: string;
}
