import { cancelOrder } from "../../data/api/orders";
import { isNoAnswer, isOk, noAnswerText, type Envelope } from "../../data/api/http";
import { ORDER_ERROR_TOAST_MS } from "../../data/config";
import { csvFileName, ordersCsv, tradesCsv } from "../../core/csv";
import { isExchange } from "../../core/types/exchange";
import { notify } from "../../core/notify";
import { isDetailsAndRepeatStatus, isModifiableStatus, openOrders } from "../../core/rules/orderStatus";
import { findOrder, orders$, refreshOrders } from "../../data/stores/orders";
import { tabsOf } from "../../data/stores/tabs";
import { openOverlay } from "../../data/stores/ui";
import { replayDateNow } from "../../data/stores/replay";
import type { TransactionType } from "../../core/types/order";
import { TAB_SETS } from "../../core/rules/tabs";
import { refusedOrderHead } from "../../core/rules/orderToast";
import { openOrderWindow, submitOrderWindow } from "../orderWindow";
import { resolveContractLine } from "../contractLine";
import { sliceGroupOf } from "../../core/rules/slicing";
import { groupCancelLines, openSlicesOf } from "../../core/rules/sliceGroup";
import { cancelSliceGroup, sliceGroupModify, sliceGroupSlices } from "../sliceGroupOrders";
import { bracketGroupKey, toggleSliceGroup } from "../../data/stores/sliceGroups";
import { exportCsv } from "../download";
import { keepLineInPalette } from "../paletteLine";
import { brokerUnreachable } from "../../data/stores/brokerReach";
import { orderWindow$ } from "../../data/stores/orderWindow";
import { prefillOf, type OrderDraft } from "../grammar/order";
import { command, type CommandContext, type Selection } from "../types";
import { rowProduct } from "../../core/rules/rowProduct";
import { cancelQuestion } from "../../core/rules/orderCancel";
import type { Pcode } from "../../core/types/orderWindow";
import { selectedHolding } from "./portfolio";
import { all, orderWindowTakesKeys, signedIn } from "../when";
import { needsInstrument, needsRow, signedOut, TRADABLE_VIEWS } from "../whyNot";

/**
 * Order commands: buy and sell on the selected instrument, position or holding; modify, cancel,
 * repeat and info on the selected order; the command line's order; CSV exports (cancel all is
 * an armed bulk action: defs/bulk.ts).
 * Row buttons pass `{ orderNo }`; keys act on the selection.
 */
type Tradable = Extract<Selection, { kind: "instrument" | "position" | "holding" }>;

function tradable(ctx: CommandContext): Tradable | undefined {
  const s = ctx.selection;
  return s && (s.kind === "instrument" || s.kind === "position" || s.kind === "holding") ? s : undefined;
}

/** What an order row's button names; sliceGroup on a sliced order's line (its group's base key). */
interface OrderRow {
  orderNo: string;
  sliceGroup?: string;
}

/** The sliced order a key or button acts on as a whole: the folded line's group (an expanded slice's own row names none). */
function selectedSliceGroup(ctx: CommandContext, a: OrderRow | undefined): string | undefined {
  if (a) return a.sliceGroup;
  return ctx.selection?.kind === "order" ? ctx.selection.sliceGroup : undefined;
}

function selectedOrderNo(ctx: CommandContext, a: OrderRow | undefined): string | undefined {
  if (a) return a.orderNo;
  return ctx.selection?.kind === "order" ? ctx.selection.orderNo : undefined;
}

const CONTRACT_WORDS_NEED_BROKER = "The broker is unreachable: contract words (ATM, an expiry, a strike) are read from its live chain and spot. The line is kept: press Enter once the broker answers.";

/**
 * Why a key on the selected order cannot act: nobody signed in, no order under the cursor, or an
 * order whose status does not allow it (`allowed` says which do, in the spec's words).
 */
function orderWhyNot(ctx: CommandContext, doing: string, ok: (status: string) => boolean, allowed: string): string | undefined {
  const s = ctx.selection;
  if (s?.kind !== "order") return signedOut(ctx) ?? needsRow(ctx, doing, "an order", ["orders"]);
  if (ok(s.status)) return signedOut(ctx);
  const o = findOrder(s.orderNo);
  return `${doing}: ${o ? `${o.transactionType} ${o.tradingSymbol}` : `order ${s.orderNo}`} is ${s.status.toLowerCase()}; ${allowed}`;
}
const ONLY_OPEN = "only an open or pending order can be";
const tradableWhyNot = (ctx: CommandContext, doing: string) => signedOut(ctx) ?? (tradable(ctx) ? undefined : needsInstrument(ctx, doing, "an instrument, position or holding", TRADABLE_VIEWS));

