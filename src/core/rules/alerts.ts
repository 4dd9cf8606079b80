import { ERROR_CATALOGUE, type ErrorCode } from "../errors";
import { formatDateTime, formatPrice, productLabel } from "../format";
import { istDateKey, istTime } from "../time";
import type { Exchange } from "../types/exchange";
import type { Alert } from "../wire/alerts";
import type { OrderType, Product, TransactionType } from "../types/order";

import { describeCondition, isAlertCondition, type AlertCondition } from "./alertCondition";
import { orderLine } from "./orderToast";

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

/**
 * The toast of an alert set, modified or cancelled: what happened to what, in the words the firing
 * toast uses ("Alert set: INFY-EQ at or above ₹1,150.00"), so the trader reads the same condition at
 * every end; a cancel names the alert it ended, as an order's cancel names the order. An alert set
 * or modified with an order to place says that it will place it, and what, as its firing toast
 * says what it placed (alertOrderLine): "Alert set: INFY-EQ at or above ₹1,138.90; when it fires it
 * places Qty 5 BUY INFY-EQ (MARKET Order) INTRADAY". "Alert set: INFY-EQ at or above ₹1,138.9"
 * alone read as a plain alert, with an order going out unseen when it fired. A basket is named by
 * its name when the caller knows it, else by its number.
 */
export function alertSetText(
  a: { tradingSymbol: string; condition: AlertCondition; value: number; exchange: Exchange; thenOrder?: Parameters<typeof alertOrderLine>[0] | null; thenBasketId?: number | null },
  what: "set" | "modified" | "cancelled" = "set",
  basketName?: string,
): string {
  const places = a.thenOrder ? alertOrderLine(a.thenOrder) : a.thenBasketId != null ? `basket ${basketName ?? a.thenBasketId}` : "";
  return `Alert ${what}: ${alertLine(a)}${places && what !== "cancelled" ? `; when it fires it places ${places}` : ""}`;
}

/**
 * The order an alert places, in every toast's words (orderToast.ts, "Qty {q} {side}
 * {tradingSymbol}{prices} ({type} Order){product}"): "Qty 5 BUY INFY-EQ (MARKET Order) INTRADAY".
 */
export function alertOrderLine(o: Pick<AlertOrderLeg, "exchange" | "tradingSymbol" | "transType" | "qty" | "product" | "orderType" | "price" | "trigger">): string {
  return `${orderLine({ quantity: o.qty, transactionType: o.transType, tradingSymbol: o.tradingSymbol, orderType: o.orderType, exchange: o.exchange, price: o.price, slTriggerPrice: o.trigger })} ${productLabel(o.product)}`;
}

/**
 * What an alert's order became when it fired, kept on the alert (its ordersNote) and said after the
 * alert in the firing toast: "placed Qty 5 BUY INFY-EQ (MARKET Order) INTRADAY, order 2612070000018",
 * or "not placed: Qty 5 BUY INFY-EQ (MARKET Order) INTRADAY. EC720: {why}". The order as its set
 * toast named it, with the order number the book shows (it read "order buy INFY 5 intraday: placed
 * (2612070000018)", the line as typed).
 */
export function alertOrderNote(o: Parameters<typeof alertOrderLine>[0], r: { orderNo: string } | { code: string; message: string }): string {
  return "orderNo" in r ? `placed ${alertOrderLine(o)}, order ${r.orderNo}` : `not placed: ${alertOrderLine(o)}. ${alertRefusalText(r.code, r.message)}`;
}

/**
 * The Alerts view's Orders column (README: the broker "notes what became of it on the alert (the
 * Alerts view's Orders column)"): what the alert's toasts said. Before it fires, the order as it
 * will be placed, in the set toast's words (alertOrderLine), not the line as typed; once fired, the
 * note kept on it whole, as its firing toast said it: the order number, or why not with its code
 * (alertOrderNote), a basket's order numbers and refusals.
 */
export function alertOrdersText(a: Pick<Alert, "thenBasketId" | "thenOrder" | "ordersNote">): string {
  if (a.thenBasketId === null && a.thenOrder === null) return "";
  if (a.ordersNote) return a.ordersNote;
  return a.thenOrder ? `places ${alertOrderLine(a.thenOrder)}` : "places a basket";
}

/** An alert in words, as its toasts and the cancel's question name it: "INFY-EQ at or above ₹1,150". */
export function alertLine(a: { tradingSymbol: string; condition: AlertCondition; value: number; exchange: Exchange }): string {
  return `${a.tradingSymbol} ${describeCondition(a)}`;
}

/**
 * An alert refusal as shown (README: "The risk desk's refusals are shown with their code"): the
 * broker's message after its code, "EC730: An open-interest alert needs…". A status that is no
 * code (a failed call) leaves the message as it is.
 */
export function alertRefusalText(status: string, message: string): string {
  return /^EC\d{3}$/.test(status) && !message.startsWith(status) ? `${status}: ${message}` : message;
}

/**
 * The app's own check of what the broker would refuse, in the broker's words and code (the
 * catalogue's sentence, then the detail), so a refusal reads the same whichever side caught it.
 */
export function alertProblem(code: ErrorCode, detail: string): string {
  return alertRefusalText(code, `${ERROR_CATALOGUE[code]}: ${detail}`);
}

/**
 * The Alerts view's status: "Active", "Cancelled", or when and at what it fired, in IST: "Fired
 * 10:42:07 at ₹1,151.00" on the day it fired (`today`, the broker's IST date "YYYY-MM-DD"), with the
 * date before the time on a later day (the list keeps the last 50 fired, older days' too).
 */
export function alertStatusText(a: Pick<Alert, "status" | "triggeredAt" | "triggeredPrice" | "exchange">, today: string): string {
  if (a.status === "ACTIVE") return "Active";
  if (a.status === "CANCELLED") return "Cancelled";
  const at = a.triggeredAt ?? "";
  const t = Date.parse(at);
  const when = Number.isNaN(t) ? "" : istDateKey(new Date(t)) === today ? istTime(at) : formatDateTime(at);
  const price = a.triggeredPrice === null ? "" : ` at ₹${formatPrice(a.triggeredPrice, a.exchange)}`;
  return `Fired${when ? ` ${when}` : ""}${price}`;
}

/** Why an alert cannot be modified, or undefined: only an active one can (a fired one has done its work). */
export function alertModifyProblem(a: Pick<Alert, "status" | "tradingSymbol" | "triggeredAt" | "triggeredPrice" | "exchange">, today: string): string | undefined {
  if (a.status === "ACTIVE") return undefined;
  const what = a.status === "TRIGGERED" ? alertStatusText(a, today).replace(/^Fired/, "fired") : "was cancelled";
  return `Modify alert: the ${a.tradingSymbol} alert ${what}; only an active alert can be modified`;
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
