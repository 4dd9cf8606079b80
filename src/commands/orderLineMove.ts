import type { ChartLine } from "../core/charts/orderLines/lines";
import { gttChangedSince, gttLineMove, gttMovedStaleText } from "../core/charts/orderLines/modify";
import { orderLineMove } from "../core/charts/orderLines/orderMove";
import { formatPrice } from "../core/format";
import { notify } from "../core/notify";
import { gttIsActive, gttTermsOf } from "../core/rules/gtt";
import { judgePlaceAnswer } from "../core/rules/orderSubmit";
import { modifyAnswerText, modifyTelling, orderHead, orderNoPart, productPart, refusedOrderText } from "../core/rules/orderToast";
import { refusalText } from "../core/rules/riskMessage";
import { submitGtt } from "../data/api/gtt";
import { isNoAnswer, noAnswerText } from "../data/api/http";
import { modifyOrder } from "../data/api/orders";
import { ORDER_ERROR_TOAST_MS } from "../data/config";
import { findGtt, gtt$, refreshGtt } from "../data/stores/gtt";
import { findOrder, orders$, refreshOrders } from "../data/stores/orders";

/** A modify answered in this time, or the line is put back and the book shown (the order window's figure). */
const MODIFY_TIMEOUT_MS = 8000;

/** What an order line's move sends (orderMove.ts: its figure, and an SL's limit with its trigger); only the tick matters to it here, the bar having checked the band. */
const bodyOf = (t: Extract<ChartLine["target"], { kind: "order" }>, line: ChartLine, price: number, tickSize: number) => orderLineMove(t, line.price, price, { tickSize, lowerCircuit: 0, upperCircuit: 0 }).body;

/** The order a line's move asks for: the book's order with what the move sends (a bracket leg's move leaves the entry's own). */
function movedTerms(line: ChartLine, price: number, c: MovedLineChart) {
  const t = line.target;
  if (t?.kind !== "order") return undefined;
  const o = findOrder(t.orderNo);
  if (!o) return undefined;
  const body = bodyOf(t, line, price, c.tickSize);
  const trigger = o.slTriggerPrice || o.triggerPrice;
  return { exchange: o.exchange, transactionType: o.transactionType, quantity: o.quantity, orderType: o.orderType, tradingSymbol: c.tradingSymbol, price: body.price ?? o.price, slTriggerPrice: body.slTriggerPrice ?? trigger, product: o.product, orderNo: o.orderNo, filledQuantity: o.filledQuantity };
}

/** What a done modify says: the order window's own modify toast (the order update's text), or a bracket leg's move. */
function modifiedText(line: ChartLine, price: number, c: MovedLineChart): string | undefined {
  const t = line.target;
  const o = movedTerms(line, price, c);
  if (t?.kind !== "order" || !o) return undefined;
  if (t.field === "targetPrice" || t.field === "stopLossPrice") return `Modified: ${bracketLegMove(t.field, o, price)}`;
  return modifyAnswerText(o, c.tradingSymbol, o.orderNo, o.filledQuantity);
}

/** A bracket leg's move, named as every order toast names an order (its product and number after it): "target of Qty 10 BUY INFY-EQ to ₹1,550.00 INTRADAY, order N". */
function bracketLegMove(field: "targetPrice" | "stopLossPrice", o: NonNullable<ReturnType<typeof movedTerms>>, price: number): string {
  return `${field === "targetPrice" ? "target" : "stop"} of ${orderHead(o.quantity, o.transactionType, o.tradingSymbol, o.exchange)} to ₹${formatPrice(price, o.exchange)}${productPart(o.product)}${orderNoPart(o.orderNo)}`;
}

/**
 * What a refused move says: the order window's refused modify (rules/orderToast.ts refusedOrderText),
 * "Not modified: Qty 5 SELL INFY-EQ trigger ₹1,128.30 @ ₹1,126.80 (SL Order) INTRADAY, order N7.
 * {why}": the order as moved (its product and number, as the Modified toast names them), then why.
 * The bare reason named no order, and a chart may show several lines of one instrument. Without the
 * order in the book, the reason.
 */
