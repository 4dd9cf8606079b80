import { refusalText } from "../core/rules/riskMessage";
import { fetchCharges, fetchMarketStatus, fetchOrderBook, fetchSecurityInfo, findTypedInstrument, modifyOrder, placeOrder, saveAsmGsm } from "../data/api/orders";
import { randomId } from "../data/deviceId";
import { segmentOf, type Exchange } from "../core/types/exchange";
import { notify } from "../core/notify";
import { formatPrice } from "../core/format";
import { sizeByRisk } from "../core/rules/riskSize";
import { fetchLimits } from "../data/api/portfolio";
import { refreshPositions } from "../data/stores/portfolio";
import { buildOrderRequest, chargesRequestOf, fieldOfRefusal, windowProblem } from "../core/rules/orderRequest";
import { call, isNoAnswer, isOk, noAnswerText } from "../data/api/http";
import { coreApi } from "../data/api/services";
import type { ClientProfile } from "../core/types/profile";
import { windowAccountRefusal, type AccountFacts } from "../core/rules/orderWindowAccess";
import { modifyAnswerText, modifyTelling, refusedOrderText } from "../core/rules/orderToast";
import { judgePlaceAnswer, submitWithKey, type SubmitDeps, type SubmitOutcome } from "../core/rules/orderSubmit";
import type { Order, OrderRequest } from "../core/types/order";
import { amoWhileOpenText, isExchangeAmo, isExchangeOpen, isRetrigger, quantityShown, type WindowMarket, type WindowTrigger } from "../core/rules/orderWindow";
import { changedControls, flipSide, settleWindow, unmetAsks, windowShown } from "../core/rules/orderWindowChoices";
import { initialWindowState } from "../core/rules/orderWindowInit";
import { quantityOfLots } from "../core/rules/lineLots";
import { sliceKey, sliceOrder } from "../core/rules/slicing";
import { modifySliceGroup } from "./sliceGroupOrders";
import { legModifyBody } from "../core/rules/legModify";
import { adoptRefusalFigures, recheckMargin } from "./orderWindowMargin";
import { recordAck, takeKeyStart } from "../data/stores/latency";
import { findOrder, orders$, refreshOrders } from "../data/stores/orders";
import { modifyMoved, orderMovedText } from "../core/rules/modifyUnder";
import { showsCommodityInfo } from "../core/rules/commodityInfo";
import { closedWindow, firstCommodityInfo, orderWindow$, readOrderPreference, readQuantityPresets, saveOrderPreference, saveQuantityPresets, tradingProfileOnce, type OrderWindowInit } from "../data/stores/orderWindow";
import { keepPreset, nextPreset, presetQuantity, presetsFor } from "../core/rules/orderWindowPresets";
import { session$ } from "../data/stores/session";
import { settings$ } from "../data/stores/settings";
import { ORDER_ERROR_TOAST_MS } from "../data/config";
import { closeOverlay, openOverlay, overlay$, type Overlay } from "../data/stores/ui";
import { layout$ } from "../data/stores/workspace";
import { panes } from "../core/workspace/tree";
import { linkOf } from "../core/workspace/links";
import type { Link } from "../core/workspace/linkColours";
import { typedExchange } from "./instrumentWord";
import { presetOpening } from "./presetOpening";
import { loadDesk } from "../data/stores/desk";
import { windowTakesBracket } from "../core/rules/presetWindow";
import type { ContractInfo } from "../core/types/contract";
import type { OrderWindowState } from "../core/types/orderWindow";
import { errorMessage } from "../core/errorLog";
import { brokerBackText, isOutageNote, noAnswerAdvice, openingInOutage, type OutageOpening } from "../core/rules/outageLine";
import { brokerReach$, brokerUnreachable } from "../data/stores/brokerReach";
import { knownContract, knownContractNamed } from "../data/stores/knownContracts";
import { enterNotSent, LOADING_LINE, sendFailedText, sendOutlivedText, type SendStage } from "../core/rules/windowEnter";
import { sayInStatusLine } from "../data/stores/statusLine";

/**
 * The order window's behaviour without its looks: opening (contract, market status, defaults),
 * the margin check, charges, and the one submit path with its confirmations.
 */

/**
 * The profile's account status, exchanges and locked beta features, once per session; undefined
 * when the broker did not answer (it judges the order, or the feature's call, then).
 */
export function accountFacts(): Promise<AccountFacts | undefined> {
  if (brokerUnreachable()) return Promise.resolve(undefined);
  return tradingProfileOnce(() =>
    call<ClientProfile>(coreApi, "profile", { failureAction: "router", noAnswerShownByCaller: true }).then(
      (env) => (isOk(env) && env.result[0] ? { accountStatus: env.result[0].accountStatus, exchanges: env.result[0].exchanges, betaLocked: env.result[0].betaLocked ?? [] } : undefined),
      () => undefined,
    ),
  );
}

