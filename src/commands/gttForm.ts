import { submitGtt } from "../data/api/gtt";
import { gttAvailable } from "../core/rules/gtt";
import { gttFormProblem } from "../core/rules/gttForm";
import { refreshGtt } from "../data/stores/gtt";
import { gttSwitchWarning, refreshLimits, refreshRisk } from "../data/stores/risk";
import { gttForm$, gttFormFailed, gttProductWarning, loadingGttForm, startGttForm } from "../data/stores/gttForm";
import { refreshPositions } from "../data/stores/portfolio";
import { settings$ } from "../data/stores/settings";
import { closeOverlay, openOverlay } from "../data/stores/ui";
import type { GttFormInit } from "../data/stores/gtt";
import { errorMessage } from "../core/errorLog";
import { notify } from "../core/notify";
import { effectiveOrderType } from "../core/rules/orderWindow";
import { isOk } from "../data/api/http";
import { fetchSecurityInfo, findTypedInstrument } from "../data/api/orders";
import { typedExchange } from "./instrumentWord";
import { gttAsRegular } from "./gttAsRegular";
import { openOrderWindow } from "./orderWindow";

/**
 * Opens the GTT form on `init` and loads its contract. A typed symbol is looked up first, as the
 * order window looks it up (data/api/orders.ts findTypedInstrument): a bare contract symbol is
 * found on whichever exchange lists it ("GOLD27FEBFUT" on MCXCOMM), and GTT is asked of that
 * exchange, not of the one the symbol's shape suggests. "A GTT type falls back to Regular for
 * commodity segments": there the order window opens instead, and a toast says why.
 */
export async function openGttForm(init: GttFormInit): Promise<void> {
  const typed = init.symbol ?? "";
  // A symbol typed without an exchange means the default exchange's (Settings › Markets).
  let exchange = typedExchange(typed, init.exchange);
  let token = init.token;
  let foundOn: string | undefined;
  if (!token) {
    // null: the search failed, and the HTTP layer has said so.
    const found = await findTypedInstrument({ exchange, symbol: typed, exchangeTyped: init.exchange !== undefined }).catch(() => null);
    if (found === null) return;
    if (!found) {
      notify({ kind: "danger", text: `Unknown symbol ${typed} on ${exchange}` });
      return;
    }
    ({ token, exchange } = found);
    foundOn = found.note;
  }
  if (effectiveOrderType("GTT", exchange) !== "GTT") {
    // What was typed goes with it: the side, the quantity, and the legs as one Regular order holds them.
    const { prefill, lost } = gttAsRegular(init);
    notify({ kind: "neutral", text: `GTT is not available on ${exchange}: opening a Regular order${lost ? `; ${lost}` : ""}` });
    await openOrderWindow({ mode: "new", transactionType: init.transactionType, exchange, token, symbol: init.symbol, ...(prefill ? { prefill } : {}), ...(foundOn ? { resolvedFrom: foundOn } : {}) });
    return;
  }
  // Listed on several exchanges: the toast says which one the form is on and how to name the other.
  if (foundOn) notify({ kind: "neutral", text: `${typed}: ${foundOn}` });
  const resolved: GttFormInit = { ...init, exchange, token };
  const generation = loadingGttForm(resolved);
  openOverlay({ kind: "gtt", init: resolved });
  // The form warns when the GTT's segment's kill switch is on, the trader's or a tripped loss limit's (rules/gttKillSwitch.ts): read both afresh.
  void refreshLimits();
  void refreshRisk();
  // It says when its side reduces a position held in another product (gttProductWarning): read the positions afresh.
  void refreshPositions();
  try {
    const env = await fetchSecurityInfo({ exchange, token });
    const c = env.result[0];
    if (!isOk(env) || !c) gttFormFailed(generation, env.message || `No instrument ${init.symbol ?? token}`);
    else startGttForm(generation, resolved, c);
  } catch (err) {
    gttFormFailed(generation, errorMessage(err));
  }
}

/** Whether the form has something to submit: its contract is loaded and no answer is awaited. */
export function gttFormReady(): boolean {
  const f = gttForm$.peek();
  return f.values !== null && f.contract !== null;
}

/**
 * Enter in the GTT form (or its button). Inert while a request is in flight, so that however
 * often Enter is hit, one submit sends one GTT.
 */
export async function submitGttForm(): Promise<void> {
  const f = gttForm$.peek();
  if (f.submitting || !f.contract || !f.values || !f.init) return;
  const { contract, values: s, init, generation } = f;
  const problem = !gttAvailable(contract.exchange) ? `GTT is not available on ${contract.exchange}` : gttFormProblem(s, contract.lotSize);
  gttForm$.problem.set(problem);
  if (problem) return;
  gttForm$.submitting.set(true);
  try {
    const done = await submitGtt(
      {
        exchange: contract.exchange,
        token: String(contract.token),
        tradingSymbol: contract.tradingSymbol,
        transactionType: s.transactionType,
        triggerType: s.triggerType,
        quantity: s.quantity,
        leg1: { trigger: s.leg1.trigger, price: s.leg1.price },
        ...(s.triggerType === "OCO" ? { leg2: { trigger: s.leg2.trigger, price: s.leg2.price } } : {}),
        ...(s.trail.value > 0 ? { trail: s.trail } : {}),
      },
      init.gttId,
      // The success toast repeats what the form said: the kill switch, and a position of another product it will not close.
      [gttSwitchWarning(contract.exchange), gttProductWarning()].filter(Boolean).join(". ") || undefined,
    );
    if (done) {
      void refreshGtt();
      // "After success the order window closes unless it is set to stay open."
      if (!settings$.stickOw.peek() && gttForm$.generation.peek() === generation) closeOverlay("gtt");
    }
  } catch {
    /* HTTP failures were told by the HTTP table */
  } finally {
    if (gttForm$.generation.peek() === generation) gttForm$.submitting.set(false);
  }
}
