import type { ModifyBody } from "../wire/orders";
import type { OrderType } from "../types/order";
import type { OrderWindowState } from "../types/orderWindow";

/**
 * The modify of a BO/CO sub-leg. The spec says "Only price is modifiable on sub-leg orders (EC802)".
 * Read exactly, a leg's price is the figure at which it works: a target leg (a LIMIT) works at its
 * limit price; a stop-loss leg (an SL-M) has no limit price, and works at its trigger, which is its
 * price as an SL-M. So a leg's one modifiable figure is its limit price when it is a LIMIT (the BO
 * target, a CO's LIMIT stop) and its trigger when it is a stop (SL or SL-M); its quantity, order
 * type, validity and the bracket's other prices are not the leg's to change. The window opens a leg
 * as that leg alone, in its own order type, with only that figure open, and sends only that figure.
 */
export type SubLeg = NonNullable<OrderWindowState["leg"]>;

export type LegFigure = "price" | "trigger";

/** The one figure a leg of this order type may change. */
export function legFigure(orderType: OrderType): LegFigure {
  return orderType === "SL" || orderType === "SLM" ? "trigger" : "price";
}

/** The leg's modify body: its one figure, nothing else (the broker lays it over the leg as it stands). */
export function legModifyBody(s: { priceType: string; price: number; triggerPrice: number }): ModifyBody {
  return legFigure(s.priceType as OrderType) === "trigger" ? { triggerPrice: s.triggerPrice } : { price: s.price };
}

/** The window's heading line for a leg: which leg, and what of it can change. */
export function legModifyText(leg: SubLeg, complexity: "BO" | "CO", orderType: OrderType): string {
  const figure = legFigure(orderType) === "trigger" ? "trigger price" : "price";
  return `${complexity} ${leg === "target" ? "target" : "stop-loss"} leg: only its ${figure} can change ("Only price is modifiable on sub-leg orders")`;
}