/** A place answered in this time or reconciled from the book: a trader must not wait 15 s. */
const PLACE_TIMEOUT_MS = 8000;

export const ORDER_WINDOW_VIEW = "orderwindow";

function shownInPane(): boolean {
  return panes(layout$.peek().root).some((p) => p.view === ORDER_WINDOW_VIEW);
}

/** The group the window follows (issue 32): the order window pane's, else the group of the pane it is opened from. */
function windowLink(): Link {
  const l = layout$.peek();
  const all = panes(l.root);
  const p = all.find((x) => x.view === ORDER_WINDOW_VIEW) ?? all.find((x) => x.id === l.focused);
  return p ? linkOf(p) : "none";
}

/** quiet: no toast at all ("router"); "no answer": only a missing answer goes untold (its caller says it). */
async function loadContract(exchange: Exchange, token: string, quiet: boolean | "no answer" = false): Promise<ContractInfo> {
  const env = await fetchSecurityInfo({ exchange, token }, quiet === "no answer" ? { noAnswerShownByCaller: true } : quiet ? { failureAction: "router" } : {});
  const c = env.result?.[0];
  if (!isOk(env) || !c) throw new Error(env.message || `No contract for ${token}`);
  return c;
}

/**
 * Opens the window on an instrument. A typed symbol is looked up first, before any window shows:
 * an unknown one is said so in a toast, and no window (titled Buy or Sell) opens on a name that
 * is not an instrument.
 *
 * While the broker is unreachable (issue 28), the window opens from the contract the app last
 * heard (stores/knownContracts.ts), saying so; a typed line (`fromLine`) whose contract the app
 * never heard is not opened: the caller keeps the line in the palette with the reason.
 */
let lastTrigger: WindowTrigger | undefined;

/** What the window says when it shows after an Enter pressed while it loaded (FINDINGS-27 1). */
export const ENTER_WHILE_LOADING = "Enter was pressed before this order showed: nothing was sent. Check it and press Enter to send it";

export type Opening = { kind: "opened" } | { kind: "kept"; reason: string } | { kind: "none" };

