import { addFunds, convertPosition, type ConvertPositionRequest } from "../../data/api/portfolio";
import { csvFileName, holdingsCsv } from "../../core/csv";
import { notify } from "../../core/notify";
import { conversionLine, convertTargets } from "../../core/rules/positionConvert";
import { checkConversion } from "../../core/rules/positionActions";
import { positionKey } from "../../core/rules/positionKey";
import { exitWindowPrefill, holdingExit, positionExit, type ExitIntent } from "../../core/rules/positionExit";
import { soldFromHoldings } from "../../core/rules/positions";
import { exitBeyondWorking } from "../../core/rules/exitWorking";
import { orders$, refreshOrders } from "../../data/stores/orders";
import { replayDateNow } from "../../data/stores/replay";
import { deriveHolding } from "../../core/rules/holdings";
import { peekLtp } from "../../feed/session";
import { holdingInstrument, holdingRows, holdings$, positions$, refreshHoldings, refreshLimits, refreshPositions } from "../../data/stores/portfolio";
import { openOverlay } from "../../data/stores/ui";
import type { HoldingView, Position } from "../../core/types";
import type { Product } from "../../core/types/order";
import { productLabel } from "../../core/format";
import { fundsAddedText } from "../../core/rules/funds";
import { submitDialog, type FormOutcome } from "../form";
import { command, type CommandContext } from "../types";
import { signedIn } from "../when";
import { exportCsv } from "../download";
import { openOrderWindow } from "../orderWindow";
import { cursorKey, putCursorOn } from "../listCursor";
import { needsRow, outsideViews, signedOut } from "../whyNot";
import { SCOPES } from "../scopes";


/** The position under the cursor: the one whose key (exchange, token, product, BO/CO) the selection carries. */
export function selectedPosition(ctx: CommandContext): Position | undefined {
  const s = ctx.selection;
  if (s?.kind !== "position") return undefined;
  const key = positionKey(s);
  return positions$.rows.peek().find((p) => positionKey(p) === key);
}

export function selectedHolding(ctx: CommandContext): HoldingView | undefined {
  const s = ctx.selection;
  if (s?.kind !== "holding") return undefined;
  return holdingRows(holdings$.rows.peek(), 0).find((h) => {
    const i = holdingInstrument(h);
    return i.exchange === s.exchange && Number(i.token) === s.token;
  });
}

/** Where each key of these commands works, as its scope declares it (scopes.ts): the reasons name the same panes `?` does. */
const viewsOf = (scope: "portfolio" | "positions" | "holdings"): readonly string[] => SCOPES[scope].views;
const nameOf = (p: Position) => `${p.tradingSymbol} ${productLabel(p.product)}`;

/** Why x cannot exit the selection: no position or holding under the cursor, or a BO/CO position (it leaves through its own legs). */
function exitWhyNot(ctx: CommandContext): string | undefined {
  if (exitOfSelection(ctx)) return undefined;
  const p = selectedPosition(ctx);
  const sold = p ? soldFromHoldings(p) : 0;
  if (p && sold > 0) return `Exit: ${nameOf(p)}: the ${sold} sold came out of your holdings; nothing is open to exit`;
  if (p) return `Exit: ${nameOf(p)} is a ${p.type} position; it leaves through its own legs (cancel or exit them in Orders)`;
  return signedOut(ctx) ?? needsRow(ctx, "Exit", "a position or holding", viewsOf("portfolio"));
}

function convertWhyNot(ctx: CommandContext): string | undefined {
  const p = selectedPosition(ctx);
  if (!p) return signedOut(ctx) ?? needsRow(ctx, "Convert", "a position", viewsOf("positions"));
  if (p.netQuantity === 0) return `Convert: ${nameOf(p)} is closed; only an open position converts`;
  const sold = soldFromHoldings(p);
  if (sold > 0) return `Convert: ${nameOf(p)}: the ${sold} sold came out of your holdings; nothing is open to convert`;
  return convertTargets(p).length === 0 ? `Convert: ${nameOf(p)} has no product it may convert to` : undefined;
}

