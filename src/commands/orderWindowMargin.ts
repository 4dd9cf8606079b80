import { checkMargin } from "../data/api/orders";
import { isOk } from "../data/api/http";
import { groupIndian } from "../core/format";
import { roundToPaisa } from "../core/money";
import { onSignal } from "../core/events";
import { MARGIN_DEBOUNCE_MS } from "../core/rules/margin";
import { fundsRefusalFigures } from "../core/rules/fundsRefusal";
import { marginInputsKey } from "../core/rules/marginInputs";
import { marginFollowsPrice, priceRecheckDelay, type MarginCheckedAt } from "../core/rules/marginFollow";
import { peekLtp } from "../feed/session";
import { buildOrderRequest, marginInputProblem, marginRequestOf } from "../core/rules/orderRequest";
import { clampMargin } from "../core/rules/orderWindow";
import { sliceOrder } from "../core/rules/slicing";
import { orderWindow$, type OrderWindowModel } from "../data/stores/orderWindow";
import type { OrderWindowState } from "../core/types/orderWindow";
import { limits$, refreshLimits } from "../data/stores/portfolio";
import { sliceGroupMargin } from "./sliceGroupOrders";

/**
 * The order window's margin check, and its checks again while it stays open. A window kept open
 * after placing (stickOw) is used for order after order: its inputs do not change, so the check
 * its inputs start did not run again, and Available stayed at the funds from before the window's
 * fills (a trader could overtrade on it). The window checks again when a placement of its own is
 * answered, on every order update (the feed's "orders.refresh": each one may block, release or
 * spend funds) and when the funds are read again ("limits.refresh"); until that check answers,
 * the figures are marked as being rechecked. A MARKET order's margin also follows the price
 * (core/rules/marginFollow.ts), and a refusal for funds gives the window the broker's figures.
 */

/**
 * Every check's number: only the latest one's answer is shown. The window's generation drops the
 * answers of an earlier opening; this drops, within one opening, a check overtaken by a later one
 * (or asked before the funds moved: a recheck takes a number at once, before its debounce).
 */
let latestCheck = 0;

/** The price (and time) the latest check was asked at: where a MARKET order's figure stands. */
let checkedAt: MarginCheckedAt | undefined;
/** A MARKET order's next look at the price (marginPriceMoved). */
let followTimer: ReturnType<typeof setTimeout> | undefined;

/**
 * "The margin check runs 200 ms after inputs change." The debounce is the caller's; this is the check.
 * Above the freeze quantity the order goes out as slices, each its own order: the margin shown is
 * theirs (each slice size asked once, times how many slices have it), not the whole quantity's,
 * which the broker refuses as one order (EC939) and so has no margin.
 */
export async function runMarginCheck(): Promise<void> {
  const check = ++latestCheck;
  const { contract, state, generation, init } = orderWindow$.peek();
  clearTimeout(followTimer);
  followTimer = undefined;
  checkedAt = contract ? { ltp: peekLtp(contract.exchange, Number(contract.token), contract.ltp), atMs: Date.now() } : undefined;
  // The inputs this check is of: its answer is current only while they are the ones on screen (the window marks it otherwise).
  const marginFor = contract ? marginInputsKey(contract.token, state) : undefined;
  // Each answer lands only while it is the latest check of this opening, and clears the recheck mark.
  const show = (patch: Pick<OrderWindowModel, "margin" | "marginProblem">) => {
    if (orderWindow$.generation.peek() !== generation || check !== latestCheck) return;
    orderWindow$.assign({ ...patch, marginRechecking: false, marginFor });
    // No figure from the check: the window shows the funds as last read, read now if they never were.
    if (patch.margin === null && !limits$.loaded.peek()) void refreshLimits();
  };
  const lacking = contract ? marginInputProblem(state) : "No contract";
  if (!contract || lacking) {
    show({ margin: null, marginProblem: lacking });
    return;
  }
  const req = buildOrderRequest(state, contract);
  const slicing = state.mode === "modify" ? ({ kind: "whole" } as const) : sliceOrder(req.quantity, contract, req.orderComplexity);
  if (slicing.kind === "refused") {
    show({ margin: null, marginProblem: slicing.reason });
    return;
  }
  const sizes = slicing.kind === "slices" ? [...new Set(slicing.slices)] : [req.quantity];
  try {
    // A sliced order's modify: every open slice's check, set against what all of them release (not the first slice's alone).
    if (state.mode === "modify" && init?.sliceGroup) {
      const group = await sliceGroupMargin(init.sliceGroup.base, req);
      show("margin" in group ? { margin: group.margin, marginProblem: undefined } : { margin: null, marginProblem: group.problem });
      return;
    }
    // A modify's check names its order: the broker leaves that order's own claim on the holding and its margin out, as the modify does.
    const modifying = state.mode === "modify" && init?.order ? { orderNo: init.order.orderNo } : {};
    // No answer is said by the window's margin read-out (below), not by a toast of the browser's "Failed to fetch".
    const answers = await Promise.all(sizes.map((quantity) => checkMargin({ ...marginRequestOf({ ...req, quantity }), ...modifying }, { noAnswerShownByCaller: true })));
    const refused = answers.find((env) => !isOk(env) || !env.result?.[0]);
    // "On a margin error, margin data is emptied." The read-out says why instead of a bare "--".
    if (refused) {
      show({ margin: null, marginProblem: refused.message || "Margin is not available" });
      return;
    }
    // An order the place (or the modify) would refuse (a sale beyond the holding) has no margin to show: why it is refused instead.
    const refusal = answers.find((env) => env.result[0]!.refusedWith !== undefined);
    if (refusal) {
      show({ margin: null, marginProblem: refusal.result[0]!.basis });
      return;
    }
    const each = answers.map((env) => clampMargin(env.result[0]!.currentOrderMargin ?? env.result[0]!.requiredMargin));
    const first = answers[0]!.result[0]!;
    if (slicing.kind !== "slices") {
      show({ margin: { required: each[0]!, available: first.availableMargin, basis: first.basis }, marginProblem: undefined });
      return;
    }
    const count = (size: number) => slicing.slices.filter((q) => q === size).length;
    const required = roundToPaisa(sizes.reduce((sum, size, i) => sum + count(size) * each[i]!, 0));
    const parts = sizes.map((size, i) => `${count(size)} × ${size} at ₹${groupIndian(each[i]!)}`).join(" + ");
    show({ margin: { required, available: first.availableMargin, basis: `The ${slicing.slices.length} slices: ${parts}${first.basis ? `. ${first.basis}` : ""}` }, marginProblem: undefined });
  } catch {
    show({ margin: null, marginProblem: "Margin is not available: the broker did not answer" });
  }
}