export async function openOrderWindow(init: OrderWindowInit, opts: { fromLine?: boolean; link?: Link } = {}): Promise<Opening> {
  const trigger = { key: [init.mode, init.transactionType, init.exchange, init.token ?? init.symbol, init.order?.orderNo].join("|"), at: performance.now() };
  if (isRetrigger(lastTrigger, trigger)) return { kind: "none" };
  lastTrigger = trigger;
  windowStart = takeKeyStart();
  const generation = orderWindow$.generation.peek() + 1;
  orderWindow$.generation.set(generation);
  // A symbol typed without an exchange means the default exchange's (Settings › Markets).
  let exchange = init.exchange ?? init.order?.exchange ?? typedExchange(init.symbol ?? "");
  const typed = init.symbol ?? "";
  // A bare contract symbol names one contract: found on whichever exchange lists it ("GOLD27FEBFUT" on MCXCOMM), not only the inferred one.
  const word = { exchange, symbol: typed, exchangeTyped: Boolean(init.exchange ?? init.order?.exchange) };
  // A line says in the palette what stops it; a key's opening leaves it to the HTTP layer's toast.
  const quietly = opts.fromLine ? { noAnswerShownByCaller: true } : {};
  let token = init.token ?? init.order?.instrumentId;
  let foundOn: string | undefined;
  let offline: OutageOpening | undefined;
  if (!token) {
    // null: the broker did not answer (or is known not to); "failed": refused, told by the HTTP layer.
    const lookup = () => findTypedInstrument(word, quietly);
    const found = brokerUnreachable() ? null : await lookup().catch((err: unknown) => (isNoAnswer(err) ? null : ("failed" as const)));
    if (orderWindow$.generation.peek() !== generation || found === "failed") return { kind: "none" };
    if (found === null) {
      offline = openingInOutage(typed, exchange, knownContractNamed(exchange, typed));
      if (offline.kind === "keep") return { kind: "kept", reason: offline.reason };
      token = String(offline.contract.token);
    } else if (!found) {
      notify({ kind: "danger", text: `Unknown symbol ${typed} on ${exchange}` });
      return { kind: "none" };
    } else {
      token = found.token;
      exchange = found.exchange;
      foundOn = found.note;
    }
  }
  // An Enter pressed while a command line's instrument was looked up was this window's (core/rules/enterEcho.ts): said, as one pressed while it loads.
  const enterHeld = orderWindow$.lineOpening.peek()?.enterHeld === true;
  // Everything of the last opening goes but the fields, which the contract's answer sets afresh; the window shows, so no line is opening any more.
  const { state: _fields, exchangeInAmo: _amo, exchangeOpen: _open, ...fresh } = closedWindow(generation);
  orderWindow$.assign({ ...fresh, ...(enterHeld ? { enterWhileLoading: true, enterLine: LOADING_LINE } : {}), open: true, init: { ...init, exchange, token, ...(foundOn ? { resolvedFrom: foundOn } : {}) }, loading: true, link: opts.link ?? windowLink() });
  if (!shownInPane() && overlay$.top.kind.peek() !== "orderWindow") openOverlay({ kind: "orderWindow" });
  try {
    // Asked beside the contract (and kept for the session): it costs the opening no extra wait.
    const profileRead = accountFacts();
    // The positions as they are now: the window says when its order opens one beside another product's it does not close (rules/otherProduct.ts).
    if (!brokerUnreachable()) void refreshPositions();
    // Known to be down: the contract last heard, at once, rather than a request that cannot be answered.
    if (!offline && brokerUnreachable() && knownContract(exchange, token)) offline = openingInOutage(typed, exchange, knownContract(exchange, token));
    const [contract, status] =
      offline?.kind === "open"
        ? [offline.contract, []]
        : await Promise.all([
            loadContract(exchange, token, opts.fromLine ? "no answer" : false).catch((err: unknown) => {
              if (!isNoAnswer(err)) throw err;
              offline = openingInOutage(typed || token!, exchange, knownContract(exchange, token!));
              if (offline.kind === "open") return offline.contract;
              throw err;
            }),
            fetchMarketStatus().catch(() => []),
          ]);
    const profile = await profileRead;
    if (orderWindow$.generation.peek() !== generation) return { kind: "none" };
    // An account that cannot trade here is told now, before it fills the window (issue 29).
    const refusal = profile ? windowAccountRefusal(profile, contract.exchange) : undefined;
    if (refusal) {
      orderWindow$.assign({ contract, loading: false, accountRefusal: refusal });
      return { kind: "opened" };
    }
    // A line's "2 lots": the window's quantity for them, now that the lot size is known; shares have none (the line is kept, with why).
    const lots = init.lots !== undefined ? quantityOfLots(init.lots, contract) : undefined;
    if (lots && !lots.ok) {
      closeOrderWindow();
      return { kind: "kept", reason: lots.reason };
    }
    const prefill = lots?.ok && init.prefill ? { ...init.prefill, quantity: lots.quantity } : init.prefill;
    const exchangeInAmo = isExchangeAmo(status, contract.exchange);
    const exchangeOpen = isExchangeOpen(status, contract.exchange);
    const market: WindowMarket = { inAmo: exchangeInAmo, open: exchangeOpen };
    const state = initialWindowState({
      market,
      mode: init.mode,
      transactionType: init.transactionType,
      contract,
      preference: readOrderPreference(contract.exchange),
      defaultProduct: settings$.defaultProduct[segmentOf(contract.exchange)].peek(),
      ...(init.order ? { order: init.order } : {}),
      ...(prefill ? { prefill } : {}),
      now: new Date(),
    });
    // A line's word the window cannot offer here is said, not quietly replaced. An AMO (a line's `amo`,
    // a repeat of one) on an open exchange stays ticked (turned off, the order would go at once, which
    // was not asked) and is said before Enter.
    const unmet = prefill ? unmetAsks(prefill, state, contract.exchange) : [];
    const said = [...(state.isAmo && exchangeOpen && state.mode !== "modify" ? [amoWhileOpenText(contract.exchange)] : []), ...(unmet.length ? [`Not as typed. ${unmet.join(". ")}`] : [])];
    // The window says where its contract came from when the broker could not be asked.
    if (offline?.kind === "open") orderWindow$.init.resolvedFrom.set(offline.note);
    // Issue 33: a line's "risk" sizes the quantity now that the contract (lot, tick, LTP) is known.
    const sized = init.risk ? await riskSizing(init.risk, state, contract) : undefined;
    if (orderWindow$.generation.peek() !== generation) return { kind: "none" };
    const sizedState = sized?.ok ? { ...state, quantity: sized.quantity } : state;
    const riskProblem = sized && !sized.ok ? { field: "quantity" as const, message: sized.line } : undefined;
    // Issue 33: `b`/`s` (no line, no order) open with the order preset of the instrument or its segment, and say which.
    const preset = init.mode === "new" && !init.order && !init.prefill ? await presetOpening(sizedState, contract) : undefined;
    // A line's `with NAME`: the window shows the template's targets and stop once the list is read.
    if (init.bracket) void loadDesk();
    if (orderWindow$.generation.peek() !== generation) return { kind: "none" };
    const opened = preset?.state ?? sizedState;
    // An Enter pressed while this window loaded sent nothing: said first, so it is not taken for a placed order.
    const words = [...(orderWindow$.enterWhileLoading.peek() ? [ENTER_WHILE_LOADING] : []), ...said];
    orderWindow$.assign({
      contract,
      // On a book's row the row's product, whatever the preset or the remembered product: what is held is what is sold.
      state: init.rowProduct ? settleWindow({ ...opened, pcode: init.rowProduct }, contract, market) : opened,
      preset: preset?.label,
      bracket: init.bracket ?? preset?.bracket,
      exchangeInAmo,
      exchangeOpen,
      // A line that says `amo` has answered the AMO question itself: its Enter places without asking.
      amoAccepted: init.prefill?.isAmo === true,
      presets: presetsFor(readQuantityPresets(), contract.exchange),
      loading: false,
      riskLine: sized?.ok ? sized.line : undefined,
      enterWhileLoading: false,
      enterLine: undefined,
      problem: riskProblem ?? (words.length ? { message: `${words.join(". ")}.` } : undefined) ?? (preset?.problem ? { message: preset.problem } : undefined),
    });
    // "The commodity info dialog", once per commodity contract per session.
    if (showsCommodityInfo(contract.exchange) && firstCommodityInfo(contract.exchange, String(contract.token))) orderWindow$.dialog.set({ kind: "commodityInfo" });
    return { kind: "opened" };
  } catch (err) {
    if (orderWindow$.generation.peek() !== generation) return { kind: "none" };
    // A typed line the broker could not describe goes back to the palette rather than into an empty window.
    if (opts.fromLine && offline?.kind === "keep") {
      closeOrderWindow();
      return { kind: "kept", reason: offline.reason };
    }
    orderWindow$.assign({ loading: false, loadError: errorMessage(err) });
    return { kind: "none" };
  }
}

