import type { OrderRequest } from "../types/order";

/** What a plain order says; the rest of the request is zero. */
export type PlainOrder = Pick<OrderRequest, "exchange" | "instrumentId" | "transactionType" | "quantity" | "product" | "orderType"> &
  Partial<Pick<OrderRequest, "orderComplexity" | "price" | "slTriggerPrice" | "orderTag" | "clientOrderKey">>;

/**
 * A DAY order placed on the trader's behalf (a position's exit, a triggered GTT leg, a SIP
 * instalment, a basket leg): REGULAR unless said, no disclosed quantity, market protection,
 * bracket legs or trailing stop, so every such request is built one way.
 */
export function plainOrder(o: PlainOrder): OrderRequest {
  return {
    exchange: o.exchange,
    instrumentId: o.instrumentId,
    transactionType: o.transactionType,
    quantity: o.quantity,
    product: o.product,
    orderComplexity: o.orderComplexity ?? "REGULAR",
    orderType: o.orderType,
    validity: "DAY",
    price: o.price ?? 0,
    slTriggerPrice: o.slTriggerPrice ?? 0,
    disclosedQuantity: 0,
    marketProtection: 0,
    targetPrice: 0,
    stopLossPrice: 0,
    trailingSlAmount: 0,
    ...(o.orderTag === undefined ? {} : { orderTag: o.orderTag }),
    ...(o.clientOrderKey === undefined ? {} : { clientOrderKey: o.clientOrderKey }),
  };
}
