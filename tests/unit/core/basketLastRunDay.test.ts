import { describe, expect, it } from "vitest";
import type { BasketLeg } from "../../../src/core/rules/basket";
import { firePlan } from "../../../src/core/rules/basketLastRun";
import type { BasketRun } from "../../../src/core/wire/baskets";

/**
 * A basket's last run lapses with the trading day (core/rules/basketLastRun.ts, Tape's decision):
 * yesterday's DAY orders are gone, so `f` the next morning places every leg again as a new run and
 * names nothing as "already placed"; the same day, `f` places only what the run did not.
 */
const leg = (scripId: number, tradingSymbol: string): BasketLeg => ({ scripId, exchange: "NSEEQ", token: scripId, transType: "BUY", qty: 1, product: "INTRADAY", orderType: "MARKET", price: 0, trigger: 0, tradingSymbol });
const legs = [leg(1, "TCS-EQ"), leg(2, "INFY-EQ")];
// Fired at 09:30 IST on 4 Dec (04:00 UTC): TCS went, INFY was refused.
const run: BasketRun = {
  runId: "r1",
  firedAt: "2026-12-04T04:00:00.000Z",
  legs: [
    { scripId: 1, name: "Qty 1 BUY TCS-EQ", state: "placed", orderNo: "2612040000001" },
    { scripId: 2, name: "Qty 1 BUY INFY-EQ", state: "refused", code: "EC918", message: "price out of range" },
  ],
};
const newRunId = () => "r2";

describe("a basket's last run and the trading day", () => {
  it("the same IST day: f places only the leg not placed, under the same run, and names the one that went", () => {
    const plan = firePlan("Morning", legs, run, false, newRunId, "2026-12-04");
    expect(plan.kind).toBe("confirm");
    if (plan.kind !== "confirm") return;
    expect(plan.legs.map((l) => l.scripId)).toEqual([2]);
    expect(plan.runId).toBe("r1");
    expect(plan.head.join(" ")).toContain("Qty 1 BUY TCS-EQ (order 2612040000001)");
    expect(plan.confirmLabel).toBe("Place the 1 leg not placed");
  });

  it("the next IST day: f places every leg as a new run that replaces yesterday's, with no word of legs already placed", () => {
    const plan = firePlan("Morning", legs, run, false, newRunId, "2026-12-05");
    expect(plan.kind).toBe("confirm");
    if (plan.kind !== "confirm") return;
    expect(plan.legs.map((l) => l.scripId)).toEqual([1, 2]);
    expect(plan.runId).toBe("r2");
    expect(plan.replaces).toBe("r1");
    expect(plan.head).toEqual([]);
    expect(plan.confirmLabel).toBe("Place 2 orders");
  });

  it("IST, not UTC: a run fired at 00:10 IST on 5 Dec (18:40 UTC on 4 Dec) is 5 Dec's", () => {
    const late = { ...run, firedAt: "2026-12-04T18:40:00.000Z" };
    const plan = firePlan("Morning", legs, late, false, newRunId, "2026-12-05");
    expect(plan.kind === "confirm" && plan.legs.map((l) => l.scripId)).toEqual([2]);
  });
});
