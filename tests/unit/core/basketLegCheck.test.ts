import { describe, expect, it } from "vitest";
import { legContractProblem } from "../../../src/core/rules/basketLegCheck";
import { basketMargin, legMarginRequest, type LegMargin } from "../../../src/core/rules/basketMargin";
import type { BasketLeg } from "../../../src/core/rules/basket";

const MRF = { exchange: "NSEEQ" as const, lotSize: 1, tickSize: 5 };
const NIFTY_FUT = { exchange: "NSEFO" as const, lotSize: 75, tickSize: 0.05 };
const GOLD = { exchange: "MCXCOMM" as const, lotSize: 100, tickSize: 1 };

describe("a basket leg's contract rules (the order window's: 'a multiple of lot size', a price on the tick)", () => {
  it("'A price off the tick is refused, never rounded quietly': the order window's sentence and the ticks below and above", () => {
    // 129000.05 / 5 = 25800.01 ticks: 25800 x 5 = 129000 below, 25801 x 5 = 129005 above.
    expect(legContractProblem({ qty: 1, orderType: "LIMIT", price: 129_000.05, trigger: 0 }, MRF)).toEqual({
      code: "EC917",
      message: "129000.05 is not a multiple of the tick size 5: 129000 or 129005",
      nearest: [129_000, 129_005],
    });
    expect(legContractProblem({ qty: 1, orderType: "LIMIT", price: 129_005, trigger: 0 }, MRF)).toBeUndefined();
  });

  it("checks only the prices the leg's type sends ('MARKET needs neither price nor trigger ... SLM needs a trigger only')", () => {
    expect(legContractProblem({ qty: 1, orderType: "MARKET", price: 129_001, trigger: 129_002 }, MRF)).toBeUndefined();
    // 129002 / 5 = 25800.4 ticks: 129000 below, 129005 above.
    expect(legContractProblem({ qty: 1, orderType: "SLM", price: 129_001, trigger: 129_002 }, MRF)).toMatchObject({ code: "EC924", message: "Trigger: 129002 is not a multiple of the tick size 5: 129000 or 129005" });
    expect(legContractProblem({ qty: 1, orderType: "SL", price: 129_001, trigger: 129_000 }, MRF)).toMatchObject({ code: "EC917" });
  });

  it("'a multiple of lot size': 50 of a lot of 75 is refused, 150 taken; a commodity leg is counted in lots", () => {
    expect(legContractProblem({ qty: 50, orderType: "MARKET", price: 0, trigger: 0 }, NIFTY_FUT)).toEqual({ code: "EC954", message: "Quantity must be a multiple of lot size: lot size 75" });
    expect(legContractProblem({ qty: 150, orderType: "MARKET", price: 0, trigger: 0 }, NIFTY_FUT)).toBeUndefined();
    expect(legContractProblem({ qty: 3, orderType: "MARKET", price: 0, trigger: 0 }, GOLD)).toBeUndefined();
  });
});

const leg = (scripId: number, f: Partial<BasketLeg> = {}): BasketLeg => ({ scripId, exchange: "NSEEQ", token: 1594, transType: "BUY", qty: 10, product: "INTRADAY", orderType: "LIMIT", price: 1500, trigger: 0, ...f });

describe("a basket's margin: 'what the broker would block for its legs as they would be placed'", () => {
  it("each leg is checked with its own product, order type and prices, as the order it places", () => {
    expect(legMarginRequest(leg(1, { transType: "SELL", product: "DELIVERY", orderType: "SL", price: 1500, trigger: 1505 }))).toEqual({
      exchange: "NSEEQ", instrumentId: "1594", transactionType: "SELL", quantity: 10, product: "DELIVERY", orderComplexity: "REGULAR", orderType: "SL", price: 1500, validity: "DAY", marketProtection: 0, slTriggerPrice: 1505,
    });
    // A MARKET leg sends no price: the broker prices it at the last price.
    expect(legMarginRequest(leg(2, { orderType: "MARKET", price: 1500 }))).toMatchObject({ orderType: "MARKET", price: 0 });
  });

  it("adds the legs' figures (no hedge benefit is modelled); the first leg refused makes it unknown, with why", async () => {
    const answers: Record<number, LegMargin> = { 1: { ok: true, margin: 3000 }, 2: { ok: true, margin: 15_400.1 }, 3: { ok: false, message: "Price is outside the circuit limits" } };
    const check = async (req: { quantity: number }) => answers[req.quantity]!;
    // 3,000 + 15,400.10 = 18,400.10.
    expect(await basketMargin([leg(1, { qty: 1 }), leg(2, { qty: 2 })], check)).toEqual({ ok: true, total: 18_400.1 });
    expect(await basketMargin([leg(1, { qty: 1 }), leg(7, { qty: 3 })], check)).toEqual({ ok: false, scripId: 7, message: "Price is outside the circuit limits" });
    expect(await basketMargin([leg(1, { qty: 1 })], async () => Promise.reject(new Error("timeout")))).toEqual({ ok: false, scripId: 1, message: "timeout" });
  });
});
