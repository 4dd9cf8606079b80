import type { OrderUpdate } from "../../src/core/types/orderUpdate.js";
import { mwTopic } from "../../src/core/topics.js";
import type { OrderRecord } from "./record.js";

/** The order update of access-and-surroundings section 3, plus the row's identity and averages. */
export function orderUpdateOf(r: OrderRecord): OrderUpdate & { orderNo: string; averageTradedPrice: number; product: string; orderComplexity: string; mainLegOrderId: string; instrumentId: string; triggerPrice: number } {
  return {
    brokerOrderId: r.brokerOrderId,
    orderNo: r.orderNo,
    brokerUpdateTime: r.orderTime,
    orderStatus: r.orderStatus,
    validity: r.validity,
    orderType: r.orderType,
    exchange: r.exchange,
    instrumentId: r.instrumentId,
    tradingSymbol: r.tradingSymbol,
    transactionType: r.transactionType,
    product: r.product,
    orderComplexity: r.orderComplexity,
    mainLegOrderId: r.mainLegOrderId,
    quantity: r.quantity,
    cancelledQuantity: r.cancelledQuantity,
    pendingQuantity: r.pendingQuantity,
    filledQuantity: r.filledQuantity,
    price: r.price,
    triggerPrice: r.triggerPrice,
    slTriggerPrice: r.slTriggerPrice,
    averageTradedPrice: r.averageTradedPrice,
    rejectionReason: r.rejectionReason,
    topic: mwTopic(r.exchange, r.tokenNo),
  };
}