function openOn(side: TransactionType, s: Tradable, ctx: CommandContext): Promise<void> {
  const exchange = s.exchange;
  if (!isExchange(exchange)) {
    notify({ kind: "danger", text: `Unknown exchange ${exchange}` });
    return Promise.resolve();
  }
  // A price the pane points at (a depth level) is the window's LIMIT price: what is shown is what is sent.
  const at = s.kind === "instrument" && s.price !== undefined ? { prefill: { orderType: "Regular" as const, priceType: "LIMIT" as const, price: s.price } } : {};
  // On a book's row, the row's product (rowProduct.ts): selling a holding sells the shares held, not an intraday short.
  const held = s.kind === "holding" ? selectedHolding(ctx) : undefined;
  const row = s.kind === "position" ? { kind: "position" as const, exchange, product: s.product as Pcode } : held ? { kind: "holding" as const, deliveryQty: held.deliveryQty, bnplQty: held.bnplQty } : undefined;
  const product = row ? { rowProduct: rowProduct(side, row) } : {};
  return openOrderWindow({ mode: "new", transactionType: side, exchange, token: String(s.token), symbol: s.symbol, ...at, ...product }).then(() => undefined);
}

/**
 * Sends a cancel and tells the trader how it went: the server's refusal as the spec's toast, or,
 * when the broker does not answer, that nothing was cancelled and how to try again. The book is
 * not refreshed then: it could not be read either, and what it shows has not changed. Both name
 * the order (`notDone`); a cancel that is done is told by the broker's cancelled update.
 */
async function sendCancel(send: () => Promise<Envelope<unknown>>, notDone: string, retry: string): Promise<"done" | "refused" | "no answer" | "failed"> {
  try {
    const env = await send();
    if (isOk(env)) return "done";
    notify({ kind: "danger", text: `${notDone}. Reason: ${env.message}`, durationMs: ORDER_ERROR_TOAST_MS });
    return "refused";
  } catch (err) {
    if (!isNoAnswer(err)) return "failed"; // told by the HTTP layer
    notify({ kind: "danger", text: `${notDone}. ${noAnswerText(err)}. ${retry}.`, durationMs: ORDER_ERROR_TOAST_MS });
    return "no answer";
  }
}

/** A command line's order window: its contract looked up, then the window opened on it; a line that cannot open stays in the palette with why. */
async function openLine(d: OrderDraft, typed: string): Promise<void> {
  if (d.contract) {
    // Contract words name a contract from the live chain and spot: nothing the app holds can stand in for them.
    if (brokerUnreachable()) return keepLineInPalette(typed, CONTRACT_WORDS_NEED_BROKER);
    // Contract words: the window opens on the contract they name now, and says how it was found.
    const c = await resolveContractLine(d.symbol, d.contract, d.exchange);
    if (!c) {
      if (brokerUnreachable()) keepLineInPalette(typed, CONTRACT_WORDS_NEED_BROKER);
      return;
    }
    const opened = await openOrderWindow({ mode: "new", transactionType: d.transactionType, exchange: c.exchange, token: c.token, symbol: c.tradingSymbol, prefill: prefillOf(d), ...(d.lots ? { lots: d.quantity } : {}), resolvedFrom: c.note, ...(d.risk ? { risk: d.risk } : {}), ...(d.bracket ? { bracket: d.bracket } : {}) }, { fromLine: true });
    if (opened.kind === "kept") keepLineInPalette(typed, opened.reason);
    return;
  }
  const opened = await openOrderWindow({ mode: "new", transactionType: d.transactionType, ...(d.exchange ? { exchange: d.exchange } : {}), symbol: d.symbol, prefill: prefillOf(d), ...(d.lots ? { lots: d.quantity } : {}), ...(d.risk ? { risk: d.risk } : {}), ...(d.bracket ? { bracket: d.bracket } : {}) }, { fromLine: true });
  if (opened.kind === "kept") keepLineInPalette(typed, opened.reason);
}

