import { crosshairOrder } from "../../core/charts/orderLines/crosshairOrder";
import type { ChartLine } from "../../core/charts/orderLines/lines";
import { movedGtt, orderModifyBody } from "../../core/charts/orderLines/modify";
import { TICKS_PER_SHIFT_STEP } from "../../core/charts/orderLines/move";
import type { SelectionAction } from "../../core/charts/orderLines/selection";
import { formatPrice } from "../../core/format";
import { notify } from "../../core/notify";
import { gttTermsOf } from "../../core/rules/gtt";
import { judgePlaceAnswer } from "../../core/rules/orderSubmit";
import { modifyAnswerText, orderHead } from "../../core/rules/orderToast";
import { refusalText } from "../../core/rules/riskMessage";
import type { TransactionType } from "../../core/types/order";
import { submitGtt } from "../../data/api/gtt";
import { isNoAnswer, noAnswerText } from "../../data/api/http";
import { modifyOrder } from "../../data/api/orders";
import { ORDER_ERROR_TOAST_MS } from "../../data/config";
import { orderLinesOf, type OrderLinesControl } from "../../data/stores/chartOrderLines";
import { findGtt, refreshGtt } from "../../data/stores/gtt";
import { findOrder, refreshOrders } from "../../data/stores/orders";
import { workspace } from "../../data/stores/workspace";
import { openOrderWindow } from "../orderWindow";
import { command, type CommandContext } from "../types";
import { signedOut, whereTo } from "../whyNot";

/**
 * Orders on the chart (issue 34): the focused chart's order lines by keyboard. Tab / Shift+Tab
 * select a movable line, ↑/↓ move it a tick (Shift: ten), Enter sends one modify at the new price
 * and Esc puts it back (core/charts/orderLines/selection.ts); `b` / `s` with the crosshair on
 * open the order window at its price (core/charts/orderLines/crosshairOrder.ts). Their own scope,
 * so a chart's other keys (drawings, the crosshair) may share these keys: each defers (null) where
 * it has nothing to act on.
 */

/** A modify answered in this time, or the line is put back and the book shown (the order window's figure). */
const MODIFY_TIMEOUT_MS = 8000;

const paneOf = (ctx: CommandContext, a?: { paneId: string }) => a?.paneId ?? ctx.focusedPaneId;

function linesWhyNot(ctx: CommandContext, title: string): string | undefined {
  const out = signedOut(ctx);
  if (out) return out;
  if (ctx.focusedView !== "chart") return `${title} works in a chart: ${whereTo(ctx, ["chart"])}`;
  const c = orderLinesOf(ctx.focusedPaneId);
  if (!c) return `${title}: the chart is still drawing its candles`;
  if (c.selection().sending) return `${title}: the last modify is on its way`;
  return undefined;
}

/** The keys that act on a selected line; without one, null: the key is another chart command's. */
function selectedWhyNot(ctx: CommandContext, title: string, needsMove = false): string | null | undefined {
  const why = linesWhyNot(ctx, title);
  if (why) return why;
  const s = orderLinesOf(ctx.focusedPaneId)!.selection();
  if (s.selected === null) return null;
  if (needsMove && s.pending === null) return null;
  return undefined;
}

/** What a done modify says: the order window's own modify toast (the order update's text), or a bracket leg's move. */
function modifiedText(line: ChartLine, price: number, symbol: string): string | undefined {
  const t = line.target;
  if (t?.kind !== "order") return undefined;
  const o = findOrder(t.orderNo);
  if (!o) return undefined;
  if (t.field === "targetPrice" || t.field === "stopLossPrice") {
    return `Modified: ${t.field === "targetPrice" ? "target" : "stop"} of ${orderHead(o.quantity, o.transactionType, symbol)} to ₹${formatPrice(price, o.exchange)}`;
  }
  const trigger = o.slTriggerPrice || o.triggerPrice;
  return modifyAnswerText(
    { exchange: o.exchange, transactionType: o.transactionType, quantity: o.quantity, orderType: o.orderType, price: t.field === "price" ? price : o.price, slTriggerPrice: t.field === "slTriggerPrice" ? price : trigger },
    symbol,
  );
}

/**
 * Sends the one modify Enter asked for (the selection holds every other key until it is answered):
 * an order's through the modify route, a GTT's through the GTT modify. A refusal toasts the
 * catalogue's message; whatever the answer, the line then shows the book (a refused or unanswered
 * move puts it back where it was).
 */
async function sendMove(c: OrderLinesControl, send: { line: ChartLine; price: number }): Promise<void> {
  const { line, price } = send;
  try {
    const t = line.target;
    if (t?.kind === "order") {
      const text = modifiedText(line, price, c.tradingSymbol);
      const outcome = judgePlaceAnswer(await modifyOrder(t.orderNo, orderModifyBody(t, price), { timeout: MODIFY_TIMEOUT_MS, noAnswerShownByCaller: true }));
      if (outcome.kind === "refused") notify({ kind: "danger", text: refusalText(outcome.status, outcome.message), durationMs: ORDER_ERROR_TOAST_MS });
      else if (text) notify({ kind: "success", text });
      await refreshOrders();
    } else if (t?.kind === "gtt") {
      const entry = findGtt(t.gttId);
      const terms = entry ? gttTermsOf(entry, () => c.tradingSymbol) : undefined;
      if (!entry || !terms) notify({ kind: "danger", text: "That GTT is no longer listed: nothing was sent" });
      // submitGtt says how it went (the GTT toasts, named).
      else await submitGtt({ ...movedGtt(terms, t.leg, price, c.tickSize), token: entry.ScripCode }, t.gttId);
      await refreshGtt();
    }
  } catch (err) {
    // Other failures were told by the HTTP layer.
    if (isNoAnswer(err)) {
      notify({ kind: "danger", text: `${noAnswerText(err)}: the modify may not have reached it. The line shows the order book; move it again to retry.`, durationMs: ORDER_ERROR_TOAST_MS });
      void refreshOrders();
    }
  } finally {
    c.act({ kind: "answered" });
  }
}

