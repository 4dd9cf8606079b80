import { describe, expect, it } from "vitest";
import { buildOrderRequest, chargesRequestOf, fieldOfRefusal, marginInputProblem, marginRequestOf, orderComplexityOf, windowProblem } from "../../../src/core/rules/orderRequest";
import { emptyOrderWindowState } from "../../../src/core/rules/orderWindow";
import type { OrderWindowState } from "../../../src/core/types/orderWindow";

const infy = { exchange: "NSEEQ" as const, token: 1594, tickSize: 0.05, lotSize: 1, multiplier: 1, ltp: 1500 };
const usdinr = { exchange: "NSECURR" as const, token: 9001, tickSize: 0.0025, lotSize: 1000, multiplier: 1, ltp: 83 };
const gold = { exchange: "MCXCOMM" as const, token: 7001, tickSize: 1, lotSize: 100, multiplier: 1, ltp: 6000 };
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
  it("disclosed quantity goes in the same unit as quantity: currency lots become units", () => {
    // "Commodity and currency quantity is shown in lots"; "Disclosed quantity cannot exceed quantity".
    // 3 lots of USDINR (lot 1000) disclosing 1 lot: quantity 3 x 1000 = 3000 units, disclosed 1 x 1000 = 1000 units.
    expect(buildOrderRequest(st({ quantity: 3, disclosedQuantity: 1, price: 83.1 }), usdinr)).toMatchObject({ quantity: 3000, disclosedQuantity: 1000 });
    // Commodity quantity already counts lots, so neither is converted.
    expect(buildOrderRequest(st({ pcode: "NRML", quantity: 2, disclosedQuantity: 1, price: 6000 }), gold)).toMatchObject({ quantity: 2, disclosedQuantity: 1 });
    expect(buildOrderRequest(st({ quantity: 10, disclosedQuantity: 4, price: 1500 }), infy)).toMatchObject({ quantity: 10, disclosedQuantity: 4 });
  });
  it("maps product and complexity, rounds prices, drops unneeded fields", () => {
    const s = st({ quantity: 10, price: 1500.03, triggerPrice: 1490, priceType: "LIMIT" });
    expect(buildOrderRequest(s, infy)).toMatchObject({
      exchange: "NSEEQ", instrumentId: "1594", quantity: 10, product: "DELIVERY", orderComplexity: "REGULAR", orderType: "LIMIT",
      price: 1500.05, slTriggerPrice: 0,
    });
    expect(buildOrderRequest({ ...s, isAmo: true }, infy).orderComplexity).toBe("AMO");
    const co = buildOrderRequest({ ...s, orderType: "CO", priceType: "MARKET", pcode: "DELIVERY" }, infy);
    expect(co).toMatchObject({ orderComplexity: "CO", product: "INTRADAY", price: 0, slTriggerPrice: 1490 });
    const bo = buildOrderRequest({ ...s, orderType: "BO", targetPrice: 1550.02, stopLossPrice: 1480, trailingStopLoss: 2 }, infy);
    expect(bo).toMatchObject({ orderComplexity: "BO", product: "INTRADAY", targetPrice: 1550, stopLossPrice: 1480, trailingSlAmount: 2 });
  });
  it("currency quantity typed in lots is sent in units; NRML on futures is NORMAL", () => {
    const s = st({ pcode: "NRML", quantity: 3, price: 83.5 });
    expect(buildOrderRequest(s, { exchange: "NSECURR", token: 8001, lotSize: 1000, tickSize: 0.0025 })).toMatchObject({ quantity: 3000, product: "NORMAL" });
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

describe("the price the charges estimate uses is the margin price", () => {
  // LIMIT and SL at their price, SLM at its trigger, MARKET at the last price (1500 here).
  it.each<[Partial<OrderWindowState>, number]>([
    [{ priceType: "LIMIT", price: 1490 }, 1490],
    [{ priceType: "SL", price: 1490, triggerPrice: 1495 }, 1490],
    [{ priceType: "SLM", triggerPrice: 1495 }, 1495],
    [{ priceType: "MARKET" }, 1500],
    [{ orderType: "CO", priceType: "MARKET", triggerPrice: 1480 }, 1500],
  ])("%o -> %d", (p, price) => {
    expect(chargesRequestOf(buildOrderRequest(st(p), infy), infy, "DEMO1").orderDetails.orderPrice).toBe(price);
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
    expect(windowProblem(st(p), infy)?.message).toBe(problem);
  });
});

describe("a problem is shown next to its field (issue 11: not only as a toast)", () => {
  it.each<[Partial<OrderWindowState>, string]>([
    [{ quantity: 0 }, "quantity"],
    [{ priceType: "LIMIT", price: 0 }, "price"],
    [{ priceType: "SLM", triggerPrice: 0 }, "trigger"],
    [{ orderType: "BO", priceType: "LIMIT", price: 10, targetPrice: 0 }, "target"],
    [{ orderType: "BO", priceType: "LIMIT", price: 10, targetPrice: 11, stopLossPrice: 0 }, "stopLoss"],
    [{ validity: "GTD", gtdValidityDate: "" }, "validity"],
  ])("%o -> %s", (p, field) => {
    expect(windowProblem(st({ price: 1500, ...p }), infy)?.field).toBe(field);
  });
});

describe("a price off the tick size is refused with the nearest valid prices (issue 11: never rounded quietly)", () => {
  it("1500.03 on tick 0.05 is refused, offering 1500 and 1500.05", () => {
    expect(windowProblem(st({ price: 1500.03 }), infy)).toEqual({ field: "price", message: "1500.03 is not a multiple of the tick size 0.05", nearest: [1500, 1500.05] });
  });
  it("a price on the tick passes: 1500.05 on 0.05, 83.1025 on 0.0025", () => {
    expect(windowProblem(st({ price: 1500.05 }), infy)).toBeUndefined();
    expect(windowProblem(st({ price: 83.1025 }), usdinr)).toBeUndefined();
  });
  it("the trigger of an SL order is checked too: 1490.12 on 0.05 offers 1490.10 and 1490.15", () => {
    expect(windowProblem(st({ priceType: "SL", price: 1500, triggerPrice: 1490.12 }), infy)).toEqual({
      field: "trigger",
      message: "1490.12 is not a multiple of the tick size 0.05",
      nearest: [1490.1, 1490.15],
    });
  });
  it("a BO's target and stop-loss: 6050.5 on a tick of 1 offers 6050 and 6051", () => {
    expect(windowProblem(st({ orderType: "BO", priceType: "LIMIT", price: 6000, targetPrice: 6050.5, stopLossPrice: 5950 }), gold)).toMatchObject({ field: "target", nearest: [6050, 6051] });
    expect(windowProblem(st({ orderType: "BO", priceType: "LIMIT", price: 6000, targetPrice: 6050, stopLossPrice: 5950.5 }), gold)).toMatchObject({ field: "stopLoss", nearest: [5950, 5951] });
  });
  it("a price the order type does not send is not checked: MARKET ignores 1500.03", () => {
    expect(windowProblem(st({ priceType: "MARKET", price: 1500.03 }), infy)).toBeUndefined();
  });
});

describe("a broker's refusal is shown by the field it is about", () => {
  it.each<[string, string | undefined]>([
    ["EC954", "quantity"],
    ["EC917", "price"],
    ["EC918", "price"],
    ["EC924", "trigger"],
    ["EC910", "disclosedQuantity"],
    ["EC932", "validity"],
    ["EC919", undefined],
  ])("%s -> %s", (code, field) => {
    expect(fieldOfRefusal(code)).toBe(field);
  });
});

// Issue 11: "Margin shows a figure, not --, for bracket orders": the margin needs the entry only.
describe("what the margin check needs: the entry, not the bracket's legs", () => {
  it.each<[Partial<OrderWindowState>, string | undefined]>([
    [{ quantity: 0 }, "Enter a quantity"],
    [{ priceType: "LIMIT", price: 0 }, "Enter a price"],
    [{ priceType: "SL", price: 10, triggerPrice: 0 }, "Enter a trigger price"],
    [{ orderType: "BO", priceType: "LIMIT", price: 10, targetPrice: 0, stopLossPrice: 0 }, undefined],
    [{ orderType: "CO", priceType: "LIMIT", price: 10, triggerPrice: 0 }, undefined],
    [{ orderType: "CO", priceType: "MARKET", triggerPrice: 0 }, undefined],
  ])("%o -> %s", (p, problem) => {
    expect(marginInputProblem(st(p))).toBe(problem);
  });
});

describe("quantity is a multiple of lot size (section 5: EC954), refused in the window before any send, AMO or not", () => {
  const nifty = { exchange: "NSEFO" as const, token: 35001, tickSize: 0.05, lotSize: 75, multiplier: 1, ltp: 24400 };
  it("50 of NIFTY26DECFUT (lot 75) is refused at the quantity, with the spec's code", () => {
    // 50 / 75 is not whole: "quantity must be a multiple of lot size" (EC954), lot size 75.
    const want = { field: "quantity", message: "EC954: Quantity must be a multiple of lot size: lot size 75" };
    expect(windowProblem(st({ quantity: 50, price: 24400 }), nifty)).toEqual(want);
    expect(windowProblem(st({ quantity: 50, price: 24400, isAmo: true, pcode: "NRML" }), nifty)).toEqual(want);
  });
  it("150 (two lots) passes; commodity and currency quantities count lots, so any whole count passes", () => {
    expect(windowProblem(st({ quantity: 150, price: 24400 }), nifty)).toBeUndefined();
    // Shown in lots: 3 lots of GOLD (lot 100) and 2 lots of USDINR (2 x 1000 = 2000 units, a multiple of 1000).
    expect(windowProblem(st({ quantity: 3, price: 6000 }), gold)).toBeUndefined();
    expect(windowProblem(st({ quantity: 2, price: 83.1 }), usdinr)).toBeUndefined();
  });
});