/**
 * Issue 33, size by risk: the entry is the window's price for a LIMIT or SL entry, else the last
 * price; a percent is of the available margin (the funds' OVERALL trading limit, asked now). The
 * quantity comes back as the window shows it (lots on currency), with the arithmetic; a regular
 * order's stop is only the sizing's, which the line says.
 */
async function riskSizing(risk: NonNullable<OrderWindowInit["risk"]>, state: OrderWindowState, contract: ContractInfo): Promise<{ ok: true; quantity: number; line: string } | { ok: false; line: string }> {
  const withPrice = state.priceType === "LIMIT" || state.priceType === "SL";
  const entry = withPrice && state.price > 0 ? state.price : contract.ltp;
  let availableMargin = 0;
  if (risk.ask.unit === "PERCENT") {
    const limits = await fetchLimits().catch(() => undefined);
    const overall = limits?.rows.find((l) => l.segment === "OVERALL") ?? limits?.rows[0];
    if (!overall) return { ok: false, line: "The available margin could not be read: type the risk in rupees" };
    availableMargin = overall.tradingLimit;
  }
  const r = sizeByRisk({ risk: risk.ask, availableMargin, entry, stop: risk.stop, exchange: contract.exchange, lotSize: contract.lotSize, multiplier: contract.multiplier, tickSize: contract.tickSize });
  if (!r.ok) return { ok: false, line: `${r.message} (${r.code})` };
  const placedStop = state.orderType === "Regular" ? ` · the stop-loss ${formatPrice(risk.stop, contract.exchange)} is not placed with this order` : "";
  return { ok: true, quantity: quantityShown(contract.exchange, r.quantity, contract.lotSize), line: `${r.arithmetic}${placedStop}` };
}

/**
 * What the palette, opened now, goes back to as it closes (FINDINGS-24 s13): an order window the
 * trader has edited is work in hand, so it waits under the palette and comes back over whatever page
 * the palette's command opens. Kept, not asked: the window floats over every page, and a trader who
 * goes to look at the orders before sending wants the staged order still there when they return.
 * An unedited window closes as before (reopened from its line in a keystroke).
 */
export function underPalette(): Overlay | undefined {
  return overlay$.top.kind.peek() === "orderWindow" && orderWindow$.open.peek() && orderWindow$.edited.peek() ? { kind: "orderWindow" } : undefined;
}

/** The order window's dialog is on top, or waits under the palette to come back (underPalette). */
export function orderWindowShown(): boolean {
  const top = overlay$.top.peek();
  return top.kind === "orderWindow" || (top.kind === "palette" && top.then?.kind === "orderWindow");
}

export function closeOrderWindow(): void {
  orderWindow$.assign({ open: false, dialog: null });
  if (overlay$.top.kind.peek() === "orderWindow") closeOverlay();
}

/**
 * Changes fields and clears the problem shown; the state is settled against the contract, so every
 * control keeps a value it offers (rules/orderWindowChoices.ts). The client order key stays: it is
 * only set while a place's answer is unknown, and then the order goes again with it (stores/orderWindow.ts).
 */
