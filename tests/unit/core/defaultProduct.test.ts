import { describe, expect, it } from "vitest";
import { defaultPcode, defaultProduct } from "../../../src/core/rules/defaultProduct";
import { initialWindowState } from "../../../src/core/rules/orderWindowInit";

/**
 * The product of a new order the trader did not name (FINDINGS-25 s5): the order window's and a basket
 * leg's are one rule. The spec: "On opening, defaults come from the saved orderPreference" (trading-core,
 * Order window); the blank window's product is DELIVERY; "Product mapping when sending an order: NRML ->
 * NORMAL; BO, CO, INTRADAY -> INTRADAY; DELIVERY -> DELIVERY on equity exchanges, otherwise NORMAL".
 */
describe("the default product of a new order", () => {
  it("nothing saved: the blank window's DELIVERY, shown NRML and sent NORMAL off equity (`buy NIFTY 24800 CE 75` opens NRML)", () => {
    expect(defaultPcode({ exchange: "NSEFO" })).toBe("NRML");
    expect(defaultProduct({ exchange: "NSEFO" })).toBe("NORMAL");
    expect(defaultPcode({ exchange: "NSEEQ" })).toBe("DELIVERY");
    expect(defaultProduct({ exchange: "NSEEQ" })).toBe("DELIVERY");
    expect(defaultProduct({ exchange: "MCXCOMM" })).toBe("NORMAL");
  });
  it("the segment's saved orderPreference: an intraday trader's next order is INTRADAY", () => {
    expect(defaultProduct({ exchange: "NSEFO", preference: { pcode: "INTRADAY" } })).toBe("INTRADAY");
    expect(defaultProduct({ exchange: "NSEEQ", preference: { pcode: "DELIVERY" } })).toBe("DELIVERY");
  });
  it("Settings › Markets' default product of the segment wins over the remembered one", () => {
    expect(defaultProduct({ exchange: "NSEFO", preference: { pcode: "INTRADAY" }, defaultProduct: "NRML" })).toBe("NORMAL");
    expect(defaultProduct({ exchange: "NSEEQ", preference: { pcode: "DELIVERY" }, defaultProduct: "INTRADAY" })).toBe("INTRADAY");
  });
  it("BNPL appears only for NSEEQ: a BNPL preference on BSEEQ is its carry-forward DELIVERY", () => {
    expect(defaultProduct({ exchange: "NSEEQ", preference: { pcode: "BNPL" } })).toBe("BNPL");
    expect(defaultProduct({ exchange: "BSEEQ", preference: { pcode: "BNPL" } })).toBe("DELIVERY");
  });
  it("the order window opens on the same product", () => {
    const nifty = { exchange: "NSEFO" as const, lotSize: 75, tickSize: 0.05, ltp: 120, insType: "OPTIDX", productLeverage: 0, bnplQty: 0, deliveryQty: 0 };
    const now = new Date("2026-12-07T04:30:00Z");
    expect(initialWindowState({ mode: "new", transactionType: "BUY", contract: nifty, preference: undefined, now }).pcode).toBe("NRML");
    const intraday = { priceType: "MARKET" as const, orderType: "Regular" as const, pcode: "INTRADAY" as const, validity: "DAY" as const };
    expect(initialWindowState({ mode: "new", transactionType: "BUY", contract: nifty, preference: intraday, now }).pcode).toBe("INTRADAY");
    expect(initialWindowState({ mode: "new", transactionType: "BUY", contract: nifty, preference: intraday, defaultProduct: "NRML", now }).pcode).toBe("NRML");
  });
});
