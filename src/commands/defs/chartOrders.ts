import { crosshairOrder } from "../../core/charts/orderLines/crosshairOrder";
import type { ChartLine } from "../../core/charts/orderLines/lines";
import { ORDER_LINE_REVERT_KEY, ORDER_LINE_SEND_KEY, ORDER_LINE_STEP_KEYS } from "../../core/charts/orderLines/keys";
import type { SelectionAction } from "../../core/charts/orderLines/selection";
import type { TransactionType } from "../../core/types/order";
import { TOOL_NAME } from "../../core/charts/drawings/types";
import { notify } from "../../core/notify";
import { drawEvent, drawingControl, drawingPane, placingDrawing } from "../../data/stores/chartDrawings";
import { orderLinesOf, type OrderLinesControl } from "../../data/stores/chartOrderLines";
import { workspace } from "../../data/stores/workspace";
import { openOrderWindow } from "../orderWindow";
import { sendLineMove } from "../orderLineMove";
import { command, type CommandContext } from "../types";
import { signedOut, whereTo } from "../whyNot";

/**
 * Orders on the chart (issue 34): the focused chart's order lines by keyboard. Tab / Shift+Tab
 * select a movable line, ↑/↓ move it a tick (Shift: ten), Enter sends one modify at the new price
 * and Esc puts it back (core/charts/orderLines/selection.ts); `b` / `s` with the crosshair on
 * open the order window at its price (core/charts/orderLines/crosshairOrder.ts). Their own scope,
 * so a chart's other keys (drawings, the crosshair) may share these keys: each defers (null) where
 * it has nothing to act on.
 *
 * One thing on a chart owns ↑ ↓ Enter Esc at a time (FINDINGS-25 s1: with a line selected, the
 * keys of a horizontal line being drawn moved the order and Enter sent its modify). Starting a
 * drawing deselects the line (selection.ts rule 7, chartDrawings.ts), and while a drawing is
 * placed the selected line's keys defer to it. Tab (Shift+Tab) while a drawing is placed abandons
 * the drawing and selects the line, rather than being refused: a refused Tab is left to the
 * browser, which moves the focus silently; the newest thing the trader started owns the keys, as
 * starting a drawing takes them from the line; and what is lost is only points not yet set.
 */

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

/** The keys that act on a selected line; without one, or while a drawing is placed, null: the key is another chart command's. */
function selectedWhyNot(ctx: CommandContext, title: string, needsMove = false): string | null | undefined {
  if (placingDrawing(ctx.focusedPaneId)) return null;
  const why = linesWhyNot(ctx, title);
  if (why) return why;
  const s = orderLinesOf(ctx.focusedPaneId)!.selection();
  if (s.selected === null) return null;
  if (needsMove && s.pending === null) return null;
  return undefined;
}

/** Sends the one modify Enter asked for; whatever the answer, the selection then holds no move in flight. */
async function sendMove(c: OrderLinesControl, send: { line: ChartLine; price: number }): Promise<void> {
  try {
    await sendLineMove(c, send);
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
    run: async (ctx) => {
      if (needs === "lines") await abandonDrawing(ctx);
      // Tab past the last line (Shift+Tab before the first) leaves the chart: the next pane (the
      // previous) takes the keys, as Tab leaves a region of a page (selection.ts, rule 1).
      const leave = orderLinesOf(ctx.focusedPaneId)?.act(action).leave;
      if (leave) workspace.focusBeside(leave === "forward" ? 1 : -1);
    },
  });
}

/** Tab while a drawing is placed: the drawing is abandoned, and says so (the hint it had goes). */
async function abandonDrawing(ctx: CommandContext): Promise<void> {
  const paneId = ctx.focusedPaneId;
  const control = drawingControl(paneId);
  const placing = paneId === undefined ? null : drawingPane(paneId).draw.placing;
  if (!paneId || !control || !placing) return;
  if (await drawEvent(paneId, control, { kind: "abandon" })) notify({ kind: "neutral", text: `${TOOL_NAME[placing.tool]} abandoned on ${control.symbol}: Tab selected an order line` });
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
  ...ORDER_LINE_STEP_KEYS.map((k) => stepCommand(k.id, k.keys, k.title, k.action, k.needs)),
  command({
    id: ORDER_LINE_SEND_KEY.id,
    keys: ORDER_LINE_SEND_KEY.keys,
    scope: "chartOrders",
    title: ORDER_LINE_SEND_KEY.title,
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
    id: ORDER_LINE_REVERT_KEY.id,
    keys: ORDER_LINE_REVERT_KEY.keys,
    scope: "chartOrders",
    title: ORDER_LINE_REVERT_KEY.title,
    group: "Chart",
    keywords: ["order line", "cancel move", "put back"],
    whyNot: (ctx) => selectedWhyNot(ctx, "Put the line back"),
    run: (ctx, a?: { paneId: string }) => void orderLinesOf(paneOf(ctx, a))?.act({ kind: "revert" }),
  }),
  atCrosshair("BUY"),
  atCrosshair("SELL"),
];
