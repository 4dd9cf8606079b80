import { describe, expect, it } from "vitest";
import { legPnl } from "../../../../src/core/strategy/desk";
import { legEntry, pricedLegs } from "../../../../src/core/strategy/fills";
import type { DeskLeg } from "../../../../src/core/strategy/legs";

/** A NIFTY call of lot 75: one lot sent is an order of 75 units (deskOrderLeg's quantity, lots x lot size). */
const leg = (extra: Partial<DeskLeg> = {}): DeskLeg => ({
  token: 41001, symbol: "NIFTY26D0824000CE", exchange: "NSEFO", optionType: "CE", strike: 24000, expiry: "2026-12-08", side: "BUY", lots: 2, lotSize: 75, ...extra,
});
const order = (quantity: number, filledQuantity: number, averageTradedPrice: number) => ({ quantity, filledQuantity, averageTradedPrice });

describe("a placed leg's entry from its fill", () => {
  it("filled whole: the entry is the order's average price, whatever the live price is now", () => {
    // Two lots of 75 sent as 150 units, all 150 filled at an average of 101.35; the market is at 110 since.
    expect(legEntry(leg(), 110, order(150, 150, 101.35))).toEqual({ price: 101.35, source: "filled", share: 1 });
  });

  it("not placed, or placed and not filled yet: the live price", () => {
    expect(legEntry(leg(), 110, undefined)).toEqual({ price: 110, source: "live" });
    expect(legEntry(leg(), 110, order(150, 0, 0))).toEqual({ price: 110, source: "live" });
  });

  it("a typed price wins over the fill (the trader's word)", () => {
    expect(legEntry(leg({ entry: 99.5 }), 110, order(150, 150, 101.35))).toEqual({ price: 99.5, source: "typed" });
  });

  it("part filled: the filled units at their average, the rest at the live price, by quantity", () => {
    // 75 of 150 at 100, the rest at the live 110: (75 x 100 + 75 x 110) / 150 = 105.
    expect(legEntry(leg(), 110, order(150, 75, 100))).toEqual({ price: 105, source: "part", share: 0.5 });
    // No live price yet: the filled units' price is the only one known.
    expect(legEntry(leg(), undefined, order(150, 75, 100))).toEqual({ price: 100, source: "part", share: 0.5 });
  });

  it("part filled, the leg's P&L is the filled units' only: (live - average) x filled", () => {
    // "A leg's P&L is (live - entry) x signed units": 150 x (110 - 105) = 750 = 75 filled x (110 - 100).
    const [priced] = pricedLegs([leg()], [legEntry(leg(), 110, order(150, 75, 100))]);
    expect(legPnl(priced!, 110)).toBe(750);
    // A SELL leg part filled at 100, the market at 110: the 75 units sold lose 75 x 10.
    const sell = leg({ side: "SELL" });
    const [short] = pricedLegs([sell], [legEntry(sell, 110, order(150, 75, 100))]);
    expect(legPnl(short!, 110)).toBe(-750);
  });

  it("the leg's lots changed after placing: the order filled another quantity than the leg holds, so the live price again", () => {
    // Three lots now (225 units); the order was 150.
    expect(legEntry(leg({ lots: 3 }), 110, order(150, 150, 101.35))).toEqual({ price: 110, source: "live" });
  });

  it("the priced legs carry a fill as their entry; a leg at the live price keeps none (its P&L is 0)", () => {
    const legs = [leg(), leg({ token: 41002, optionType: "PE", symbol: "NIFTY26D0824000PE" })];
    const priced = pricedLegs(legs, [legEntry(legs[0]!, 110, order(150, 150, 101.35)), legEntry(legs[1]!, 90, undefined)]);
    expect(priced[0]!.entry).toBe(101.35);
    expect(priced[1]!.entry).toBeUndefined();
    // Filled whole at 101.35, live 110: 150 x 8.65 = 1,297.50.
    expect(legPnl(priced[0]!, 110)).toBeCloseTo(1297.5, 6);
    expect(legPnl(priced[1]!, 90)).toBe(0);
  });
});