function exitOfSelection(ctx: CommandContext): ExitIntent | undefined {
  const p = selectedPosition(ctx);
  if (p) return p.type === "BO" || p.type === "CO" ? undefined : exitBeyondWorking(positionExit(p), orders$.orders.peek());
  const h = selectedHolding(ctx);
  return h ? holdingExit(h, holdingInstrument(h)) : undefined;
}

/**
 * The exit of the selection in the order window's exit mode, pre-filled with the opposite side,
 * the open quantity not already exited by working orders (in lots where the window shows lots)
 * and the product.
 */
function openExit(e: ExitIntent): Promise<void> {
  const lotSize = positions$.rows.peek().find((p) => p.exchange === e.exchange && p.token === e.token)?.lotsize ?? 1;
  return openOrderWindow({
    mode: "exit",
    transactionType: e.transactionType,
    exchange: e.exchange,
    token: e.token,
    symbol: e.tradingSymbol,
    prefill: exitWindowPrefill(e, lotSize),
    ...(e.note ? { note: e.note } : {}),
  }).then(() => undefined);
}

/** What the convert dialog submits: the position it was opened on, the product chosen and the quantity as typed. */
export interface ConvertForm {
  position: Position;
  product: Product | undefined;
  quantity: string;
}

/** The conversion as sent, when the rules (trading-core section 2) allow it; else why not. */
function conversionRequest(p: Position, product: Product | undefined, quantity: number): { ok: true; request: ConvertPositionRequest } | { ok: false; problem: string } {
  if (!product) return { ok: false, problem: "Choose the product to convert to" };
  const verdict = checkConversion(p, product, quantity);
  if (!verdict.ok) return { ok: false, problem: verdict.message };
  const request: ConvertPositionRequest = {
    exchange: p.exchange,
    instrumentId: p.token,
    transactionType: p.netQuantity > 0 ? "BUY" : "SELL",
    quantity,
    oldProduct: p.product,
    newProduct: product,
  };
  return { ok: true, request };
}

async function sendConversion(ctx: CommandContext, form: ConvertForm): Promise<FormOutcome> {
  const p = form.position;
  const made = conversionRequest(p, form.product, Number(form.quantity));
  if (!made.ok) return made.problem;
  const req = made.request;
  const line = conversionLine(req, p.tradingSymbol);
  // Whether the cursor was on the converted row is read before the refresh can move it.
  const onIt = ctx.focusedPaneId !== undefined && cursorKey(ctx.focusedPaneId) === positionKey(p);
  let converted = false;
  try {
    const r = await convertPosition(req);
    converted = r.ok;
    if (r.ok) notify({ kind: "success", text: `Converted: ${line}` });
    else notify({ kind: "danger", text: `Not converted: ${line}. Reason: ${r.message}` });
  } catch {
    /* told by the HTTP layer */
  }
  // A conversion into or out of DELIVERY moves shares in the holdings as well.
  await Promise.all([refreshPositions(), refreshHoldings(), refreshLimits()]);
  if (converted && onIt) followConverted(ctx.focusedPaneId!, req, p.tradingSymbol);
  return converted;
}

/** What the add-funds dialog submits: the amount as typed (the pool is one for every segment). */
export interface AddFundsForm {
  amount: string;
}

async function sendAddFunds(form: AddFundsForm): Promise<FormOutcome> {
  const amount = Number(form.amount);
  if (!Number.isFinite(amount) || amount <= 0) return "Enter an amount above ₹0";
  const r = await addFunds(amount);
  await refreshLimits();
  if (!r.ok) return r.message;
  notify({ kind: "success", text: fundsAddedText(amount) });
  return true;
}

/**
 * After a convert of a position's whole open quantity, the cursor that was on it goes with the
 * quantity to its new product: the old row is closed or gone (nothing else traded in it), with nothing left to exit or convert, and
 * the trader's next key (`x`) means the quantity they just moved. A part converted leaves the
 * cursor on the row they chose, which still holds the rest.
 */
function followConverted(paneId: string, req: ConvertPositionRequest, symbol: string): void {
  const from = positionKey({ exchange: req.exchange, token: req.instrumentId, product: req.oldProduct });
  const left = positions$.rows.peek().find((p) => positionKey(p) === from);
  if (left && left.netQuantity !== 0) return;
  putCursorOn(
    paneId,
    positionKey({ exchange: req.exchange, token: req.instrumentId, product: req.newProduct }),
    `${symbol} ${productLabel(req.oldProduct)} position converted to ${productLabel(req.newProduct)}: cursor on ${symbol} ${productLabel(req.newProduct)} position`,
  );
}

