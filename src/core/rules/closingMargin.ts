import type { TransactionType } from "../types/order";

/** Whether an order on `side` closes a position of signed net quantity `net`: a SELL a long, a BUY a short. */
export const closes = (net: number, side: TransactionType): boolean => (net > 0 && side === "SELL") || (net < 0 && side === "BUY");

/**
 * How much of an order closes an open position, and so needs no margin. The spec leaves the margin
 * rules to the broker (trading-core: "see the margin an order needs before placing it"; the
 * margin-check answer's shape is not shown); Tape's broker, as brokers do: an order against an open
 * position of the same product closes that much first, which adds no exposure. The position can be
 * closed once: working orders on the closing side placed before this one have claimed their
 * pending quantity of it already, so only what is left of the position (open quantity less those
 * working closing orders) is margin-free. Counting the net position alone let every full-size exit
 * go margin-free, and the second to fill opened a reverse position no margin was asked for
 * (FINDINGS-24 s3).
 *
 * `net`: the position's signed net quantity in the order's product; `closingAhead`: the pending
 * quantity of the working orders on the order's side in that product placed before it.
 */
export function marginFreeQuantity(net: number, side: TransactionType, quantity: number, closingAhead: number): number {
  if (!closes(net, side)) return 0;
  return Math.max(0, Math.min(quantity, Math.abs(net) - closingAhead));
}
