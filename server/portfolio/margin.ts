import { computeMargin, marginBasis, type MarginBreakdown } from "../../src/core/rules/margin.js";
import type { OrderComplexity, Product, TransactionType } from "../../src/core/types/order.js";
import type { Instrument, Market } from "../market/types.js";

export interface MarginAsk {
  product: Product;
  orderComplexity: OrderComplexity;
  transactionType: TransactionType;
  quantity: number;
  price: number;
}

/** The shared margin model (src/core/rules/margin.ts) for one instrument, with the underlying's live price for option writing. */
export function marginFor(market: Market, inst: Instrument, ask: MarginAsk): MarginBreakdown {
  if (ask.quantity <= 0) return { span: 0, exposure: 0, premium: 0, cash: 0, total: 0 };
  const underlyingPrice = inst.underlying ? market.quote(inst.underlying.exchange, inst.underlying.token)?.ltp : undefined;
  return computeMargin({
    exchange: inst.exchange,
    insType: inst.insType,
    product: ask.product,
    orderComplexity: ask.orderComplexity,
    transactionType: ask.transactionType,
    quantity: ask.quantity,
    price: ask.price,
    multiplier: inst.multiplier,
    lotSize: inst.lotSize,
    productLeverage: inst.productLeverage,
    ...(underlyingPrice !== undefined ? { underlyingPrice } : {}),
    strikePrice: inst.strikePrice,
  });
}

/** Why an order on this instrument needs its margin (rules/margin.ts marginBasis); `closing` when it closes an open position. */
export function marginBasisOf(inst: Instrument, ask: Omit<MarginAsk, "quantity">, closing: boolean): string {
  const basis = marginBasis({
    exchange: inst.exchange,
    insType: inst.insType,
    ...ask,
    quantity: 1,
    multiplier: inst.multiplier,
    lotSize: inst.lotSize,
    productLeverage: inst.productLeverage,
  });
  return closing ? `${basis}; closes an open position first, which adds none` : basis;
}
