import type { GttTerms } from "../../rules/gtt";
import { stepByTicks, toTicks } from "../../rules/tick";
import type { ModifyBody } from "../../wire/orders";
import type { LineTarget } from "./lines";

/**
 * What a moved line sends (issue 34). An order's line modifies that one field (the modify route
 * keeps the fields not sent): a LIMIT's price, a stop's trigger, a bracket entry's target or stop.
 * A GTT leg's line moves its trigger, and the leg's limit price by as many ticks, so the order it
 * places keeps the distance from its trigger the trader chose.
 */
export function orderModifyBody(target: Extract<LineTarget, { kind: "order" }>, price: number): Pick<ModifyBody, "price" | "slTriggerPrice" | "targetPrice" | "stopLossPrice"> {
  return { [target.field]: price };
}

export function movedGtt(terms: GttTerms, leg: 1 | 2, trigger: number, tickSize: number): GttTerms {
  const old = leg === 1 ? terms.leg1 : terms.leg2;
  if (!old) return terms;
  const by = (toTicks(trigger, tickSize) ?? 0) - (toTicks(old.trigger, tickSize) ?? 0);
  const moved = { trigger, price: Math.max(tickSize, stepByTicks(old.price, tickSize, by)) };
  return leg === 1 ? { ...terms, leg1: moved } : { ...terms, leg2: moved };
}
