import type { AlertOrderLeg } from "./alerts";
import { legNeeds } from "./basket";
import { isOnTick } from "./tick";

/**
 * Alert triggers orders on one order line (issue 33): `alert INFY above 1550 then buy INFY 10 @ 1551`.
 * The app resolves the line to its contract when the alert is made (as an alias line is), and the
 * broker keeps it as one basket leg and places it once when the alert fires, under the same key as
 * a linked basket's legs (`ato-<alertId>`). What the broker checks when the alert is made, so a
 * line that could never be placed is refused then (EC732), not when it fires unseen: the contract
 * is tradable, the quantity is whole lots, the prices its type needs are there and on the tick.
 * What only the moment of firing knows (margin, the kill switch, a loss limit) is met then, and
 * said on the alert.
 */
export function alertOrderProblem(leg: Pick<AlertOrderLeg, "qty" | "orderType" | "price" | "trigger">, contract: { lotSize: number; tickSize: number; isIndex: boolean; tradingSymbol: string }): string | undefined {
  if (contract.isIndex) return `${contract.tradingSymbol} is an index and cannot be traded`;
  const lot = contract.lotSize > 0 ? contract.lotSize : 1;
  if (!Number.isInteger(leg.qty) || leg.qty <= 0 || leg.qty % lot !== 0) return `the quantity must be whole lots of ${lot}`;
  const need = legNeeds(leg.orderType);
  if (need.price && !(leg.price > 0)) return `a ${leg.orderType} order needs a price`;
  if (need.trigger && !(leg.trigger > 0)) return `a ${leg.orderType} order needs a trigger price`;
  for (const [name, p] of [["price", need.price ? leg.price : 0], ["trigger", need.trigger ? leg.trigger : 0]] as const) {
    if (p > 0 && !isOnTick(p, contract.tickSize)) return `the ${name} ${p} is not on the tick size ${contract.tickSize}`;
  }
  return undefined;
}