export const portfolioCommands = [
  command({
    // DESIGN.md section 3: "`x` exit the selected position"; on holdings it sells the holding.
    id: "portfolio.exit",
    keys: ["x"],
    scope: "portfolio",
    title: "Exit selected position or holding",
    group: "Portfolio",
    keywords: ["exit", "square off", "sell holding"],
    whyNot: exitWhyNot,
    run: async (ctx) => {
      // The exit counts the working orders already exiting the position (rules/exitWorking.ts): the book's first reader loads it.
      if (!orders$.loaded.peek()) await refreshOrders();
      const intent = exitOfSelection(ctx);
      if (intent) return openExit(intent);
    },
  }),
  command({
    id: "position.convert",
    keys: ["v"],
    scope: "positions",
    title: "Convert position",
    group: "Portfolio",
    keywords: ["intraday", "delivery", "product", "carry forward"],
    whyNot: convertWhyNot,
    run: (ctx) => {
      const p = selectedPosition(ctx);
      if (p) openOverlay({ kind: "convertPosition", position: p });
    },
  }),
  command({
    // The dialog's Convert: PUT v2/positions; a failure is "a danger toast with the server message".
    id: "position.convert.send",
    title: "Send position conversion",
    group: "Portfolio",
    hidden: true,
    when: signedIn,
    run: (ctx, form: ConvertForm) => submitDialog("convertPosition", () => sendConversion(ctx, form)),
  }),
  command({
    id: "position.info",
    keys: ["i"],
    title: "Position info",
    group: "Portfolio",
    scope: "positions",
    whyNot: (ctx) => (selectedPosition(ctx) ? undefined : (signedOut(ctx) ?? needsRow(ctx, "Position info", "a position", viewsOf("positions")))),
    run: (ctx) => {
      const p = selectedPosition(ctx);
      if (p) openOverlay({ kind: "positionInfo", position: p });
    },
  }),
  command({
    id: "position.refresh",
    title: "Refresh positions and holdings",
    group: "Portfolio",
    when: signedIn,
    run: async () => {
      await Promise.all([refreshPositions(), refreshHoldings(), refreshLimits()]);
    },
  }),

  command({
    // trading-core section 9, "CSV export": the spec's holdings columns, a totals footer, the file named after the report.
    id: "holdings.export",
    keys: ["e"],
    title: "Export holdings to CSV",
    group: "Portfolio",
    scope: "holdings",
    keywords: ["csv", "download", "report"],
    whyNot: (ctx) =>
      signedOut(ctx) ??
      outsideViews(ctx, "Export holdings", viewsOf("holdings")) ??
      (holdings$.loaded.peek() ? undefined : "Export holdings: the holdings are still loading"),
    run: (ctx) => {
      // The file carries the prices on screen: each holding at its live last price.
      const views = holdingRows(holdings$.rows.peek(), 0).map((h) => {
        const i = holdingInstrument(h);
        return deriveHolding({ ...h, ltp: peekLtp(i.exchange, Number(i.token), h.ltp) }, h.bnplQty, h.deliveryQty);
      });
      exportCsv(csvFileName("holdings", "holdings", replayDateNow()), holdingsCsv(ctx.clientCode ?? "", views), "The holdings");
    },
  }),
  command({
    id: "funds.add",
    title: "Add funds",
    group: "Funds",
    keywords: ["deposit", "payin", "money"],
    when: signedIn,
    run: () => {
      openOverlay({ kind: "addFunds" });
    },
  }),
  command({
    id: "funds.add.send",
    title: "Send add funds",
    group: "Funds",
    hidden: true,
    when: signedIn,
    run: (_ctx, form: AddFundsForm) => submitDialog("addFunds", () => sendAddFunds(form)),
  }),
  command({
    // The funds page's Refresh: the limits again from the broker.
    id: "funds.refresh",
    title: "Refresh funds",
    group: "Funds",
    keywords: ["limits", "margin", "balance", "reload"],
    when: signedIn,
    run: async () => {
      await refreshLimits();
    },
  }),
];
