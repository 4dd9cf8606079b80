import { describe, expect, it } from "vitest";
import { initialWindowState } from "../../../../src/core/rules/orderWindowInit";
import { windowChoices, windowShown } from "../../../../src/core/rules/orderWindowChoices";
import { windowProblem } from "../../../../src/core/rules/orderRequest";
import { legFigure, legModifyBody } from "../../../../src/core/rules/legModify";
import type { Order } from "../../../../src/core/types/order";

/**
 * "Only price is modifiable on sub-leg orders (EC802)", read as: a leg's price is the figure it works
 * at, a LIMIT target's limit price, an SL-M stop's trigger. The window opens the leg alone, in its own
 * order type, with only that figure, and sends only that figure.
 */
const nifty = { exchange: "NSEFO" as const, lotSize: 75, tickSize: 0.05, ltp: 24700, insType: "FUTIDX", productLeverage: 0, bnplQty: 0, deliveryQty: 0 };
const crude = { exchange: "MCXCOMM" as const, lotSize: 100, tickSize: 1, ltp: 5600, insType: "FUTCOM", productLeverage: 0, bnplQty: 0, deliveryQty: 0 };
const now = new Date("2026-12-05T05:00:00Z");

const leg = (o: Partial<Order>): Order =>
  ({ brokerOrderId: "L1", orderNo: "L1", mainLegOrderId: "M1", transactionType: "SELL", product: "INTRADAY", validity: "DAY", quantity: 75, disclosedQuantity: 0, targetPrice: 0, stopLossPrice: 0, trailingSlAmount: 0, price: 0, triggerPrice: 0, slTriggerPrice: 0, ...o }) as Order;

// The explorer's BO: buy 1 lot @ 24700 tgt 24800 sl 24550; its target is a SELL LIMIT 24800, its stop a SELL SL-M trigger 24550.
const boTarget = leg({ orderComplexity: "BO", orderType: "LIMIT", price: 24800 });
const boStop = leg({ orderComplexity: "BO", orderType: "SLM", triggerPrice: 24550, slTriggerPrice: 24550 });
// The CO: buy 1 @ 5600 sl 5500; its stop is a SELL SL-M trigger 5500.
const coStop = leg({ orderComplexity: "CO", orderType: "SLM", quantity: 1, triggerPrice: 5500, slTriggerPrice: 5500 });

const open = (order: Order, c: typeof nifty | typeof crude) => initialWindowState({ mode: "modify", transactionType: "BUY", contract: c, preference: undefined, order, now });

describe("the modify of a BO/CO sub-leg", () => {
  it("a LIMIT leg's figure is its price; a stop leg's is its trigger", () => {
    expect(legFigure("LIMIT")).toBe("price");
    expect(legFigure("SLM")).toBe("trigger");
    expect(legFigure("SL")).toBe("trigger");
  });

  it("the BO target opens as a LIMIT with only its price, no target or stop-loss asked for", () => {
    const s = { ...open(boTarget, nifty), price: 24810 };
    expect(s.leg).toBe("target");
    const shown = windowShown(s, nifty);
    expect(shown).toMatchObject({ priceType: "LIMIT", price: 24810, trigger: undefined, target: undefined, stopLoss: undefined, trailingStopLoss: undefined });
    expect(windowChoices(s, nifty).priceTypes.map((p) => p.value)).toEqual(["LIMIT"]);
    // The explorer saw "Enter a target price" here: the target leg has no target of its own.
    expect(windowProblem(s, nifty)).toBeUndefined();
    expect(legModifyBody(s)).toEqual({ price: 24810 });
  });

  it("the BO stop-loss stays an SL-M with only its trigger, and no made-up price", () => {
    const s0 = open(boStop, nifty);
    expect(s0).toMatchObject({ leg: "stop-loss", priceType: "SLM", triggerPrice: 24550 });
    const s = { ...s0, triggerPrice: 24560 };
    expect(windowShown(s, nifty)).toMatchObject({ priceType: "SLM", price: undefined, trigger: 24560, target: undefined, stopLoss: undefined });
    expect(windowProblem(s, nifty)).toBeUndefined();
    expect(legModifyBody(s)).toEqual({ triggerPrice: 24560 });
  });

  it("the CO stop opens as an SL-M with its trigger, not as a LIMIT asking for a price", () => {
    const s = { ...open(coStop, crude), triggerPrice: 5520 };
    expect(s).toMatchObject({ leg: "stop-loss", orderType: "CO", priceType: "SLM" });
    expect(windowShown(s, crude)).toMatchObject({ priceType: "SLM", price: undefined, trigger: 5520 });
    expect(windowProblem(s, crude)).toBeUndefined();
    expect(legModifyBody(s)).toEqual({ triggerPrice: 5520 });
  });

  it("a leg's figure off the tick is still said (the crude tick is 1)", () => {
    expect(windowProblem({ ...open(coStop, crude), triggerPrice: 5520.5 }, crude)).toMatchObject({ field: "trigger" });
  });

  it("the main leg keeps its own rules: a BO main still asks for its target", () => {
    const main = leg({ brokerOrderId: "M1", orderNo: "M1", mainLegOrderId: "", transactionType: "BUY", orderComplexity: "BO", orderType: "LIMIT", price: 24700, stopLossPrice: 24550 });
    const s = open(main, nifty);
    expect(s.leg).toBeUndefined();
    expect(windowProblem(s, nifty)).toMatchObject({ field: "target" });
  });
});