/** What the market status said of the open window's exchange (settleWindow keeps a closed market's order an AMO). */
export function windowMarket(): WindowMarket {
  return { inAmo: orderWindow$.exchangeInAmo.peek(), open: orderWindow$.exchangeOpen.peek() };
}

export function updateWindow(patch: Partial<OrderWindowState>): void {
  const { contract, state } = orderWindow$.peek();
  if (!contract) return;
  const next = settleWindow({ ...state, ...patch }, contract, windowMarket());
  // A quantity typed over the one sized by risk is no longer that arithmetic's (issue 33).
  orderWindow$.assign({ state: next, problem: undefined, enterLine: undefined, edited: true, ...(next.quantity !== state.quantity ? { riskLine: undefined } : {}) });
}

/** The flip key (Alt+B) and the side button: the other side, settled like any change (rules/orderWindowChoices.ts flipSide). */
export function flipWindowSide(): void {
  const { contract, state } = orderWindow$.peek();
  if (!contract) return;
  orderWindow$.assign({ state: flipSide(state, contract, windowMarket()), problem: undefined, edited: true });
}

/** Alt+Q: the quantity climbs to the next preset of the segment's ladder (the first after the last). */
export function nextQuantityPreset(): void {
  const { contract, state, presets } = orderWindow$.peek();
  if (!contract || presets.length === 0) return;
  updateWindow({ quantity: nextPreset(presets, state.quantity, contract.exchange, contract.lotSize) });
}

/** A preset's button: its quantity in the field. */
export function pickQuantityPreset(index: number): void {
  const { contract, presets } = orderWindow$.peek();
  const preset = presets[index];
  if (!contract || preset === undefined) return;
  updateWindow({ quantity: presetQuantity(preset, contract.exchange, contract.lotSize) });
}

/** Keeps the window's quantity on the segment's ladder, saved for this user. */
export function keepQuantityPreset(): void {
  const { contract, state } = orderWindow$.peek();
  if (!contract) return;
  const kept = keepPreset(readQuantityPresets(), contract.exchange, state.quantity, contract.lotSize);
  if ("refused" in kept) {
    orderWindow$.problem.set({ field: "quantity", message: kept.refused });
    return;
  }
  saveQuantityPresets(kept.presets);
  orderWindow$.presets.set(presetsFor(kept.presets, contract.exchange));
}

export async function showCharges(): Promise<void> {
  const { contract, state } = orderWindow$.peek();
  if (!contract) return;
  const problem = windowProblem(state, contract);
  if (problem) {
    orderWindow$.problem.set(problem);
    return;
  }
  try {
    const r = await fetchCharges(chargesRequestOf(buildOrderRequest(state, contract), contract, session$.clientCode.peek() ?? ""));
    if (!r.ok || !r.charges) {
      notify({ kind: "danger", text: r.message || "Charges are not available" });
      return;
    }
    orderWindow$.state.charges.set(r.charges);
    orderWindow$.dialog.set({ kind: "charges" });
  } catch {
    /* told by the HTTP layer */
  }
}

/** When the key that opened the window (or the first key of its command line) was pressed. */
let windowStart = 0;

/** Place and modify: the window, not a toast, says when the broker does not answer. */
const SENT = { timeout: PLACE_TIMEOUT_MS, noAnswerShownByCaller: true } as const;

/**
 * Enter in the window. Inert while a request is in flight. Re-reads the contract (and with it
 * the last price and circuits) before building the order, asks the surveillance and AMO
 * questions when they apply, then places or modifies once. On a closed exchange the window has shown
 * the order as the AMO it is since it opened (rules/orderWindow.ts orderIsAmo): the AMO question
 * (trading-core's "AMO confirmation") confirms what is shown and changes nothing of it. Whatever stops
 * the order (a rule, a refusal, no answer from the broker) is shown in the window, which stays open
 * with what was typed.
 */
/**
 * The order an open modify window works on, as the book now has it: when it moved under the window
 * (rules/modifyUnder.ts), the window takes its new figures where the trader left them, says what
 * moved, and works from it from now on. True when it moved.
 */
function noticeOrderMoved(now: Order): boolean {
  const m = orderWindow$.peek();
  const opened = m.init?.order;
  if (!m.open || m.loading || !m.contract || !opened || m.state.mode !== "modify" || m.init?.sliceGroup || now.orderNo !== opened.orderNo) return false;
  const moved = modifyMoved(m.state, opened, now, m.contract);
  orderWindow$.init.order.set(now);
  if (!moved) return false;
  orderWindow$.assign({ state: settleWindow(moved.state, m.contract), problem: { message: orderMovedText(now, moved.changes) } });
  return true;
}

