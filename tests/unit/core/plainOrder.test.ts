import { describe, expect, it } from "vitest";
import { plainOrder } from "../../../src/core/rules/plainOrder";

describe("plainOrder", () => {
  it("is a REGULAR DAY order with every extra at zero, keeping only the tag and key it is given", () => {
    expect(plainOrder({ exchange: "NSEEQ", instrumentId: "1594", transactionType: "BUY", quantity: 3, product: "DELIVERY", orderType: "MARKET", clientOrderKey: "sip-7-0" })).toStrictEqual({
      exchange: "NSEEQ",
      instrumentId: "1594",
      transactionType: "BUY",
      quantity: 3,
      product: "DELIVERY",
      orderComplexity: "REGULAR",
      orderType: "MARKET",
      validity: "DAY",
      price: 0,
      slTriggerPrice: 0,
      disclosedQuantity: 0,
      marketProtection: 0,
      targetPrice: 0,
      stopLossPrice: 0,
      trailingSlAmount: 0,
      clientOrderKey: "sip-7-0",
    });
  });

  it("keeps the complexity, price and trigger it is given", () => {
    const o = plainOrder({ exchange: "NSEEQ", instrumentId: "1594", transactionType: "SELL", quantity: 1, product: "INTRADAY", orderType: "SL", orderComplexity: "AMO", price: 101.5, slTriggerPrice: 102 });
    expect([o.orderComplexity, o.price, o.slTriggerPrice, "orderTag" in o]).toEqual(["AMO", 101.5, 102, false]);
  });
});
