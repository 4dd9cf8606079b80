import { ERROR_CATALOGUE, type ErrorCode } from "../errors";
import type { Exchange } from "../types/exchange";
import type { OrderType } from "../types/order";
import { legNeeds } from "./basket";
import { quantityStep } from "./contractValue";
import { offTick } from "./orderRequest";

/**
 * A basket leg is an order waiting to be placed, so the contract's order rules that cannot change
 * before it fires are checked when it is added or edited, not when it is fired (the order window
 * refuses the same values): the quantity a multiple of the lot ("a positive integer ... and a
 * multiple of lot size", EC954) and the prices its type sends on the tick (EC917, EC924). A price
 * off the tick is refused, never rounded quietly (issue 11): the refusal names the two nearest
 * valid prices, as the order window offers them. Circuits and margin are left to the firing:
 * they move with the market.
 */
export interface LegProblem {
  code: ErrorCode;
  /** What the trader reads: the order window's sentence, with the nearest prices for a price off the tick. */
  message: string;
  nearest?: [number, number];
}

export interface LegFields {
  qty: number;
  orderType: OrderType;
  price: number;
  trigger: number;
}

export function legContractProblem(leg: LegFields, contract: { exchange: Exchange; lotSize: number; tickSize: number }): LegProblem | undefined {
  const step = quantityStep(contract.exchange, contract.lotSize);
  // The order's own wording (orderValidation.ts checkQuantity): "...: lot size 75".
  if (leg.qty % step !== 0) return { code: "EC954", message: `${ERROR_CATALOGUE.EC954}: lot size ${step}` };
  const need = legNeeds(leg.orderType);
  const off = (need.price ? offTick("price", leg.price, contract.tickSize) : undefined) ?? (need.trigger ? offTick("trigger", leg.trigger, contract.tickSize) : undefined);
  if (!off?.nearest) return undefined;
  const [below, above] = off.nearest;
  return { code: off.field === "trigger" ? "EC924" : "EC917", message: `${off.field === "trigger" ? "Trigger: " : ""}${off.message}: ${below} or ${above}`, nearest: off.nearest };
}
