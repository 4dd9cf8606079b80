import type { ToastKind } from "../notify";
import type { Exchange } from "../types/exchange";
import type { GttEntry, GttStatus, GttTriggerType } from "../types/gtt";
import type { TransactionType } from "../types/order";
import { formatPrice } from "../format";
import { orderLine, orderNoPart, productPart } from "./orderToast";
import { gttLine, gttOrderProduct } from "./gtt";

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

/** What a GTT's firing is told by: the GTT's terms, the leg that fired with its limit price, the last price that fired it, the order it placed. */
export interface GttFiring {
  triggerType: GttTriggerType;
  tradingSymbol: string;
  exchange: Exchange;
  transactionType: TransactionType;
  quantity: number;
  leg?: 1 | 2;
  /** The fired leg's limit price: the order's price. */
  price: number;
  ltp?: number;
  orderNo?: string;
}

/** An OCO's fired leg by name ("stop-loss leg"; leg 1 the target, leg 2 the stop-loss); a SINGLE has one leg, nothing to name. */
export function firedLegName(f: Pick<GttFiring, "triggerType" | "leg">): string | undefined {
  if (f.triggerType !== "OCO" || f.leg === undefined) return undefined;
  return f.leg === 2 ? "stop-loss leg" : "target leg";
}

/** "stop-loss leg triggered at ₹1,120.00": which leg fired (an OCO's), at the last price that fired it. */
function legTriggered(f: GttFiring): string {
  const leg = firedLegName(f);
  const at = f.ltp === undefined ? "" : ` at ${rupees(f.ltp, f.exchange)}`;
  return `${leg ? `${leg} ` : ""}triggered${at}`;
}

/** The order a fired leg places, in the toasts' words (orderToast.ts orderLine, {product}): "Qty 10 SELL INFY-EQ @ ₹1,119.00 (LIMIT Order) DELIVERY". */
function firedOrder(f: GttFiring): string {
  const order = orderLine({ quantity: f.quantity, transactionType: f.transactionType, tradingSymbol: f.tradingSymbol, orderType: "LIMIT", exchange: f.exchange, price: f.price, slTriggerPrice: 0 });
  return `${order}${productPart(gttOrderProduct(f.exchange))}`;
}

/**
 * FINDINGS-26 s4: which leg fired, at what price, and the order it placed in the toasts' words
 * (orderToast.ts orderLine, {product}, {no}): "stop-loss leg triggered at ₹1,120.00, placed Qty 10
 * SELL INFY-EQ @ ₹1,119.00 (LIMIT Order) DELIVERY, order 251206000123". The toast and the GTT list say it.
 */
export function gttFiredWords(f: GttFiring): string {
  return `${legTriggered(f)}, placed ${firedOrder(f)}${orderNoPart(f.orderNo)}`;
}

/**
 * A firing whose order was refused, in gttFiredWords' words (issue 28: what happened, to what, then
 * why): "stop-loss leg triggered at ₹1,120.00, order refused: Qty 10 SELL INFY-EQ @ ₹1,119.00
 * (LIMIT Order) DELIVERY. EC710: Kill switch is on …". The toast and the GTT list (row, info) say it.
 * Decisions: what was refused is named as the order the leg would have placed, the same words the
 * placed case uses, not as the GTT's leg ("trigger ₹1,120.00 @ ₹1,119.00 (OCO GTT)"): the broker
 * refused an order, and the two outcomes of one firing then differ only in "placed" / "order
 * refused". "order refused" rather than "refused" alone: it is the words the row's short line
 * already says under Failed. No order number, none was booked. The reason follows as a sentence of
 * its own (". EC710: …", the order engine's code first), as the GTT form's warning follows its toast;
 * without a reason the sentence ends with the order.
 */
export function gttRefusedWords(f: GttFiring, reason: string | undefined): string {
  return `${legTriggered(f)}, order refused: ${firedOrder(f)}${reason ? `. ${reason}` : ""}`;
}

/**
 * The one toast of a GTT's own change, worded as the other toasts (issue 28: what happened, to what,
 * then why), the leg and the price that fired it before its order, because the trader did not act:
 *   FAILED    danger   "GTT {type} {instrument}: {gttRefusedWords}"
 *   TRIGGERED success  "GTT {type} {instrument}: {gttFiredWords}" (FINDINGS-26 s4: it names the leg and the order's product)
 *   EXPIRED   neutral  "GTT expired a year after it was placed: {the GTT, every leg}"
 */
export function gttEventToast(m: GttEventMessage): { kind: ToastKind; text: string } {
  if (m.status === "FAILED" || m.status === "TRIGGERED") {
    const firing: GttFiring = { ...m, price: (m.leg === 2 && m.leg2 ? m.leg2 : m.leg1).price };
    const gtt = `GTT ${m.triggerType} ${m.tradingSymbol}`;
    if (m.status === "FAILED") return { kind: "danger", text: `${gtt}: ${gttRefusedWords(firing, m.reason)}` };
    return { kind: "success", text: `${gtt}: ${gttFiredWords(firing)}` };
  }
  const terms = { exchange: m.exchange, transactionType: m.transactionType, quantity: m.quantity, tradingSymbol: m.tradingSymbol, triggerType: m.triggerType, leg1: m.leg1, ...(m.leg2 ? { leg2: m.leg2 } : {}), gttId: m.gttId };
  return { kind: "neutral", text: `GTT expired a year after it was placed: ${gttLine(terms)}` };
}

/**
 * What a fired GTT's list row and info say of its firing (FINDINGS-26 s4), from its entry's
 * TriggeredLeg, TriggeredPrice, OrderNo and FailedReason (src/core/wire/gtt.ts): `short` under its
 * status ("stop-loss leg, order 251206000123"; a SINGLE: "order …"; refused: "…, order refused"),
 * `words` the whole of it as the toast said it (gttFiredWords, gttRefusedWords). Undefined for a GTT that has not fired, or whose broker does not say.
 */
export function gttEntryFired(e: GttEntry, exchange: Exchange, tradingSymbol: string): { short: string; words: string } | undefined {
  const fired = e.Status === "TRIGGERED" || e.Status === "FAILED";
  if (!fired || e.TriggeredLeg === undefined) return undefined;
  const leg = e.TriggeredLeg;
  const f: GttFiring = {
    triggerType: e.TriggerType,
    tradingSymbol,
    exchange,
    transactionType: e.GTTBuySell === "B" ? "BUY" : "SELL",
    quantity: e.Qty,
    leg,
    price: leg === 2 ? e.EntryPrice2 : e.EntryPrice1,
    ...(e.TriggeredPrice !== undefined ? { ltp: e.TriggeredPrice } : {}),
    ...(e.OrderNo ? { orderNo: e.OrderNo } : {}),
  };
  const name = firedLegName(f);
  if (e.Status === "FAILED") return { short: name ? `${name}, order refused` : "order refused", words: gttRefusedWords(f, e.FailedReason) };
  const order = e.OrderNo ? `order ${e.OrderNo}` : "order placed";
  return { short: name ? `${name}, ${order}` : order, words: gttFiredWords(f) };
}