// An order update refreshes the book: an open modify window whose order it moved says so at once.
orders$.orders.onChange(() => {
  const opened = orderWindow$.init.peek()?.order;
  const now = opened && findOrder(opened.orderNo);
  if (now) noticeOrderMoved(now);
});

export async function submitOrderWindow(): Promise<void> {
  const m = orderWindow$.peek();
  // An Enter that sends nothing says why, in the window (rules/windowEnter.ts); one during a send is that send's.
  const notSent = enterNotSent({ ...m, dialog: m.dialog?.kind ?? null, accountRefusal: m.accountRefusal?.message, hasContract: m.contract !== null && m.init !== null });
  if (notSent !== undefined || !m.contract || !m.init) {
    // Enter on a window still loading: its form is not shown, so nothing goes; said again once it shows.
    if (m.open) orderWindow$.assign({ enterLine: notSent, ...(m.loading ? { enterWhileLoading: true } : {}) });
    else if (notSent) sayInStatusLine(notSent, "warn");
    return;
  }
  // The latency log measures the broker from this Enter; the time before it is the trader's.
  const enterAt = performance.now();
  const problem = windowProblem(m.state, m.contract);
  if (problem) {
    orderWindow$.assign({ problem, enterLine: undefined });
    return;
  }
  orderWindow$.assign({ submitting: true, problem: undefined, enterLine: undefined });
  const generation = m.generation;
  // The order as the trader sees it, for a toast when its window has gone before its answer is told.
  const what = `${m.state.transactionType} ${m.state.quantity} ${m.contract.tradingSymbol}`;
  const mode = m.state.mode === "modify" ? "modify" : "new";
  let stage: SendStage = "checking";
  // An order going in slices: how many the broker took before a failure (the failure's line must not say "nothing").
  let sliced: { placed: number | undefined; of: number } | undefined;
  /** The window closed or was replaced under this send: said in a toast when the send's fate would else go unsaid. */
  const outlived = (lost = false): void => {
    const text = sendOutlivedText(stage, what, lost);
    if (text) notify({ kind: "danger", text });
  };
  try {
    // Quietly: when the broker cannot be reached, the place below says so, once, in the window.
    const contract = await loadContract(m.contract.exchange, String(m.contract.token), true).catch(() => m.contract!);
    if (orderWindow$.generation.peek() !== generation) return outlived();
    orderWindow$.contract.set(contract);
    // The re-read contract may offer other products (BNPL leverage, holdings): what would now be
    // sent differs from what the trader saw, so it is shown and waits for another Enter.
    const shown = orderWindow$.state.peek();
    const state = settleWindow(shown, contract, windowMarket());
    const changed = changedControls(windowShown(shown, m.contract), windowShown(state, contract));
    if (changed.length > 0) {
      orderWindow$.assign({ state, problem: { message: `The contract changed: now ${changed.join(", ")}. Check and press Enter again.` } });
      return;
    }
    // A modify re-reads its order too: moved since the window opened (another device, a fill), the
    // window shows the new figures and says so, and this Enter sends nothing (rules/modifyUnder.ts).
    if (state.mode === "modify" && m.init.order && !m.init.sliceGroup) {
      const book = await fetchOrderBook({ failureAction: "router", noAnswerShownByCaller: true }).catch(() => undefined);
      if (orderWindow$.generation.peek() !== generation) return outlived();
      const now = book && isOk(book) ? book.result.find((o) => o.orderNo === m.init!.order!.orderNo) : undefined;
      if (now && noticeOrderMoved(now)) return;
    }
    if (contract.surveillance && !orderWindow$.asmAccepted.peek() && state.mode !== "modify") {
      orderWindow$.dialog.set({ kind: "asm" });
      return;
    }
    if (state.mode !== "modify" && state.isAmo && orderWindow$.exchangeInAmo.peek() && !orderWindow$.amoAccepted.peek()) {
      orderWindow$.dialog.set({ kind: "amo" });
      return;
    }
    const built = buildOrderRequest(state, contract);
    // Issue 33: the bracket template rides on a new regular LIMIT or MARKET entry (the window says when it does not).
    const bracket = orderWindow$.bracket.peek();
    const req: OrderRequest = bracket && windowTakesBracket(state) ? { ...built, bracket } : built;
    // Above the freeze quantity: slices where the contract allows them, else the window says why.
    const slicing = state.mode === "modify" ? ({ kind: "whole" } as const) : sliceOrder(req.quantity, contract, req.orderComplexity);
    if (slicing.kind === "refused") {
      orderWindow$.problem.set({ message: slicing.reason });
      return;
    }
    stage = "sending";
    if (state.mode === "modify" && m.init.sliceGroup) {
      sliced = { placed: undefined, of: m.init.sliceGroup.slices };
      // A sliced order's line: the same terms to every open slice, one request each; one toast says which went.
      const group = await modifySliceGroup(m.init.sliceGroup.base, req, contract.tradingSymbol, SENT);
      stage = "answered";
      // Its toast has said what went, whether or not the window is still there.
      if (orderWindow$.generation.peek() !== generation) return;
      // Every slice done: the window closes as after any modify. Else it stays and says which did not; Enter sends to the slices then open.
      if (group.kind !== "danger") {
        if (!settings$.stickOw.peek()) closeOrderWindow();
      } else orderWindow$.problem.set({ message: group.text });
      // Answered: a window still open shows the funds after it, not before (commands/orderWindowMargin.ts).
      recheckMargin();
      return;
    }
    let outcome: SubmitOutcome;
    if (state.mode === "modify" && m.init.order) {
      // A modify sets values: sent again after a lost answer, it sets the same ones.
      // A BO/CO sub-leg sends its one modifiable figure alone (rules/legModify.ts).
      outcome = await modifyOrder(m.init.order.orderNo, state.leg ? legModifyBody(state) : req, SENT).then(judgePlaceAnswer, (error: unknown) => {
        if (!isNoAnswer(error)) throw error;
        return { kind: "lost", error } as const;
      });
    } else {
      const key = orderWindow$.attemptKey.peek() ?? randomId();
      orderWindow$.attemptKey.set(key);
      const deps = {
        place: (r: OrderRequest) => placeOrder(r, SENT),
        orderBook: async () => {
          const env = await fetchOrderBook({ failureAction: "router" });
          return isOk(env) ? env.result : [];
        },
        isLostAnswer: isNoAnswer,
      };
      const keyAt = windowStart;
      const acked = (id: string) => recordAck(id, contract.tradingSymbol, keyAt, enterAt);
      if (slicing.kind === "slices") {
        sliced = { placed: 0, of: slicing.slices.length };
        const counted = sliced;
        outcome = await submitSlices(req, key, slicing.slices, deps, (id) => {
          counted.placed = (counted.placed ?? 0) + 1;
          acked(id);
        });
      }
      else {
        outcome = await submitWithKey(req, key, deps);
        if (outcome.kind === "placed") acked(outcome.brokerOrderId);
      }
    }
    stage = "answered";
    if (orderWindow$.generation.peek() !== generation) {
      // A refusal is told as the window would have told it; a lost answer, with what to do.
      if (outcome.kind === "refused" && outcome.status !== "EC919") tellRefusal(outcome, state, contract, m.init.order);
      else if (outcome.kind !== "placed") outlived(outcome.kind === "lost");
      return;
    }
    afterOutcome(outcome, state, contract, m.init.order);
    // Placed or refused, the broker answered: a window still open (stickOw, or a refusal to fix) shows the funds
    // after it, not before; the fill's update checks again when it comes (commands/orderWindowMargin.ts).
    if (outcome.kind !== "lost") recheckMargin();
  } catch (err) {
    // Other HTTP failures (401, 4xx) and faults: the HTTP layer's toast says the failure, the window what it did to this order.
    const text = sendFailedText(stage, errorMessage(err), mode, sliced);
    if (orderWindow$.generation.peek() === generation) orderWindow$.problem.set({ message: text });
    else notify({ kind: "danger", text: `${what}: ${text}` });
  } finally {
    // The send is over: an Enter during it was its own, and its line goes with it.
    if (orderWindow$.generation.peek() === generation) orderWindow$.assign({ submitting: false, enterLine: undefined });
  }
}

