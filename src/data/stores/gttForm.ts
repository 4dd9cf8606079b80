import { observable } from "@legendapp/state";
import { gttFormReducer, initialGttForm, type GttFormAction, type GttFormValues } from "../../core/rules/gttForm";
import type { ContractInfo } from "../../core/types/contract";
import type { GttFormInit } from "./gtt";
import { clientState } from "./sessionReset";
import { positions$ } from "./portfolio";
import { otherProductWarning } from "../../core/rules/otherProduct";
import { productToSend } from "../../core/rules/productToSend";

/**
 * The open GTT form's fields, kept here rather than in the component so that its submit is a
 * command (`gtt.form.submit`) that Enter and the button run alike.
 */
export interface GttFormModel {
  /** Bumped on every opening, so a late answer for an earlier form is dropped. */
  generation: number;
  init: GttFormInit | null;
  /** null until the instrument's contract is loaded: nothing to submit before that. */
  contract: ContractInfo | null;
  values: GttFormValues | null;
  submitting: boolean;
  problem: string | undefined;
  /** Why the contract could not be loaded: the form shows it in its place. */
  loadError: string | undefined;
}

/**
 * The live LTP the form last showed (0 until a frame): a typed trigger or % is worked out from it, not
 * from the contract's price at opening. Kept beside the form's state, not in it: it moves every tick,
 * and nothing draws it (the form's own LTP cell reads the feed), so the form is not drawn again for it.
 */
let formLtp = 0;

export const gttForm$ = observable<GttFormModel>({ generation: 0, init: null, contract: null, values: null, submitting: false, problem: undefined, loadError: undefined });

/**
 * What the open form's GTT does to a position of the instrument held in another product, from the
 * books (rules/otherProduct.ts): "This GTT places NRML: it will open NRML −75, not close your
 * INTRADAY +75". The GTT's product is the spec's fixed "D" (productToSend). Read with get() in the
 * form, so it follows the side, the quantity and the positions; with peek() for the toast.
 */
export function gttProductWarning(read: "get" | "peek" = "peek"): string | undefined {
  const f = read === "get" ? gttForm$.get() : gttForm$.peek();
  if (!f.contract || !f.values) return undefined;
  const rows = read === "get" ? positions$.rows.get() : positions$.rows.peek();
  const { exchange, token } = f.contract;
  return otherProductWarning({ exchange, token: String(token), transactionType: f.values.transactionType, quantity: f.values.quantity }, rows, productToSend("DELIVERY", exchange));
}

/** A form is opening on `init`: its contract is on the way (the generation tells its answer from a later opening's). */
export function loadingGttForm(init: GttFormInit): number {
  const generation = gttForm$.generation.peek() + 1;
  formLtp = 0;
  gttForm$.assign({ generation, init, contract: null, values: null, submitting: false, problem: undefined, loadError: undefined });
  return generation;
}

/** The contract could not be loaded. */
export function gttFormFailed(generation: number, message: string): void {
  if (gttForm$.generation.peek() === generation) gttForm$.loadError.set(message);
}

/** The contract is loaded: the form shows its defaults (5 percent from the last price) or the pre-fill. */
export function startGttForm(generation: number, init: GttFormInit, contract: ContractInfo): void {
  if (gttForm$.generation.peek() !== generation) return;
  gttForm$.assign({
    init,
    contract,
    values: initialGttForm({ ltp: contract.ltp, tickSize: contract.tickSize }, init, contract.lotSize),
    submitting: false,
    problem: undefined,
    loadError: undefined,
  });
}

export function changeGttForm(a: GttFormAction): void {
  const { contract, values } = gttForm$.peek();
  if (!contract || !values) return;
  const next = gttFormReducer({ ltp: formLtp || contract.ltp, tickSize: contract.tickSize }, values, a);
  if (next !== values) gttForm$.values.set(next);
}

/** The form's LTP moved (or the trader left a % field): the legs' % follow it (rules/gttForm.ts followLtp). */
export function followGttLtp(ltp: number, hold: "leg1" | "leg2" | undefined): void {
  if (ltp > 0) formLtp = ltp;
  changeGttForm({ type: "ltp", hold });
}

/** The form is gone (closed, or replaced while loading): nothing is left to submit. With `generation`, only if that opening is still the form's. */
export function endGttForm(generation?: number): void {
  if (generation !== undefined && gttForm$.generation.peek() !== generation) return;
  formLtp = 0;
  gttForm$.assign({ generation: gttForm$.generation.peek() + 1, init: null, contract: null, values: null, submitting: false, problem: undefined, loadError: undefined });
}

// A form left open by the last client has nothing to submit for the next one.
clientState({
  name: "gttForm",
  // The generation never repeats: all but it.
  holds: () => {
    const { generation: _g, ...rest } = gttForm$.peek();
    return rest;
  },
  reset: () => endGttForm(),
});
