import type { ToastKind } from "../notify";
import type { Exchange } from "../types/exchange";
import type { GttStatus, GttTriggerType } from "../types/gtt";
import type { TransactionType } from "../types/order";
import { formatPrice } from "../format";
import { orderHead } from "./orderToast";
import { gttLine } from "./gtt";

/**
 * What the broker says on the client's order topic when a GTT changes state by itself: it fired and
 * its order was placed (TRIGGERED) or refused (FAILED), or its year ran out (EXPIRED). Decision: a
 * push of its own, as basketRunMessage.ts is: a refused order leaves no order, so no order update
 * would ever say it, and the spec's only GTT refresh ("500 ms after an order update", trading-core
 * section 4) never came; the GTT tab read Active until it was left and opened again. The message
 * carries the GTT's terms, so a window says what happened without asking for the list first. A
 * cancel is the trader's own call (its answer says it), so it is not told here; the broker cancels
 * no GTT by itself.
 */
export const GTT_EVENT_MESSAGE_KIND = "gttEvent";

export type GttEventStatus = Extract<GttStatus, "TRIGGERED" | "FAILED" | "EXPIRED">;

export interface GttEventMessage {
  messageKind: typeof GTT_EVENT_MESSAGE_KIND;
  gttId: string;
  status: GttEventStatus;
  exchange: Exchange;
  tradingSymbol: string;
  transactionType: TransactionType;
  quantity: number;
  triggerType: GttTriggerType;
  /** The SINGLE leg, or the OCO target; leg2 the OCO stop-loss. */
  leg1: { trigger: number; price: number };
  leg2?: { trigger: number; price: number };
  /** The leg that fired, and the last price that fired it (TRIGGERED, FAILED). */
  leg?: 1 | 2;
  ltp?: number;
  /** The order the firing placed (TRIGGERED). */
  orderNo?: string;
  /** Why its order was refused, the order engine's code first (FAILED): "EC710: Kill switch is on …". */
  reason?: string;
}

const STATUSES: readonly string[] = ["TRIGGERED", "FAILED", "EXPIRED"];

export function isGttEventMessage(raw: unknown): raw is GttEventMessage {
  if (typeof raw !== "object" || raw === null) return false;
  const r = raw as Record<string, unknown>;
  const leg1 = r.leg1 as Record<string, unknown> | undefined;
  return (
    r.messageKind === GTT_EVENT_MESSAGE_KIND &&
    typeof r.gttId === "string" &&
    typeof r.status === "string" &&
    STATUSES.includes(r.status) &&
    typeof r.tradingSymbol === "string" &&
    typeof r.quantity === "number" &&
    typeof leg1 === "object" &&
    leg1 !== null &&
    typeof leg1.trigger === "number" &&
    typeof leg1.price === "number"
  );
}

/** "GTT 5" is the tag of the order GTT 5's trigger placed (server/gtt/engine.ts orderForLeg); its id, or undefined. */
export function gttIdOfTag(orderTag: string | undefined): string | undefined {
  return /^GTT (\d+)$/.exec(orderTag ?? "")?.[1];
}

const rupees = (value: number, exchange: Exchange) => `₹${formatPrice(value, exchange)}`;

/** The leg that fired, named as the GTT toasts name a leg (gtt.ts gttLine): "Qty 10 BUY INFY-EQ trigger ₹1,130.00 @ ₹1,131.00 (SINGLE GTT)". */
function firedLine(m: GttEventMessage): string {
  const l = m.leg === 2 && m.leg2 ? m.leg2 : m.leg1;
  const name = m.triggerType === "OCO" ? (m.leg === 2 ? "stop-loss " : "target ") : "";
  return `${orderHead(m.quantity, m.transactionType, m.tradingSymbol)} ${name}trigger ${rupees(l.trigger, m.exchange)} @ ${rupees(l.price, m.exchange)} (${m.triggerType} GTT)`;
}

/**
 * The one toast of a GTT's own change, worded as the other toasts (issue 28: what happened, to what,
 * then why), the price that fired it first because the trader did not act:
 *   FAILED    danger   "GTT triggered at ₹{ltp}, order refused: {fired leg}. {reason}"
 *   TRIGGERED success  "GTT triggered at ₹{ltp}, order {orderNo} placed: {fired leg}"
 *   EXPIRED   neutral  "GTT expired a year after it was placed: {the GTT, every leg}"
 */
export function gttEventToast(m: GttEventMessage): { kind: ToastKind; text: string } {
  const at = m.ltp === undefined ? "" : ` at ${rupees(m.ltp, m.exchange)}`;
  if (m.status === "FAILED") return { kind: "danger", text: `GTT triggered${at}, order refused: ${firedLine(m)}${m.reason ? `. ${m.reason}` : ""}` };
  if (m.status === "TRIGGERED") return { kind: "success", text: `GTT triggered${at}, order${m.orderNo ? ` ${m.orderNo}` : ""} placed: ${firedLine(m)}` };
  const terms = { exchange: m.exchange, transactionType: m.transactionType, quantity: m.quantity, tradingSymbol: m.tradingSymbol, triggerType: m.triggerType, leg1: m.leg1, ...(m.leg2 ? { leg2: m.leg2 } : {}) };
  return { kind: "neutral", text: `GTT expired a year after it was placed: ${gttLine(terms)}` };
}
