/**
 * What the broker says on the client's order topic when a basket's last run changes (a firing
 * begun, its refusals kept, an alert's firing): every window of the user reloads the basket's Last
 * run, so `f` in any of them retries the run as it stands. Decision: a push of its own, not a rule
 * on order updates: a refused leg leaves no order, so no order update would ever say it was refused.
 * No payload beyond the basket: the window asks the broker for the run (it reads the order keys).
 */
export const BASKET_RUN_MESSAGE_KIND = "basketRun";

export interface BasketRunMessage {
  messageKind: typeof BASKET_RUN_MESSAGE_KIND;
  basketId: number;
}

export const basketRunMessage = (basketId: number): BasketRunMessage => ({ messageKind: BASKET_RUN_MESSAGE_KIND, basketId });

export function isBasketRunMessage(raw: unknown): raw is BasketRunMessage {
  if (typeof raw !== "object" || raw === null) return false;
  const r = raw as Record<string, unknown>;
  return r.messageKind === BASKET_RUN_MESSAGE_KIND && typeof r.basketId === "number";
}
