import { describe, expect, it } from "vitest";
import { defaultQuantity, initialWindowState, pcodeOfProduct } from "../../../src/core/rules/orderWindowInit";
import type { Order } from "../../../src/core/types/order";

const infy = { exchange: "NSEEQ" as const, lotSize: 1, tickSize: 0.05, ltp: 1500.02, insType: "EQ", productLeverage: 0, bnplQty: 0, deliveryQty: 0 };
const nifty = { exchange: "NSEFO" as const, lotSize: 75, tickSize: 0.05, ltp: 120, insType: "OPTIDX", productLeverage: 0, bnplQty: 0, deliveryQty: 0 };
const now = new Date("2026-11-22T05:00:00Z");

describe("the order window's first state", () => {
  it("On opening, defaults come from the saved orderPreference", () => {
    const s = initialWindowState({
      mode: "new",
      transactionType: "BUY",
      contract: infy,
      preference: { priceType: "MARKET", orderType: "Regular", pcode: "INTRADAY", validity: "IOC" },
      now,
    });
    expect(s).toMatchObject({ priceType: "MARKET", pcode: "INTRADAY", validity: "IOC", quantity: 1, price: 1500 });
  });
  it("one lot by default: F&O opens with the lot size", () => {
    expect(defaultQuantity(nifty)).toBe(75);
    expect(defaultQuantity({ exchange: "MCXCOMM", lotSize: 100, insType: "FUTCOM" })).toBe(1);
  });
  it("Default validity date: tomorrow", () => {
    expect(initialWindowState({ mode: "new", transactionType: "BUY", contract: infy, preference: undefined, now }).gtdValidityDate).toBe("2026-11-23");
  });
  it("the command line's draft wins over the defaults", () => {
    const s = initialWindowState({
      mode: "new",
      transactionType: "SELL",
      contract: nifty,
      preference: undefined,
      prefill: { quantity: 150, priceType: "SL", price: 120, triggerPrice: 110, pcode: "INTRADAY" },
      now,
    });
    expect(s).toMatchObject({ transactionType: "SELL", quantity: 150, priceType: "SL", price: 120, triggerPrice: 110, pcode: "INTRADAY", validity: "DAY" });
  });
  it("a modify starts from the order", () => {
    const order = { transactionType: "SELL", orderComplexity: "CO", product: "INTRADAY", orderType: "LIMIT", validity: "DAY", quantity: 10, price: 1501, slTriggerPrice: 1510, triggerPrice: 1510, disclosedQuantity: 0, targetPrice: 0, stopLossPrice: 0, trailingSlAmount: 0 } as Order;
    expect(initialWindowState({ mode: "modify", transactionType: "BUY", contract: infy, preference: undefined, order, now })).toMatchObject({
      mode: "modify",
      transactionType: "SELL",
      orderType: "CO",
      pcode: "INTRADAY",
      quantity: 10,
      price: 1501,
      triggerPrice: 1510,
    });
  });
  it("a currency modify shows quantity and disclosed quantity in lots (Commodity and currency quantity is shown in lots)", () => {
    // 3000 units of USDINR (lot 1000) disclosing 1000: the window shows 3 and 1 lots.
    const usdinr = { exchange: "NSECURR" as const, lotSize: 1000, tickSize: 0.0025, ltp: 83, insType: "FUTCUR", productLeverage: 0, bnplQty: 0, deliveryQty: 0 };
    const order = { transactionType: "BUY", orderComplexity: "REGULAR", product: "NORMAL", orderType: "LIMIT", validity: "DAY", quantity: 3000, price: 83.1, slTriggerPrice: 0, triggerPrice: 0, disclosedQuantity: 1000, targetPrice: 0, stopLossPrice: 0, trailingSlAmount: 0 } as Order;
    expect(initialWindowState({ mode: "modify", transactionType: "BUY", contract: usdinr, preference: undefined, order, now })).toMatchObject({ quantity: 3, disclosedQuantity: 1 });
  });
  it("NORMAL shows as NRML off equity and as DELIVERY on it", () => {
    expect(pcodeOfProduct("NORMAL", "NSEFO")).toBe("NRML");
    expect(pcodeOfProduct("DELIVERY", "NSEEQ")).toBe("DELIVERY");
  });
});
