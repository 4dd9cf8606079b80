import { OK, ruleError, type RuleResult } from "../../src/core/errors.js";
import type { HoldingProduct } from "../../src/core/types/portfolio.js";
import type { Market } from "../market/types.js";
import { holdsInDemat } from "../../src/core/rules/positions.js";
import { holdingProductOf, type Portfolio } from "../portfolio/portfolio.js";
import type { WorkingOrders } from "./working.js";

/** Shares of one demat holding (a share on NSE or BSE, DELIVERY or BNPL) that the client's working sells out of it still claim. */
export function claimedFromHolding(working: Pick<WorkingOrders, "all">, market: Pick<Market, "instrument">, userId: string, isin: string, product: HoldingProduct, except = ""): number {
  let claimed = 0;
  for (const o of working.all()) {
    if (o.userId !== userId || o.brokerOrderId === except || o.transactionType !== "SELL" || !holdsInDemat(o.exchange, o.product) || holdingProductOf(o.product) !== product) continue;
    if (market.instrument(o.exchange, o.tokenNo)?.isin === isin) claimed += o.pendingQuantity;
  }
  return claimed;
}

/**
 * Equity sells out of the demat account need the shares (EC949): the holding less what the
 * client's other working sells already claim. A new order asks for its quantity; a modified one
 * for what it would still have to sell, `except` itself.
 */
export function checkHoldingCovers(
  desk: { market: Pick<Market, "instrument">; portfolio: Pick<Portfolio, "holdingQuantity">; working: Pick<WorkingOrders, "all"> },
  userId: string,
  sale: { exchange: Parameters<typeof holdsInDemat>[0]; token: number; product: Parameters<typeof holdsInDemat>[1]; transactionType: string; quantity: number },
  except = "",
): RuleResult {
  if (sale.transactionType !== "SELL" || !holdsInDemat(sale.exchange, sale.product)) return OK;
  const inst = desk.market.instrument(sale.exchange, sale.token);
  if (!inst) return OK;
  const product = holdingProductOf(sale.product);
  const free = desk.portfolio.holdingQuantity(userId, inst.isin, product) - claimedFromHolding(desk.working, desk.market, userId, inst.isin, product, except);
  return sale.quantity <= free ? OK : ruleError("EC949", `available ${Math.max(0, free)}`);
}
