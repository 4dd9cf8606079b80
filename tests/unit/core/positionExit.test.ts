import { describe, expect, it } from "vitest";
import { exitOrderFor } from "../../../src/core/rules/positionActions";
import { convertTargets } from "../../../src/core/rules/positionConvert";
import { exitLine, exitWindowPrefill, holdingExit, positionExit } from "../../../src/core/rules/positionExit";
import { initialWindowState } from "../../../src/core/rules/orderWindowInit";

const pos = { exchange: "NSEEQ" as const, token: "1594", instrumentId: "1594", tradingSymbol: "INFY-EQ", product: "INTRADAY" as const, type: "", netQuantity: 10, lotsize: 1 };

describe("exit: 'A position can be exited'; the order window opens in exit mode", () => {
  it("a long position exits with a SELL of its net quantity in the same product", () => {
    expect(positionExit(pos)).toEqual({ exchange: "NSEEQ", token: "1594", tradingSymbol: "INFY-EQ", transactionType: "SELL", quantity: 10, product: "INTRADAY" });
  });
  it("a short position exits with a BUY of its absolute net quantity", () => {
    expect(positionExit({ ...pos, netQuantity: -25 })).toMatchObject({ transactionType: "BUY", quantity: 25 });
  });
  it("a closed position (netQuantity 0) has nothing to exit", () => {
    expect(positionExit({ ...pos, netQuantity: 0 })).toBeUndefined();
  });
  it("the exit-all confirmation line says what will be sent", () => {
    expect(exitLine(exitOrderFor(pos)!, pos.tradingSymbol)).toBe("SELL 10 INFY-EQ (NSEEQ, INTRADAY) at MARKET");
  });
  it("selling a holding sells the whole quantity of one product: DELIVERY first (a mixed one's delivery part, the window naming the BNPL part), BNPL when only BNPL is held", () => {
    // The broker sells a product's own shares: 10 for delivery and 5 as BNPL are two orders (15 as DELIVERY is refused, "available 10").
    const at = { exchange: "NSEEQ" as const, token: "2885", symbol: "RELIANCE-EQ" };
    const mixed = holdingExit({ totalQuantity: 15, deliveryQty: 10, bnplQty: 5 }, at);
    expect(mixed).toMatchObject({ transactionType: "SELL", quantity: 10, product: "DELIVERY" });
    expect(mixed?.note).toBe("Sells the 10 held for delivery; 5 more are held as BNPL: x again exits them");
    expect(holdingExit({ totalQuantity: 10, deliveryQty: 10, bnplQty: 0 }, at)).toEqual({ exchange: "NSEEQ", token: "2885", tradingSymbol: "RELIANCE-EQ", transactionType: "SELL", quantity: 10, product: "DELIVERY" });
    expect(holdingExit({ totalQuantity: 5, deliveryQty: 0, bnplQty: 5 }, at)).toMatchObject({ product: "BNPL" });
    expect(holdingExit({ totalQuantity: 0, deliveryQty: 0, bnplQty: 0 }, at)).toBeUndefined();
  });
});

describe("convert dialog offers what the conversion rules accept", () => {
  it("equity converts between INTRADAY and DELIVERY", () => {
    expect(convertTargets(pos)).toEqual(["DELIVERY"]);
    expect(convertTargets({ ...pos, product: "DELIVERY" })).toEqual(["INTRADAY"]);
  });
  it("derivatives and commodity convert between INTRADAY and NORMAL", () => {
    expect(convertTargets({ ...pos, exchange: "NSEFO", lotsize: 1 })).toEqual(["NORMAL"]);
    expect(convertTargets({ ...pos, exchange: "MCXCOMM", product: "NORMAL" })).toEqual(["INTRADAY"]);
  });
  it("BO, CO, BNPL, equity shorts into DELIVERY and closed positions are not offered", () => {
    expect(convertTargets({ ...pos, type: "BO" })).toEqual([]);
    expect(convertTargets({ ...pos, type: "CO" })).toEqual([]);
    expect(convertTargets({ ...pos, product: "BNPL" })).toEqual([]);
    expect(convertTargets({ ...pos, netQuantity: -5 })).toEqual([]);
    expect(convertTargets({ ...pos, netQuantity: 0 })).toEqual([]);
  });
});

describe("x fills the exit window with the order Exit all sends, whatever order was placed last", () => {
  const infy = { exchange: "NSEEQ" as const, lotSize: 1, tickSize: 0.05, ltp: 1500, insType: "EQ", productLeverage: 0, bnplQty: 0, deliveryQty: 0 };
  const now = new Date("2026-11-22T05:00:00Z");
  // The spec's "defaults come from the saved orderPreference" is for a new order; an exit is an order to get out.
  it("after an SL order (preference SL, IOC) a long's exit opens as a MARKET DAY SELL of the whole quantity", () => {
    const intent = positionExit({ ...pos, netQuantity: 10 })!;
    const s = initialWindowState({
      mode: "exit",
      transactionType: "SELL",
      contract: infy,
      preference: { priceType: "SL", orderType: "Regular", pcode: "INTRADAY", validity: "IOC" },
      prefill: exitWindowPrefill(intent, 1),
      now,
    });
    expect(s).toMatchObject({ transactionType: "SELL", quantity: 10, pcode: "INTRADAY", priceType: "MARKET", validity: "DAY", orderType: "Regular" });
  });
  it("after a bracket order (preference BO) the exit is a regular order, not a BO", () => {
    expect(exitWindowPrefill(positionExit({ ...pos, netQuantity: -4 })!, 1)).toEqual({ transactionType: "BUY", quantity: 4, pcode: "INTRADAY", orderType: "Regular", priceType: "MARKET", validity: "DAY" });
  });
  it("a currency position of 3,000 units in lots of 1,000 exits as 3 lots (the window shows lots)", () => {
    const usdinr = { exchange: "NSECURR" as const, token: "9", tradingSymbol: "USDINR26DECFUT", product: "NORMAL" as const, netQuantity: -3000 };
    expect(exitWindowPrefill(positionExit(usdinr)!, 1000)).toMatchObject({ transactionType: "BUY", quantity: 3, priceType: "MARKET" });
  });
});
