import type { Exchange } from "../../src/core/types/exchange.js";
import type { ModifyReason, OrderUpdate } from "../../src/core/types/orderUpdate.js";
import { mwTopic } from "../../src/core/topics.js";
import { jsonNumber as n, jsonString as s } from "./jsonText.js";
import type { OrderRecord } from "./record.js";

/**
 * The order update of access-and-surroundings section 3 (src/core/types/orderUpdate.ts), plus the
 * row's identity and the modify mark.
 * It writes its own JSON text (`jsonText`, what the feed sends): the same text JSON.stringify
 * writes for it, field for field, at a fraction of the cost (two or three updates per order).
 */
export class OrderUpdateMessage implements OrderUpdate {
  readonly brokerOrderId: string;
  readonly orderNo: string;
  readonly brokerUpdateTime: string;
  readonly orderStatus: string;
  readonly validity: string;
  readonly orderType: string;
  readonly exchange: Exchange;
  readonly instrumentId: string;
  readonly tradingSymbol: string;
  readonly transactionType: string;
  readonly product: string;
  readonly orderComplexity: string;
  readonly mainLegOrderId: string;
  readonly quantity: number;
  readonly cancelledQuantity: number;
  readonly pendingQuantity: number;
  readonly filledQuantity: number;
  readonly price: number;
  readonly triggerPrice: number;
  readonly slTriggerPrice: number;
  readonly averageTradedPrice: number;
  readonly modified: boolean;
  readonly rejectionReason: string;
  readonly topic: string;
  /** The order's tag when it has one ("GTT 5": placed by that GTT's trigger): the app's toast says what placed it. Absent when empty. */
  readonly orderTag?: string;
  /** Issue 33: who modified it, when not the trader ("trail": the broker moved a trailing stop); absent otherwise. */
  readonly modifyReason?: ModifyReason;
  /** With modifyReason "trail": the trigger before the move. */
  readonly previousTrigger?: number;

  /**
   * `modified`: the update follows a modify of the order (its history's "modified" entry just before); `by`: a modify of the broker's own;
   * `updateTime`: when this change happened (the order's orderTime is when it was placed).
   */
  constructor(r: OrderRecord, modified = false, by?: { reason: ModifyReason; previousTrigger: number }, updateTime: string = r.orderTime) {
    this.brokerOrderId = r.brokerOrderId;
    this.orderNo = r.orderNo;
    this.brokerUpdateTime = updateTime;
    this.orderStatus = r.orderStatus;
    this.validity = r.validity;
    this.orderType = r.orderType;
    this.exchange = r.exchange;
    this.instrumentId = r.instrumentId;
    this.tradingSymbol = r.tradingSymbol;
    this.transactionType = r.transactionType;
    this.product = r.product;
    this.orderComplexity = r.orderComplexity;
    this.mainLegOrderId = r.mainLegOrderId;
    this.quantity = r.quantity;
    this.cancelledQuantity = r.cancelledQuantity;
    this.pendingQuantity = r.pendingQuantity;
    this.filledQuantity = r.filledQuantity;
    this.price = r.price;
    this.triggerPrice = r.triggerPrice;
    this.slTriggerPrice = r.slTriggerPrice;
    this.averageTradedPrice = r.averageTradedPrice;
    this.modified = modified;
    this.rejectionReason = r.rejectionReason;
    this.topic = mwTopic(r.exchange, r.tokenNo);
    if (r.orderTag) this.orderTag = r.orderTag;
    if (by) {
      this.modifyReason = by.reason;
      this.previousTrigger = by.previousTrigger;
    }
  }

  /** The update as JSON text, the fields in the order above: what JSON.stringify(this) gives. */
  jsonText(): string {
    return (
      `{"brokerOrderId":${s(this.brokerOrderId)},"orderNo":${s(this.orderNo)},"brokerUpdateTime":${s(this.brokerUpdateTime)},"orderStatus":${s(this.orderStatus)}` +
      `,"validity":${s(this.validity)},"orderType":${s(this.orderType)},"exchange":${s(this.exchange)},"instrumentId":${s(this.instrumentId)}` +
      `,"tradingSymbol":${s(this.tradingSymbol)},"transactionType":${s(this.transactionType)},"product":${s(this.product)},"orderComplexity":${s(this.orderComplexity)}` +
      `,"mainLegOrderId":${s(this.mainLegOrderId)},"quantity":${n(this.quantity)},"cancelledQuantity":${n(this.cancelledQuantity)},"pendingQuantity":${n(this.pendingQuantity)}` +
      `,"filledQuantity":${n(this.filledQuantity)},"price":${n(this.price)},"triggerPrice":${n(this.triggerPrice)},"slTriggerPrice":${n(this.slTriggerPrice)}` +
      `,"averageTradedPrice":${n(this.averageTradedPrice)},"modified":${this.modified ? "true" : "false"},"rejectionReason":${s(this.rejectionReason)},"topic":${s(this.topic)}` +
      (this.orderTag === undefined ? "" : `,"orderTag":${s(this.orderTag)}`) +
      (this.modifyReason === undefined ? "}" : `,"modifyReason":${s(this.modifyReason)},"previousTrigger":${n(this.previousTrigger ?? 0)}}`)
    );
  }
}
