import type { GttFormInit } from "../data/stores/gtt";
import type { OrderWindowState } from "../core/types/orderWindow";

/**
 * What a GTT typed where GTT is unavailable carries to the Regular order window it falls back to
 * ("A GTT type falls back to Regular for commodity segments"): the side and quantity as typed, and
 * the legs as far as one Regular order can hold them. `lost` names what it cannot hold, for the toast.
 */
export function gttAsRegular(init: GttFormInit): { prefill?: Partial<OrderWindowState>; lost?: string } {
  const typed: Partial<OrderWindowState> = { transactionType: init.transactionType, ...(init.quantity !== undefined && init.quantity > 0 ? { quantity: init.quantity } : {}) };
  const leg = init.leg1;
  // Nothing typed beyond the instrument (the `g` key): the window opens as `b`/`s` would, with its presets.
  if (init.quantity === undefined && !leg) return {};
  if (init.triggerType === "OCO") return { prefill: typed, lost: "the OCO's two legs cannot be carried to one Regular order" };
  if (!leg || !(leg.trigger > 0)) return { prefill: typed };
  const trail = init.trail && init.trail.value > 0 ? init.trail : undefined;
  // Decision: a GTT SINGLE (wait for the trigger, then a limit at the price) is a Regular SL order; a trigger alone (the GTT is priced at it, and an SL at its own trigger is refused: "a buy SL trigger must be below the price") is a LIMIT at it.
  if (leg.price === undefined || leg.price === leg.trigger) {
    return { prefill: { ...typed, orderType: "Regular", priceType: "LIMIT", price: leg.trigger }, ...(trail ? { lost: "a trail rides only on a stop-loss order, so it is not carried" } : {}) };
  }
  return {
    prefill: {
      ...typed,
      orderType: "Regular",
      priceType: "SL",
      triggerPrice: leg.trigger,
      price: leg.price,
      // The GTT's trail and a regular SL order's trail are the one rule (core/rules/trail.ts).
      ...(trail ? { trailValue: trail.value, trailUnit: trail.unit, trailJump: trail.jump } : {}),
    },
  };
}
