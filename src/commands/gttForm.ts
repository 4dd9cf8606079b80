import { submitGtt } from "../data/api/gtt";
import { gttAvailable } from "../core/rules/gtt";
import { gttFormProblem } from "../core/rules/gttForm";
import { refreshGtt } from "../data/stores/gtt";
import { gttForm$ } from "../data/stores/gttForm";
import { settings$ } from "../data/stores/settings";
import { closeOverlay } from "../data/stores/ui";

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
      },
      init.gttId,
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
