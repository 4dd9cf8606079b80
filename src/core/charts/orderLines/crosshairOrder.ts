import { roundToTick, stepByTicks } from "../../rules/tick";
import type { TransactionType } from "../../types/order";

/**
 * `b` / `s` with the crosshair on the chart (issue 34): the order window opens at the crosshair's
 * price, of the type that rests there.
 * 1. The price is the crosshair's, on the nearest tick.
 * 2. On the favourable side of the last price (a buy at or below it, a sell at or above it) a LIMIT
 *    waits there: a LIMIT at that price.
 * 3. On the other side only a stop waits for the price to get there: an SL with that trigger, and
 *    its limit price one tick beyond (a buy's above, a sell's below), the nearest the order rules
 *    allow (a buy SL's trigger must be below its price, EC908; a sell's above, EC909).
 * 4. With no last price known, a LIMIT (nothing says which side it is on).
 */
export type CrosshairOrder = { priceType: "LIMIT"; price: number } | { priceType: "SL"; triggerPrice: number; price: number };

export function crosshairOrder(side: TransactionType, crosshairPrice: number, ltp: number, tickSize: number): CrosshairOrder {
  const at = Math.max(tickSize, roundToTick(crosshairPrice, tickSize));
  const favourable = side === "BUY" ? at <= ltp : at >= ltp;
  if (!(ltp > 0) || favourable) return { priceType: "LIMIT", price: at };
  return { priceType: "SL", triggerPrice: at, price: stepByTicks(at, tickSize, side === "BUY" ? 1 : -1) };
}