/**
 * The slices of one order, one after another under the rate budget (the API layer paces them),
 * each with its own key made from the window's: Enter after a lost answer sends the same keys, so
 * the slices already placed are not placed again. The first slice refused stops the rest.
 */
async function submitSlices(req: OrderRequest, key: string, slices: readonly number[], deps: SubmitDeps, acked: (brokerOrderId: string) => void): Promise<SubmitOutcome> {
  let last: SubmitOutcome = { kind: "lost", error: new Error("no slice sent") };
  for (let i = 0; i < slices.length; i++) {
    last = await submitWithKey({ ...req, quantity: slices[i]! }, sliceKey(key, i, slices.length), deps);
    if (last.kind === "refused") return { ...last, message: `Slice ${i + 1} of ${slices.length} refused${i > 0 ? ` (${i} placed)` : ""}: ${last.message}` };
    if (last.kind === "lost") return last;
    acked(last.brokerOrderId);
  }
  return last;
}

/**
 * "Order, modify or cancel error: red toast with the server message", naming the order refused (the
 * window may close or another take its place before the toast is read) as its success toast would:
 * a modify's product and number are the order's (`modified`), as the Modified toast says them. The
 * refusal's words, for the window.
 */
function tellRefusal(outcome: { status: string; message: string }, state: OrderWindowState, contract: ContractInfo, modified?: Pick<Order, "orderNo" | "product">): string {
  const text = refusalText(outcome.status, outcome.message);
  const req = buildOrderRequest(state, contract);
  const order = state.mode === "modify" && modified ? { product: modified.product, orderNo: modified.orderNo } : {};
  notify({ kind: "danger", text: refusedOrderText(state.mode === "modify" ? "modify" : "new", { ...req, tradingSymbol: contract.tradingSymbol, ...order }, text), durationMs: ORDER_ERROR_TOAST_MS });
  return text;
}

