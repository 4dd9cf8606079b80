import { describe, expect, it } from "vitest";
import { buildOrderRequest, chargesRequestOf, marginRequestOf, orderComplexityOf, windowProblem } from "../../../src/core/rules/orderRequest";
import { emptyOrderWindowState } from "../../../src/core/rules/orderWindow";
import type { OrderWindowState } from "../../../src/core/types/orderWindow";

const infy = { exchange: "NSEEQ" as const, token: "1594", tickSize: 0.05, lotSize: 1, multiplier: 1, ltp: 1500 };
const usdinr = { exchange: "NSECURR" as const, token: "9001", tickSize: 0.0025, lotSize: 1000, multiplier: 1, ltp: 83 };
const st = (p: Partial<OrderWindowState>): OrderWindowState => ({ ...emptyOrderWindowState(), quantity: 10, ...p });

describe("building the order request from the window", () => {
  it("Prices are rounded to the tickSize", () => {
    expect(buildOrderRequest(st({ price: 1500.03 }), infy).price).toBe(1500.05);
  });
  it("MARKET sends neither price nor trigger; SLM a trigger only", () => {
    expect(buildOrderRequest(st({ priceType: "MARKET", price: 1500, triggerPrice: 1490 }), infy)).toMatchObject({ price: 0, slTriggerPrice: 0 });
    expect(buildOrderRequest(st({ priceType: "SLM", price: 1500, triggerPrice: 1490 }), infy)).toMatchObject({ price: 0, slTriggerPrice: 1490 });
  });
  it("product mapping: DELIVERY off equity exchanges is NORMAL; BO and CO send INTRADAY", () => {
    expect(buildOrderRequest(st({ pcode: "DELIVERY" }), usdinr).product).toBe("NORMAL");
    expect(buildOrderRequest(st({ orderType: "BO", pcode: "BO", price: 1500, targetPrice: 1550, stopLossPrice: 1480 }), infy)).toMatchObject({
      product: "INTRADAY",
      orderComplexity: "BO",
      targetPrice: 1550,
      stopLossPrice: 1480,
    });
  });
  it("Commodity and currency quantity is shown in lots: currency lots become units", () => {
    expect(buildOrderRequest(st({ quantity: 2, price: 83.1 }), usdinr).quantity).toBe(2000);
  });
  it("AMO is the complexity of a regular order under AMO", () => {
    expect(orderComplexityOf({ orderType: "Regular", isAmo: true })).toBe("AMO");
    expect(orderComplexityOf({ orderType: "CO", isAmo: true })).toBe("CO");
  });
  it("GTD carries its date", () => {
    expect(buildOrderRequest(st({ validity: "GTD", gtdValidityDate: "2026-11-23", price: 1 }), infy).gtdValidityDate).toBe("2026-11-23");
  });
  it("the margin payload has exactly the spec's fields", () => {
    expect(Object.keys(marginRequestOf(buildOrderRequest(st({ price: 1500 }), infy))).sort()).toEqual(
      ["exchange", "instrumentId", "transactionType", "quantity", "product", "orderComplexity", "orderType", "price", "validity", "marketProtection", "slTriggerPrice"].sort(),
    );
  });
  it("the charges request: group, product T or D, orderType B or S", () => {
    const c = chargesRequestOf(buildOrderRequest(st({ price: 1500, pcode: "INTRADAY", transactionType: "SELL" }), infy), infy, "DEMO1");
    expect(c).toEqual({
      clientCode: "DEMO1",
      exchangeGroup: "CASH",
      scripDetails: { scripCode: "1594", exchange: "N", exchangeType: "C" },
      orderDetails: { orderPrice: 1500, product: "T", qty: 10, multiplier: 1, orderType: "S" },
    });
  });
});

describe("client checks before sending (section 5, price and trigger fields)", () => {
  it.each<[Partial<OrderWindowState>, string | undefined]>([
    [{ quantity: 0 }, "Enter a quantity"],
    [{ priceType: "LIMIT", price: 0 }, "Enter a price"],
    [{ priceType: "SL", price: 10, triggerPrice: 0 }, "Enter a trigger price"],
    [{ priceType: "SLM", triggerPrice: 0 }, "Enter a trigger price"],
    [{ priceType: "MARKET" }, undefined],
    [{ orderType: "CO", priceType: "MARKET", triggerPrice: 0 }, "Enter a stop-loss trigger price"],
    [{ orderType: "BO", priceType: "LIMIT", price: 10, targetPrice: 0 }, "Enter a target price"],
  ])("%o -> %s", (p, problem) => {
    expect(windowProblem(st(p))).toBe(problem);
  });
});