function refusedText(line: ChartLine, price: number, c: MovedLineChart, why: string): string {
  const o = movedTerms(line, price, c);
  const t = line.target;
  if (!o || t?.kind !== "order") return why;
  if (t.field === "targetPrice" || t.field === "stopLossPrice") return `Not modified: ${bracketLegMove(t.field, o, price)}. ${why}`;
  return refusedOrderText("modify", o, why);
}

/** The instrument a moved line is on, as the modify's toasts name it and a GTT leg steps. */
export interface MovedLineChart {
  tradingSymbol: string;
  tickSize: number;
}

/**
 * Sends the one modify Enter asked for (the selection holds every other key until it is answered):
 * an order's through the modify route, a GTT's through the GTT modify, on this window's session. A
 * refusal toasts the catalogue's message; whatever the answer, the books are read again, so every
 * chart draws the line where the book has it (a refused or unanswered move is back where it was).
 * Used by the chart pane's Enter, the pop-out chart's, and the full chart page's (which has no
 * session and asks the app's window: panes/chart/orderLines/pageBridge.ts).
 */
export async function sendLineMove(c: MovedLineChart, send: { line: ChartLine; price: number }): Promise<void> {
  const { line, price } = send;
  try {
    const t = line.target;
    // A window that never showed the book (the page's opener, a pop-out) reads it first: the toast names the order.
    if (t?.kind === "order" && !orders$.loaded.peek()) await refreshOrders();
    if (t?.kind === "order") {
      const text = modifiedText(line, price, c);
      // A bracket leg's move ("Modified: target of …") has its own text, which no update repeats.
      const brokerId = t.field === "price" || t.field === "slTriggerPrice" ? findOrder(t.orderNo)?.brokerOrderId : undefined;
      const outcome = judgePlaceAnswer(await modifyOrder(t.orderNo, bodyOf(t, line, price, c.tickSize), { timeout: MODIFY_TIMEOUT_MS, noAnswerShownByCaller: true }));
      if (outcome.kind === "refused") notify({ kind: "danger", text: refusedText(line, price, c, refusalText(outcome.status, outcome.message)), durationMs: ORDER_ERROR_TOAST_MS });
      // An order's own line tells the modify its update tells again: one toast (rules/toastRepeats.ts).
      else if (text) notify({ kind: "success", text, ...(brokerId ? { tells: modifyTelling(brokerId, "answer") } : {}) });
      await refreshOrders();
    } else if (t?.kind === "gtt") {
      // FINDINGS-29 s1: a GTT modify replaces the whole GTT, so its terms are the broker's, read now, never
      // this window's copy: one another window changed (its quantity) would be put back by a one-tick nudge.
      await refreshGtt();
      const unread = gtt$.error.peek();
      const entry = unread === undefined ? findGtt(t.gttId) : undefined;
      const now = entry ? gttTermsOf(entry, () => c.tradingSymbol) : undefined;
      const move = entry ? gttLineMove(entry, c.tradingSymbol, t.leg, price, c.tickSize) : undefined;
      if (unread !== undefined) notify({ kind: "danger", text: `GTT not modified: the GTT book could not be read (${unread}), so nothing was sent`, durationMs: ORDER_ERROR_TOAST_MS });
      else if (!entry || !now || !move || !gttIsActive(entry)) notify({ kind: "danger", text: "That GTT is no longer active: nothing was sent" });
      // The bar showed the figures of the GTT the line was drawn from: changed since, the trader has not seen what Enter would send.
      else if (gttChangedSince(t.entry, entry)) notify({ kind: "danger", text: gttMovedStaleText(now), durationMs: ORDER_ERROR_TOAST_MS });
      // submitGtt says how it went (the GTT toasts, named).
      else await submitGtt({ ...move.terms, ...(move.trail ? { trail: move.trail } : {}), token: entry.ScripCode }, t.gttId);
      await refreshGtt();
    }
  } catch (err) {
    // Other failures were told by the HTTP layer.
    if (isNoAnswer(err)) {
      notify({ kind: "danger", text: `${noAnswerText(err)}: the modify may not have reached it. The line shows the order book; move it again to retry.`, durationMs: ORDER_ERROR_TOAST_MS });
      void refreshOrders();
    }
  }
}