function stepCommand<const Id extends string>(id: Id, keys: readonly string[], title: string, action: SelectionAction, needs: "lines" | "selected") {
  return command({
    id,
    keys,
    scope: "chartOrders",
    title,
    group: "Chart",
    keywords: ["order line", "orders on the chart", "modify", "move"],
    whyNot: (ctx) => {
      if (needs === "selected") return selectedWhyNot(ctx, title);
      const why = linesWhyNot(ctx, title);
      if (why) return why;
      return orderLinesOf(ctx.focusedPaneId)!.lines().some((l) => l.target) ? undefined : `${title}: this chart has no open order or GTT`;
    },
    run: (ctx) => {
      // Tab past the last line (Shift+Tab before the first) leaves the chart: the next pane (the
      // previous) takes the keys, as Tab leaves a region of a page (selection.ts, rule 1).
      const leave = orderLinesOf(ctx.focusedPaneId)?.act(action).leave;
      if (leave) workspace.focusBeside(leave === "forward" ? 1 : -1);
    },
  });
}

/** `b` / `s` at the crosshair; with the crosshair off, null: the key buys or sells the chart's instrument as anywhere. */
function atCrosshair(side: TransactionType) {
  const word = side === "BUY" ? "Buy" : "Sell";
  return command({
    id: side === "BUY" ? "chart.orders.buy" : "chart.orders.sell",
    keys: [side === "BUY" ? "b" : "s"],
    scope: "chartOrders",
    title: `Chart: ${word.toLowerCase()} at the crosshair's price (LIMIT, or SL on the far side of the price)`,
    group: "Chart",
    keywords: ["order", word.toLowerCase(), "crosshair", "limit", "stop"],
    whyNot: (ctx) => {
      const why = linesWhyNot(ctx, `${word} at the crosshair`);
      if (why) return why;
      return orderLinesOf(ctx.focusedPaneId)!.crosshairPrice() === undefined ? null : undefined;
    },
    run: async (ctx) => {
      const c = orderLinesOf(ctx.focusedPaneId);
      const at = c?.crosshairPrice();
      if (!c || at === undefined) return;
      const o = crosshairOrder(side, at, c.lastPrice(), c.tickSize);
      const prefill = o.priceType === "LIMIT" ? { orderType: "Regular" as const, priceType: "LIMIT" as const, price: o.price } : { orderType: "Regular" as const, priceType: "SL" as const, triggerPrice: o.triggerPrice, price: o.price };
      await openOrderWindow({ mode: "new", transactionType: side, exchange: c.exchange, token: String(c.token), symbol: c.tradingSymbol, prefill });
    },
  });
}

export const chartOrderCommands = [
  stepCommand("chart.orders.next", ["tab"], "Chart: select the next order line", { kind: "next" }, "lines"),
  stepCommand("chart.orders.previous", ["shift+tab"], "Chart: select the previous order line", { kind: "previous" }, "lines"),
  stepCommand("chart.orders.up", ["arrowup"], "Chart: move the selected order line a tick up", { kind: "move", ticks: 1 }, "selected"),
  stepCommand("chart.orders.down", ["arrowdown"], "Chart: move the selected order line a tick down", { kind: "move", ticks: -1 }, "selected"),
  stepCommand("chart.orders.up.more", ["shift+arrowup"], `Chart: move the selected order line ${TICKS_PER_SHIFT_STEP} ticks up`, { kind: "move", ticks: TICKS_PER_SHIFT_STEP }, "selected"),
  stepCommand("chart.orders.down.more", ["shift+arrowdown"], `Chart: move the selected order line ${TICKS_PER_SHIFT_STEP} ticks down`, { kind: "move", ticks: -TICKS_PER_SHIFT_STEP }, "selected"),
  command({
    id: "chart.orders.send",
    keys: ["enter"],
    scope: "chartOrders",
    title: "Chart: modify the order to the moved line's price",
    group: "Chart",
    keywords: ["order line", "modify", "send"],
    whyNot: (ctx) => selectedWhyNot(ctx, "Modify from the chart", true),
    // The bar's Modify button names its pane; the key acts on the focused one.
    run: async (ctx, a?: { paneId: string }) => {
      const c = orderLinesOf(paneOf(ctx, a));
      const send = c?.act({ kind: "send" }).send;
      if (c && send) await sendMove(c, send);
    },
  }),
  command({
    id: "chart.orders.revert",
    keys: ["escape"],
    scope: "chartOrders",
    title: "Chart: put the moved order line back (or deselect it)",
    group: "Chart",
    keywords: ["order line", "cancel move", "put back"],
    whyNot: (ctx) => selectedWhyNot(ctx, "Put the line back"),
    run: (ctx, a?: { paneId: string }) => void orderLinesOf(paneOf(ctx, a))?.act({ kind: "revert" }),
  }),
  atCrosshair("BUY"),
  atCrosshair("SELL"),
];
