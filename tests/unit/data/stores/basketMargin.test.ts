import { afterEach, describe, expect, it, vi } from "vitest";
import type { BasketLeg } from "../../../../src/core/rules/basket";
import type { MarginCheckRequest } from "../../../../src/core/types/order";

/**
 * Bug 1 of the exploratory test: the Baskets pane's "Required margin" came from the span call,
 * which carries no product and no price, so every leg was priced NORMAL at its last price (an
 * intraday short added 0; intraday buys showed their full value). The figure is now each leg's
 * margin check as the leg would be placed (rules/basketMargin.ts). The broker is stubbed here: it
 * answers 20 % of value for INTRADAY and 100 % for DELIVERY, at the price it is sent.
 */
const asked: MarginCheckRequest[] = [];
const spanCalls: unknown[] = [];
let refuse: string | undefined;

vi.mock("../../../../src/data/api/orders", async (original) => ({
  ...(await original<object>()),
  checkMargin: async (req: MarginCheckRequest) => {
    asked.push(req);
    if (refuse && req.instrumentId === refuse) return { status: "EC918", message: "Price is outside the circuit limits", result: [] };
    const value = req.quantity * req.price;
    return { status: "Ok", message: "Success", result: [{ currentOrderMargin: req.product === "INTRADAY" ? value / 5 : value }] };
  },
}));
vi.mock("../../../../src/data/api/baskets", async (original) => ({
  ...(await original<object>()),
  spanExposure: async (legs: unknown[]) => {
    spanCalls.push(legs);
    return { status: "Ok", message: "Success", result: [{ span: 0, exposure: 0, totalMargin: 11_423, legs: [] }] };
  },
}));

const { baskets$, refreshMargin } = await import("../../../../src/data/stores/baskets");
const { resetSessionState } = await import("../../../../src/data/stores/sessionReset");

const leg = (scripId: number, f: Partial<BasketLeg>): BasketLeg => ({
  scripId, exchange: "NSEEQ", token: 1000 + scripId, transType: "BUY", qty: 1, product: "INTRADAY", orderType: "LIMIT", price: 0, trigger: 0, ...f,
});

afterEach(() => {
  asked.length = 0;
  spanCalls.length = 0;
  refuse = undefined;
  resetSessionState();
});

describe("a basket's required margin (the Baskets pane and the fire confirmation)", () => {
  it("asks each leg's margin with its product and limit price, and adds them", async () => {
    const legs = [
      leg(1, { tradingSymbol: "INFY-EQ", qty: 10, price: 1500, product: "INTRADAY" }),
      leg(2, { tradingSymbol: "HDFCBANK-EQ", transType: "SELL", qty: 100, price: 770, product: "INTRADAY" }),
      leg(3, { tradingSymbol: "SBIN-EQ", qty: 100, price: 800, product: "DELIVERY" }),
    ];
    // 10 x 1500 / 5 = 3,000; 100 x 770 / 5 = 15,400; 100 x 800 = 80,000: 98,400.
    expect(await refreshMargin(7, legs)).toBe(98_400);
    expect(baskets$.margin.peek()["7"]).toBe(98_400);
    expect(spanCalls).toEqual([]);
    expect(asked.map((r) => [r.instrumentId, r.transactionType, r.quantity, r.product, r.orderType, r.price])).toEqual([
      ["1001", "BUY", 10, "INTRADAY", "LIMIT", 1500],
      ["1002", "SELL", 100, "INTRADAY", "LIMIT", 770],
      ["1003", "BUY", 100, "DELIVERY", "LIMIT", 800],
    ]);
  });

  it("a leg the broker refuses empties the figure and keeps why, naming the leg", async () => {
    refuse = "1002";
    const legs = [leg(1, { tradingSymbol: "SBIN-EQ", qty: 100, price: 800 }), leg(2, { tradingSymbol: "INFY-EQ", qty: 10, price: 1500 })];
    expect(await refreshMargin(8, legs)).toBeUndefined();
    expect(baskets$.margin.peek()["8"]).toBeUndefined();
    expect(baskets$.marginWhy.peek()["8"]).toBe("Qty 10 BUY INFY-EQ: Price is outside the circuit limits");
  });
});
