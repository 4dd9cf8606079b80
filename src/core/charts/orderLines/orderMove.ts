import { ERROR_CATALOGUE, type RuleResult } from "../../errors";
import { formatPrice } from "../../format";
import { checkPriceField } from "../../rules/orderValidation";
import { limitWithTrigger } from "../../rules/stopLimit";
import type { Exchange } from "../../types/exchange";
import type { ChartLine, LineTarget } from "./lines";

/**
 * An order's line moved on the chart (issue 34; FINDINGS-29 7): what Enter sends, what else the bar
 * names, and why it would be refused, from this one rule, so the bar cannot say less than Enter sends.
 * 1. The line's own figure goes where the line is: a LIMIT's price, a stop's trigger, a bracket
 *    entry's target or stop (the modify route keeps the fields not sent).
 * 2. An SL order's limit moves with its trigger by as many ticks (rules/stopLimit.ts, the trailing
 *    stop's rule): a sell stop lowered from 1,126 to 1,123 takes its limit 1,125 to 1,122, where it
 *    was refused after Enter ("For a sell SL order the trigger price must be above the price") and
 *    the old stop stayed. An SL-M has no limit: its trigger only.
 * 3. What the broker would refuse is said before Enter, in its words (core/errors.ts): a figure sent
 *    off the circuit limits of the quote (`band`, 0 when not known), a limit taken to 0 or below.
 *    The price is checked before the trigger, as the broker's validation does.
 */
export interface PriceBand {
  tickSize: number;
  lowerCircuit: number;
  upperCircuit: number;
}

export interface OrderLineMove {
  /** The modify's fields (the modify route keeps those not sent). */
  body: Partial<Record<"price" | "slTriggerPrice" | "targetPrice" | "stopLossPrice", number>>;
  /** Rule 2: the SL's limit, from and to. */
  limit?: { from: number; to: number };
  /** Rule 3: why the broker would refuse it; Enter then sends nothing. */
  problem?: string;
}

type OrderTarget = Extract<LineTarget, { kind: "order" }>;

export function orderLineMove(target: OrderTarget, from: number, to: number, band: PriceBand): OrderLineMove {
  const limit = target.field === "slTriggerPrice" && target.stopLimit !== undefined ? { from: target.stopLimit, to: limitWithTrigger(target.stopLimit, from, to, band.tickSize) } : undefined;
  const body = { [target.field]: to, ...(limit ? { price: limit.to } : {}) };
  // The figures sent, each checked as the broker checks it: the price (a LIMIT's, an SL's limit, a bracket's target or stop), then the trigger.
  const price = limit ? limit.to : target.field === "slTriggerPrice" ? undefined : to;
  const trigger = target.field === "slTriggerPrice" ? to : undefined;
  const problem = priceProblem(price, band) ?? (trigger === undefined ? undefined : failed(checkPriceField(trigger, band, "EC924", "EC925")));
  return { body, ...(limit ? { limit } : {}), ...(problem ? { problem } : {}) };
}

const failed = (r: RuleResult): string | undefined => (r.ok ? undefined : r.message);

function priceProblem(price: number | undefined, band: PriceBand): string | undefined {
  if (price === undefined) return undefined;
  if (!(price > 0)) return ERROR_CATALOGUE.EC944;
  return failed(checkPriceField(price, band, "EC917", "EC918"));
}

/** Rule 2 in the bar, after the line's own "₹1,126.00 → ₹1,123.00": ", price ₹1,125.00 → ₹1,122.00"; nothing when the line moves one figure. */
export function orderLineMoveWords(move: OrderLineMove, exchange: Exchange): string {
  return move.limit ? `, price ₹${formatPrice(move.limit.from, exchange)} → ₹${formatPrice(move.limit.to, exchange)}` : "";
}

/** Rule 3 for any line moved to `to`: an order's problem, or undefined (a GTT's modify has rules of its own, said by its toasts). */
export function lineMoveProblem(line: ChartLine, to: number, band: PriceBand): string | undefined {
  const t = line.target;
  return t?.kind === "order" ? orderLineMove(t, line.price, to, band).problem : undefined;
}
