import { formatPrice } from "../format";
import type { Exchange } from "../types/exchange";
import type { OrderType, Product, TransactionType } from "../types/order";

import { describeCondition, isAlertCondition, type AlertCondition } from "./alertCondition";

/**
 * Price alerts (the spec's "alert dialogs (Create type)"): Tape's rules, the spec shows none.
 * An alert watches one instrument for one condition (src/core/rules/alertCondition.ts) and fires
 * once. The broker checks it on the instrument's ticks and, when it fires, sends an alert message
 * on the client's order topic; the client shows it as a toast.
 */
export { ALERT_CONDITIONS, alertFires, alertValueProblem, conditionShort, describeCondition, isAlertCondition, type AlertCondition, type AlertTick } from "./alertCondition";

/** A user may keep this many active alerts (Tape's limit, so a tick never pays for an unbounded list). */
export const MAX_ACTIVE_ALERTS = 100;

export interface AlertSpec {
  exchange: Exchange;
  token: number;
  condition: AlertCondition;
  /** A price for ABOVE and BELOW, a percentage for the CHANGE kinds, a quantity for VOLUME_ABOVE and OI_ABOVE, the day's high (low) when made for DAY_HIGH (DAY_LOW). */
  value: number;
  /** Alert triggers orders (issue 33): the basket the broker places once when the alert fires. */
  thenBasketId?: number;
  /** Alert triggers orders (issue 33): one order line placed once when it fires, as a basket leg. */
  thenOrder?: AlertOrderLeg;
}

/** What the app asks for: the value is left out where the broker sets it (the day's high or low, DAY_HIGH and DAY_LOW). */
export type AlertRequest = Omit<AlertSpec, "value"> & { value?: number };

/** The one order an alert places (issue 33): a basket leg's fields, resolved to the contract when the alert was made. */
export interface AlertOrderLeg {
  exchange: Exchange;
  token: number;
  tradingSymbol: string;
  transType: TransactionType;
  qty: number;
  product: Product;
  orderType: OrderType;
  price: number;
  trigger: number;
  /** The line as typed ("buy INFY 10 @ 1551"), shown on the alert. */
  line: string;
}

/** An alert as the broker lists it: the wire's own (src/core/wire/alerts.ts). */
export type { Alert } from "../wire/alerts";

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
export function alertToastText(m: Pick<AlertMessage, "tradingSymbol" | "exchange" | "ltp" | "condition" | "value">): string {
  // The last price is the market's: written as prices are (it read "at ₹1,143.3").
  return `Alert: ${m.tradingSymbol} at ₹${formatPrice(m.ltp, m.exchange)}, ${describeCondition(m)}`;
}

/** The command line "alert [EXCH:]SYMBOL above|below PRICE" or "alert SYMBOL change PCT" (a trailing % is allowed). */
export interface AlertDraft {
  symbol: string;
  exchange?: Exchange;
  condition: AlertCondition;
  value: number;
  /** "then basket NAME": the basket to place once when it fires (issue 33). */
  thenBasket?: string;
  /** "then buy INFY 10 @ 1551": one order line to place once when it fires (issue 33). */
  thenOrder?: string;
}