export const orderCommands = [
  command({
    id: "order.buy",
    keys: ["b"],
    title: "Buy the selected instrument",
    group: "Orders",
    keywords: ["order", "buy", "place"],
    whyNot: (ctx) => tradableWhyNot(ctx, "Buy"),
    run: (ctx) => openOn("BUY", tradable(ctx)!, ctx),
  }),
  command({
    id: "order.sell",
    keys: ["s"],
    title: "Sell the selected instrument",
    group: "Orders",
    keywords: ["order", "sell", "place"],
    whyNot: (ctx) => tradableWhyNot(ctx, "Sell"),
    run: (ctx) => openOn("SELL", tradable(ctx)!, ctx),
  }),
  command({
    // The order window's Enter and its Buy/Sell/Modify button. Not while one of its prompts
    // (AMO, surveillance, charges) is up: Enter is the prompt's then.
    id: "orderWindow.submit",
    keys: ["enter"],
    scope: "orderWindow",
    title: "Place the order in the order window",
    group: "Orders",
    keywords: ["submit", "send"],
    when: all(signedIn, orderWindowTakesKeys),
    run: () => submitOrderWindow(),
  }),
  command({
    id: "order.modify",
    keys: ["m"],
    title: "Modify the selected order",
    group: "Orders",
    whyNot: (ctx) => orderWhyNot(ctx, "Modify", isModifiableStatus, `${ONLY_OPEN} modified`),
    run: async (ctx, args?: OrderRow) => {
      const base = selectedSliceGroup(ctx, args);
      // A sliced order's line: one window for every open slice (two or more), or the one slice still open.
      const group = base ? sliceGroupModify(base) : undefined;
      const order = group?.order ?? findOrder(selectedOrderNo(ctx, args) ?? "");
      if (!order || !isModifiableStatus(order.orderStatus)) return;
      await openOrderWindow({ mode: "modify", transactionType: order.transactionType, exchange: order.exchange, token: order.instrumentId, symbol: order.tradingSymbol, order, ...group?.init });
    },
  }),
  command({
    id: "order.repeat",
    keys: ["r"],
    title: "Repeat the selected order",
    group: "Orders",
    whyNot: (ctx) => orderWhyNot(ctx, "Repeat", isDetailsAndRepeatStatus, "only a finished order (complete, cancelled, rejected) can be repeated"),
    run: async (ctx, args?: OrderRow) => {
      const order = findOrder(selectedOrderNo(ctx, args) ?? "");
      if (!order) return;
      await openOrderWindow({ mode: "repeat", transactionType: order.transactionType, exchange: order.exchange, token: order.instrumentId, symbol: order.tradingSymbol, order });
    },
  }),
  command({
    id: "order.info",
    // Enter on the order book opens the info of the row under the cursor, as `i` does.
    keys: ["i", "enter"],
    title: "Order info",
    group: "Orders",
    keywords: ["details", "history"],
    whyNot: (ctx) => orderWhyNot(ctx, "Order info", () => true, ""),
    run: (ctx, args?: OrderRow) => {
      const orderNo = selectedOrderNo(ctx, args);
      if (orderNo) openOverlay({ kind: "orderInfo", orderNo });
    },
  }),
  command({
    id: "order.cancel",
    keys: ["delete"],
    title: "Cancel the selected order",
    group: "Orders",
    whyNot: (ctx) => orderWhyNot(ctx, "Cancel", isModifiableStatus, `${ONLY_OPEN} cancelled`),
    run: (ctx, args?: OrderRow) => {
      const base = selectedSliceGroup(ctx, args);
      const slices = base ? sliceGroupSlices(base) : [];
      const open = openSlicesOf(slices);
      if (base && open.length > 1) {
        // Delete on a sliced order's line cancels every open slice: the dialog names each, and the confirm sends one cancel to each.
        openOverlay({ kind: "confirm", ...groupCancelLines(slices), commandId: "order.cancelSlices.confirmed", args: { sliceGroup: base, orderNos: open.map((o) => o.orderNo) } });
        return;
      }
      // The line of a group with one slice still open cancels that slice, as its own row does.
      const order = base ? open[0] : findOrder(selectedOrderNo(ctx, args) ?? "");
      if (!order || !isModifiableStatus(order.orderStatus)) return;
      openOverlay({
        kind: "confirm",
        title: "Cancel order",
        // The toasts' words (orderToast.ts) with the product; a part filled order's question says what stays (rules/orderCancel.ts).
        // It follows the book while open (ConfirmDialog): fills go on under it, and it must ask about what is true when answered.
        ...cancelQuestion(order),
        commandId: "order.cancel.confirmed",
        args: { orderNo: order.orderNo },
        cancelsOrder: order.orderNo,
      });
    },
  }),
  command({
    id: "order.cancel.confirmed",
    title: "Cancel order (confirmed)",
    group: "Orders",
    hidden: true,
    when: signedIn,
    run: async (_ctx, { orderNo }: OrderRow) => {
      const order = findOrder(orderNo);
      // Filled whole or cancelled while the question was open: it said nothing is left to cancel, and no cancel is sent.
      if (order && !isModifiableStatus(order.orderStatus)) return;
      // Decision: fewer left than the question last said (a fill between its drawing and Enter) still cancels what remains; the Cancelled toast gives the broker's final figures.
      const what = order ? refusedOrderHead("cancel", order) : `Order ${orderNo} not cancelled`;
      const sent = await sendCancel(() => cancelOrder(orderNo, { noAnswerShownByCaller: true }), what, "Press Delete to try again");
      // "Order, modify or cancel error: red toast with the server message, 4500 ms (cancels 5000 ms)".
      if (sent === "refused" || sent === "done") await refreshOrders();
    },
  }),
  command({
    id: "order.cancelSlices.confirmed",
    title: "Cancel the slices of a sliced order (confirmed)",
    group: "Orders",
    hidden: true,
    when: signedIn,
    run: (_ctx, a: { sliceGroup: string; orderNos: string[] }) => cancelSliceGroup(a.sliceGroup, a.orderNos),
  }),
  command({
    // Issue 19: a sliced order is one line of the book; `o` shows its slices under it, or folds them.
    id: "orders.slices.toggle",
    keys: ["o"],
    scope: "orders",
    title: "Show or fold the slices or bracket legs of the selected order",
    group: "Orders",
    keywords: ["slices", "expand", "freeze quantity", "bracket", "legs", "targets", "stop"],
    whyNot: (ctx) => {
      const no = orderWhyNot(ctx, "Slices", () => true, "");
      if (no !== undefined) return no;
      const o = findOrder(selectedOrderNo(ctx, undefined) ?? "");
      // Issue 33: a bracket's entry shows its targets and stop under it the same way.
      if (o?.bracket && o.mainLegOrderId === "") return undefined;
      return sliceGroupOf(o?.clientOrderKey) === undefined ? `Slices: ${o ? `${o.transactionType} ${o.tradingSymbol}` : "this order"} went out whole, not in slices, and carries no bracket` : undefined;
    },
    run: (ctx, args?: OrderRow) => {
      const o = findOrder(selectedOrderNo(ctx, args) ?? "");
      if (o?.bracket && o.mainLegOrderId === "") {
        toggleSliceGroup(bracketGroupKey(o.orderNo));
        return;
      }
      const g = sliceGroupOf(o?.clientOrderKey);
      if (g) toggleSliceGroup(g.base);
    },
  }),
  command({
    // What the palette runs for "buy INFY 10 @ 1500 ...": the window opens pre-filled; Enter places.
    id: "order.line",
    title: "Order from the command line",
    group: "Orders",
    hidden: true,
    when: signedIn,
    run: async (_ctx, a: { draft: OrderDraft; typed?: string }) => {
      const d = a.draft;
      // Until its window shows, an Enter on the panes under the closed palette is this line's (core/rules/enterEcho.ts).
      const opening = { symbol: d.symbol, enterHeld: false };
      orderWindow$.lineOpening.set(opening);
      try {
        await openLine(d, a.typed ?? "");
      } finally {
        // A line refused or kept: the gap is over (an opened window cleared it as it showed).
        if (orderWindow$.lineOpening.peek()?.symbol === opening.symbol) orderWindow$.lineOpening.set(undefined);
      }
    },
  }),
  command({
    id: "orders.export",
    title: "Export orders to CSV",
    group: "Orders",
    keywords: ["csv", "download", "report"],
    when: signedIn,
    run: async () => {
      if (!orders$.loaded.peek()) await refreshOrders();
      const tab = tabsOf("orders").tab;
      const report = TAB_SETS.orders?.[tab === 3 ? 0 : tab] ?? "All";
      const list = tab === 1 ? openOrders(orders$.orders.peek()) : orders$.orders.peek();
      exportCsv(csvFileName(report, "orders", replayDateNow()), ordersCsv(list), "The orders");
    },
  }),
  command({
    id: "orders.trades.export",
    title: "Export the trade book to CSV",
    group: "Orders",
    keywords: ["csv", "download", "trades", "tradebook"],
    when: signedIn,
    run: async () => {
      if (!orders$.loaded.peek()) await refreshOrders();
      exportCsv(csvFileName("Tradebook", "tradebook", replayDateNow()), tradesCsv(orders$.trades.peek()), "The trade book");
    },
  }),
];
