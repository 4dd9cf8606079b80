import { describe, expect, it } from "vitest";
import { emptyOrderWindowState, isRetrigger, ORDER_WINDOW_TRIGGER_MS } from "../../../src/core/rules/orderWindow";
import { settleWindow } from "../../../src/core/rules/orderWindowChoices";
import { initialWindowState } from "../../../src/core/rules/orderWindowInit";

const infy = { exchange: "NSEEQ" as const, lotSize: 1, tickSize: 0.05, ltp: 1500, insType: "EQ", productLeverage: 0, bnplQty: 0, deliveryQty: 0 };
const nifty = { exchange: "NSEFO" as const, lotSize: 75, tickSize: 0.05, ltp: 120, insType: "OPTIDX", productLeverage: 0, bnplQty: 0, deliveryQty: 0 };
const now = new Date("2026-11-22T05:00:00Z");

describe("AMO and the disclosed quantity", () => {
  it("Disclosed quantity must be zero for AMO: switching AMO on clears a typed one", () => {
    const typed = { ...emptyOrderWindowState(), quantity: 100, disclosedQuantity: 20 };
    expect(settleWindow({ ...typed, isAmo: true }, infy).disclosedQuantity).toBe(0);
    expect(settleWindow({ ...typed, isAmo: false }, infy).disclosedQuantity).toBe(20);
  });
  it("MARKET and SLM are disabled when the order is AMO: they become LIMIT and SL", () => {
    expect(settleWindow({ ...emptyOrderWindowState(), priceType: "MARKET", isAmo: true }, infy).priceType).toBe("LIMIT");
    expect(settleWindow({ ...emptyOrderWindowState(), priceType: "SLM", isAmo: true }, infy).priceType).toBe("SL");
    expect(settleWindow({ ...emptyOrderWindowState(), priceType: "MARKET", isAmo: false }, infy).priceType).toBe("MARKET");
  });
  it("an SL-M made an SL under AMO takes a limit one tick past its trigger, where the broker takes it (never the last price, on the wrong side of every stop)", () => {
    // "A buy SL trigger must be below the price. A sell SL trigger must be above it." INFY's tick is 0.05; the last price 1500.
    const sell = initialWindowState({ mode: "new", transactionType: "SELL", contract: infy, preference: undefined, now, prefill: { priceType: "SLM", triggerPrice: 1400, isAmo: true } });
    expect([sell.priceType, sell.triggerPrice, sell.price]).toEqual(["SL", 1400, 1399.95]);
    const buy = initialWindowState({ mode: "new", transactionType: "BUY", contract: infy, preference: undefined, now, prefill: { priceType: "SLM", triggerPrice: 1600, isAmo: true } });
    expect([buy.priceType, buy.triggerPrice, buy.price]).toEqual(["SL", 1600, 1600.05]);
    // An SL keeps the limit it was given; an SL-M with no trigger yet keeps the window's price.
    expect(settleWindow({ ...emptyOrderWindowState(), transactionType: "SELL", priceType: "SL", price: 1390, triggerPrice: 1400, isAmo: true }, infy).price).toBe(1390);
    expect(settleWindow({ ...emptyOrderWindowState(), priceType: "SLM", price: 1500, triggerPrice: 0, isAmo: true }, infy).price).toBe(1500);
  });
});

describe("the 50 ms order-window trigger flag", () => {
  it("A short-lived trigger flag on the order window lasts 50 ms: the same opening within it is dropped", () => {
    expect(ORDER_WINDOW_TRIGGER_MS).toBe(50);
    const first = { key: "new|BUY|NSEEQ|1594", at: 1000 };
    expect(isRetrigger(undefined, first)).toBe(false);
    expect(isRetrigger(first, { ...first, at: 1049 })).toBe(true);
    expect(isRetrigger(first, { ...first, at: 1050 })).toBe(false); // the flag has lapsed
    expect(isRetrigger(first, { key: "new|SELL|NSEEQ|1594", at: 1010 })).toBe(false); // another opening is never held back
  });
});

describe("Settings › Markets' default product per segment", () => {
  it("a new equity order opens INTRADAY when that is the default, over the remembered DELIVERY", () => {
    const s = initialWindowState({
      mode: "new",
      transactionType: "BUY",
      contract: infy,
      preference: { priceType: "LIMIT", orderType: "Regular", pcode: "DELIVERY", validity: "DAY" },
      defaultProduct: "INTRADAY",
      now,
    });
    expect(s.pcode).toBe("INTRADAY");
    expect(s.priceType).toBe("LIMIT");
  });
  it("with no remembered preference the default product still applies (F&O NRML)", () => {
    const s = initialWindowState({ mode: "new", transactionType: "SELL", contract: nifty, preference: undefined, defaultProduct: "NRML", now });
    expect(s.pcode).toBe("NRML");
  });
  it("a modify keeps the order's own product", () => {
    const s = initialWindowState({ mode: "modify", transactionType: "BUY", contract: infy, preference: undefined, defaultProduct: "INTRADAY", now, prefill: { pcode: "DELIVERY" } });
    expect(s.pcode).toBe("DELIVERY");
  });
});