/**
 * `modified`: the order a modify changed, so that its answer and its update are one toast: its
 * brokerOrderId names the event, its product and number are said as the update says them.
 */
function afterOutcome(outcome: SubmitOutcome, state: OrderWindowState, contract: ContractInfo, modified?: Pick<Order, "brokerOrderId" | "orderNo" | "product" | "filledQuantity">): void {
  if (outcome.kind === "placed") {
    orderWindow$.attemptKey.set(null);
    if (state.mode === "modify") {
      const sent = buildOrderRequest(state, contract);
      // What has filled as the book stands now (fills may have come while the window was open): the toast says what stays pending.
      const filled = modified ? (findOrder(modified.orderNo)?.filledQuantity ?? modified.filledQuantity) : 0;
      const text = modifyAnswerText({ ...sent, ...(modified ? { product: modified.product } : {}) }, contract.tradingSymbol, modified?.orderNo, filled);
      notify({ kind: "success", text, ...(modified?.brokerOrderId ? { tells: modifyTelling(modified.brokerOrderId, "answer") } : {}) });
    }
    if (state.mode !== "modify") saveOrderPreference(contract.exchange, state);
    void refreshOrders();
    // "After success, the window closes unless stickOw is on."
    if (!settings$.stickOw.peek()) closeOrderWindow();
    return;
  }
  if (outcome.kind === "refused") {
    orderWindow$.attemptKey.set(null);
    if (outcome.status === "EC919") {
      orderWindow$.dialog.set({ kind: "insufficient", message: outcome.message });
      // The broker's figures, at the price it refused at, become the window's: one required figure on screen.
      adoptRefusalFigures(outcome.message, state);
      return;
    }
    // In the window by its field, as well as in the toast.
    const text = tellRefusal(outcome, state, contract, modified);
    const field = fieldOfRefusal(outcome.status);
    orderWindow$.problem.set(field ? { field, message: text } : { message: text });
    return;
  }
  // No answer, and the book could not show the order: Enter sends it again with the same key.
  orderWindow$.problem.set({ message: `${noAnswerText(outcome.error)}. ${noAnswerAdvice(state.mode === "modify" ? "modify" : "new")}`, noAnswer: true });
}

/**
 * The broker answers again (the status bar LIVE): a window still saying it is unreachable says it
 * answers, keeping Enter's advice (the last send's fate is still unknown), and one opened from the
 * contract last heard reads it afresh and drops the note.
 */
brokerReach$.state.onChange(({ value }) => {
  if (value !== "answering") return;
  const m = orderWindow$.peek();
  if (!m.open) return;
  if (m.problem?.noAnswer) orderWindow$.problem.set({ message: brokerBackText(m.state.mode === "modify" ? "modify" : "new") });
  if (m.contract && isOutageNote(m.init?.resolvedFrom)) {
    const generation = m.generation;
    void loadContract(m.contract.exchange, String(m.contract.token), true)
      .then((contract) => {
        if (orderWindow$.generation.peek() !== generation) return;
        orderWindow$.contract.set(contract);
        orderWindow$.init.resolvedFrom.delete();
      })
      .catch(() => undefined);
  }
});

/** The AMO confirmation answered yes: the order, shown as the AMO it is since the window opened, is placed. */
export function acceptAmo(): void {
  orderWindow$.dialog.set(null);
  if (!orderWindow$.contract.peek()) return;
  orderWindow$.amoAccepted.set(true);
  void submitOrderWindow();
}

/** The surveillance confirmation, saved with saveAsmGsm either way. */
export async function answerAsm(accepted: boolean): Promise<void> {
  const { contract } = orderWindow$.peek();
  orderWindow$.dialog.set(null);
  if (!contract) return;
  await saveAsmGsm({ exchange: contract.exchange, token: String(contract.token), accepted, message: surveillanceText(contract) }).catch(() => undefined);
  if (!accepted) return;
  orderWindow$.asmAccepted.set(true);
  void submitOrderWindow();
}

export function surveillanceText(c: Pick<ContractInfo, "tradingSymbol" | "surveillance">): string {
  return `${c.tradingSymbol} is under ${c.surveillance} surveillance by the exchange. Trading it may need higher margins and carries higher risk. Do you want to continue?`;
}

export function dismissWindowDialog(): void {
  orderWindow$.dialog.set(null);
}
