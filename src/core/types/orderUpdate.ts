import type { Exchange } from "./exchange";

/** An order update on prod/updates/order/v1/{clientcode} (access-and-surroundings section 3). */
export interface OrderUpdate {
  brokerOrderId: string;
  brokerUpdateTime: string;
  orderStatus: string;
  validity: string;
  orderType: string;
  exchange: Exchange;
  tradingSymbol: string;
  transactionType: string;
  quantity: number;
  cancelledQuantity: number;
  pendingQuantity: number;
  filledQuantity: number;
  price: number;
  slTriggerPrice: number;
  rejectionReason: string;
  topic: string;
}
