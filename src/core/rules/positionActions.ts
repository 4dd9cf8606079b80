import { productLabel } from "../format";
import { OK, ruleError, type RuleResult } from "../errors";
import { segmentOf } from "../types/exchange";
import type { OrderRequest, Product } from "../types/order";
import type { Position } from "../types/portfolio";
import { quantityStep } from "./contractValue";
import { plainOrder } from "./plainOrder";

/**
 * Convert position (PUT v2/positions): the spec shows only that the server has rules and answers a
 * message. Tape's rules, as brokers apply them:
 *   equity: INTRADAY <-> DELIVERY (a short cannot become DELIVERY: there are no shares to deliver);
 *   F&O, currency, commodity: INTRADAY <-> NORMAL;
 *   BO and CO positions never convert (their legs manage them);
 *   quantity: a positive whole number of lots, at most the open net quantity.
 */
export function checkConversion(
  position: Pick<Position, "exchange" | "netQuantity" | "product" | "type" | "lotsize">,
  toProduct: Product,
  quantity: number,
): RuleResult {
  if (position.type === "BO" || position.type === "CO") return ruleError("EC957");
  if (toProduct === position.product) return ruleError("EC951", `already ${productLabel(toProduct)}`);
  const allowed: Product[] = segmentOf(position.exchange) === "equity" ? ["INTRADAY", "DELIVERY"] : ["INTRADAY", "NORMAL"];
  if (!allowed.includes(position.product) || !allowed.includes(toProduct)) return ruleError("EC951", `${productLabel(position.product)} to ${productLabel(toProduct)}`);
  if (toProduct === "DELIVERY" && position.netQuantity < 0) return ruleError("EC951", "a short position cannot be held for delivery");
  if (!Number.isInteger(quantity) || quantity <= 0) return ruleError("EC903");
  if (quantity > Math.abs(position.netQuantity)) return ruleError("EC952", `open ${Math.abs(position.netQuantity)}`);
  const step = quantityStep(position.exchange, position.lotsize);
  if (quantity % step !== 0) return ruleError("EC954", `lot size ${step}`);
  return OK;
}

/**
 * The order that exits a position: the opposite side for the whole open quantity, same product,
 * at market, DAY. Exit all sends one per exitable position (rules/positions.ts) and its
 * confirmation lists exactly these.
 */
export function exitOrderFor(position: Pick<Position, "exchange" | "instrumentId" | "netQuantity" | "product">): OrderRequest | undefined {
  if (position.netQuantity === 0) return undefined;
  return plainOrder({
    exchange: position.exchange,
    instrumentId: position.instrumentId,
    transactionType: position.netQuantity > 0 ? "SELL" : "BUY",
    quantity: Math.abs(position.netQuantity),
    product: position.product,
    orderType: "MARKET",
  });
}