let recheckTimer: ReturnType<typeof setTimeout> | undefined;

/**
 * The funds may have moved (a placement answered, an order update, the funds read again): the
 * figures shown are marked as being rechecked and checked again after the margin debounce, so a
 * burst (the place's answer, the order's open and complete updates) is one check. A window not
 * open, or not yet showing its form, has nothing to recheck (its opening checks).
 */
export function recheckMargin(): void {
  const m = orderWindow$.peek();
  if (!m.open || m.loading || !m.contract || m.accountRefusal) return;
  // The insufficient-funds prompt names the broker's figures, which the window shows (adoptRefusalFigures): they stand until it is answered.
  if (m.dialog?.kind === "insufficient") return;
  // A check on its way was asked before the funds moved: its answer is not shown.
  latestCheck++;
  if (m.margin) orderWindow$.marginRechecking.set(true);
  clearTimeout(recheckTimer);
  recheckTimer = setTimeout(() => {
    recheckTimer = undefined;
    if (orderWindow$.open.peek() && orderWindow$.contract.peek()) void runMarginCheck();
  }, MARGIN_DEBOUNCE_MS);
}

/**
 * The window's instrument priced again (the window's LTP): a MARKET order's margin is checked again
 * when the move calls for it (core/rules/marginFollow.ts says when), at once or by a timer that
 * looks at the price again when it fires. Not while the form waits for its first check, while a
 * funds recheck waits its debounce (it checks at the price then), nor under the insufficient-funds
 * prompt (the broker's figures stand until it is answered).
 */
export function marginPriceMoved(): void {
  const m = orderWindow$.peek();
  if (!m.open || m.loading || !m.contract || m.accountRefusal || !m.margin || !checkedAt) return;
  if (!marginFollowsPrice(buildOrderRequest(m.state, m.contract).orderType) || m.dialog?.kind === "insufficient" || recheckTimer) return;
  const delay = priceRecheckDelay(checkedAt, peekLtp(m.contract.exchange, Number(m.contract.token), m.contract.ltp), Date.now());
  if (delay === undefined) return;
  clearTimeout(followTimer);
  if (delay === 0) {
    followTimer = undefined;
    void runMarginCheck();
  } else followTimer = setTimeout(marginPriceMoved, delay);
}

/**
 * Refused for funds (EC919): the broker's figures are the order's at the moment it was refused, so
 * the window takes them as its margin, and a check on its way (asked at an older price) is not shown.
 * A message without figures leaves the window's own, and so does a sliced order's refusal: its
 * figures are one slice's, the window's all of them (and a sliced modify's, every open slice's).
 * `state`: the window's inputs the refused order was sent from.
 */
export function adoptRefusalFigures(message: string, state: OrderWindowState): void {
  const figures = fundsRefusalFigures(message);
  const { contract, init } = orderWindow$.peek();
  if (!figures || !contract) return;
  // Typed over since Enter: the figures are of inputs no longer on screen, and the check of those on screen stands (or is coming).
  const sent = marginInputsKey(contract.token, state);
  if (sent !== marginInputsKey(contract.token, orderWindow$.state.peek())) return;
  const req = buildOrderRequest(state, contract);
  const sliced = state.mode === "modify" ? init?.sliceGroup !== undefined : sliceOrder(req.quantity, contract, req.orderComplexity).kind !== "whole";
  if (sliced) return;
  latestCheck++;
  clearTimeout(recheckTimer);
  recheckTimer = undefined;
  const basis = orderWindow$.margin.peek()?.basis;
  orderWindow$.assign({ margin: { ...figures, basis }, marginProblem: undefined, marginRechecking: false, marginFor: sent });
}

// The order-update pipeline's signals (src/feed/orderUpdates.ts): every update says "orders.refresh",
// shown or not; a fill with the funds on screen, and a reconnect, say "limits.refresh".
onSignal("orders.refresh", recheckMargin);
onSignal("limits.refresh", recheckMargin);
