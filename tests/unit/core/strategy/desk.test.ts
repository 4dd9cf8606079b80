import { describe, expect, it } from "vitest";
import { analysedLegs, type PositionContract } from "../../../../src/core/strategy/analyse";
import { deskBase, deskView, legPnl } from "../../../../src/core/strategy/desk";
import type { DeskLeg } from "../../../../src/core/strategy/legs";
import { deskOrderLeg, hedgeBenefit, placementWaves } from "../../../../src/core/strategy/placement";
import { dayClose, daysToExpiry, NO_WHAT_IF, scenarioDates, shiftedSpot, stepDays, stepIv, targetMoment } from "../../../../src/core/strategy/whatIf";
import { scenarioGrid } from "../../../../src/core/strategy/scenario";
import { legOrderRequest } from "../../../../src/core/rules/basketRun";

/** 10:00 IST on 02/12/2026. */
const NOW = new Date("2026-12-02T04:30:00Z");
const leg = (optionType: "CE" | "PE", strike: number, side: "BUY" | "SELL", extra: Partial<DeskLeg> = {}): DeskLeg => ({
  token: strike + (optionType === "CE" ? 1 : 2), symbol: `NIFTY26D08${strike}${optionType}`, exchange: "NSEFO", optionType, strike, expiry: "2026-12-08", side, lots: 1, lotSize: 75, ...extra,
});

describe("the strategy pane's figures from its legs", () => {
  it("a long straddle at typed entries: breakevens at the strike ± the premium paid, a debit, the loss limited to it, the profit unlimited", () => {
    const legs = [leg("CE", 24000, "BUY", { entry: 150 }), leg("PE", 24000, "BUY", { entry: 130 })];
    const b = deskBase(legs, { spot: 24000, ltp: [150, 130] }, NOW);
    // 150 + 130 = 280 a unit: 24000 - 280 and 24000 + 280.
    expect(b.breakevens).toEqual([23720, 24280]);
    // 280 x 75 paid.
    expect(b.netPremium).toBe(-21000);
    expect(b.extremes).toEqual({ maxProfit: "unlimited", maxLoss: -21000 });
    expect(b.maxDays).toBe(6);
  });

  it("at today's prices with no what-if the set is worth what it cost: T+0 P&L is 0 at the spot", () => {
    const legs = [leg("CE", 24200, "SELL"), leg("CE", 24400, "BUY"), leg("PE", 23800, "SELL"), leg("PE", 23600, "BUY")];
    const b = deskBase(legs, { spot: 24010, ltp: [95.5, 40.25, 88, 37.1] }, NOW);
    const v = deskView(b, NO_WHAT_IF);
    expect(Math.abs(v.pnl)).toBeLessThan(0.01);
    expect(v.curves.spots).toHaveLength(400);
    // An iron condor is short volatility and long time: vega below 0, theta above.
    expect(v.greeks.vega).toBeLessThan(0);
    expect(v.greeks.theta).toBeGreaterThan(0);
  });

  it("a leg's P&L is (live - entry) x signed units, nothing while it follows the live price", () => {
    expect(legPnl(leg("CE", 24000, "BUY", { lots: 2, entry: 100 }), 110)).toBe(1500);
    expect(legPnl(leg("CE", 24000, "SELL", { lots: 2, entry: 100 }), 110)).toBe(-1500);
    expect(legPnl(leg("CE", 24000, "BUY"), 110)).toBe(0);
  });
});

describe("the what-if", () => {
  it("moves the date between today and the first expiry, the IV by points, the spot by 0.5 % steps", () => {
    expect(daysToExpiry(NOW, "2026-12-08")).toBe(6);
    expect(stepDays(NO_WHAT_IF, -1, 6).days).toBe(0);
    expect(stepDays({ ...NO_WHAT_IF, days: 6 }, 1, 6).days).toBe(6);
    expect(stepIv(stepIv(NO_WHAT_IF, 1), 1).ivShift).toBe(2);
    expect(shiftedSpot(24000, { ...NO_WHAT_IF, spotSteps: 2 })).toBe(24240);
    const close = new Date("2026-12-08T10:00:00Z");
    // T+0 is now; T+2 from 02/12 10:00 IST is 04/12's close, 15:30 IST (10:00 UTC), where the grid reads 04/12.
    expect(targetMoment(NOW, NO_WHAT_IF, close)).toEqual(NOW);
    expect(targetMoment(NOW, { ...NO_WHAT_IF, days: 2 }, close).toISOString()).toBe("2026-12-04T10:00:00.001Z");
    expect(targetMoment(NOW, { ...NO_WHAT_IF, days: 9 }, close)).toEqual(close);
    // The same date, the same moment: the what-if's target at T+2 and the grid's third column (04/12).
    const grid = scenarioGrid([], 24000, NOW, scenarioDates(NOW, "2026-12-08"), 0);
    expect(grid.dates[2]).toBe("2026-12-04");
    expect(targetMoment(NOW, { ...NO_WHAT_IF, days: 2 }, close)).toEqual(dayClose(grid.dates[2]!));
  });

  it("the scenario grid's dates: every day to a near expiry, seven spread evenly to a far one", () => {
    expect(scenarioDates(NOW, "2026-12-08")).toEqual(["2026-12-02", "2026-12-03", "2026-12-04", "2026-12-05", "2026-12-06", "2026-12-07", "2026-12-08"]);
    // 27 days: offsets round(27 i / 6) = 0, 5 (4.5), 9, 14 (13.5), 18, 23 (22.5), 27.
    expect(scenarioDates(NOW, "2026-12-29")).toEqual(["2026-12-02", "2026-12-07", "2026-12-11", "2026-12-16", "2026-12-20", "2026-12-25", "2026-12-29"]);
  });
});

describe("placing the set", () => {
  it("BUY legs go first, each under a key of the run and its place in the pane", () => {
    const legs = [leg("CE", 24200, "SELL"), leg("CE", 24400, "BUY"), leg("PE", 23800, "SELL"), leg("PE", 23600, "BUY", { entry: 36.5 })];
    const [buys, sells] = placementWaves(legs);
    expect(buys.map((l) => l.scripId)).toEqual([2, 4]);
    expect(sells.map((l) => l.scripId)).toEqual([1, 3]);
    expect(buys.map((l) => legOrderRequest(l, "st-run1").clientOrderKey)).toEqual(["bk-st-run1-2", "bk-st-run1-4"]);
    // Live-priced legs go at market; a typed entry is a limit at it; F&O carried (NORMAL).
    expect(deskOrderLeg(legs[0]!, 0)).toMatchObject({ orderType: "MARKET", price: 0, qty: 75, product: "NORMAL", transType: "SELL" });
    expect(deskOrderLeg(legs[3]!, 3)).toMatchObject({ orderType: "LIMIT", price: 36.5 });
    expect(deskOrderLeg({ ...legs[0]!, exchange: "NSEEQ", optionType: "EQ", expiry: "", strike: 0 }, 0).product).toBe("DELIVERY");
  });

  it("the hedge benefit is the legs' margins alone less the set's", () => {
    expect(hedgeBenefit(100_000, [80_000, 70_000])).toBe(50_000);
  });
});

describe("Analyse positions", () => {
  const pos = (token: string, symbol: string, underlying: string, optionType: string, netQuantity: number, buyPrice: number, sellPrice: number): PositionContract => ({
    position: { exchange: "NSEFO", token, tradingSymbol: symbol, netQuantity, buyPrice, sellPrice },
    contract: { symbol: underlying, optionType, strikePrice: 24000, expiry: "2026-12-08", lotSize: 75 },
  });
  const book = [
    pos("11", "NIFTY26D0824000CE", "NIFTY", "CE", 150, 120, 0),
    pos("12", "NIFTY26D0824000PE", "NIFTY", "PE", -75, 0, 90),
    pos("21", "BANKNIFTY26D0855000CE", "BANKNIFTY", "CE", 30, 300, 0),
    pos("13", "NIFTY26DECFUT", "NIFTY", "", 75, 24100, 0),
    pos("14", "NIFTY26D0824100CE", "NIFTY", "CE", 0, 100, 100),
  ];

  it("takes the underlying with the most open option positions, long at the average buy, short at the average sell", () => {
    const r = analysedLegs(book)!;
    expect(r.underlying).toBe("NIFTY");
    expect(r.legs.map((l) => [l.symbol, l.side, l.lots, l.entry])).toEqual([
      ["NIFTY26D0824000CE", "BUY", 2, 120],
      ["NIFTY26D0824000PE", "SELL", 1, 90],
    ]);
  });

  it("takes the selected position's underlying when it is an open option", () => {
    expect(analysedLegs(book, 21)?.underlying).toBe("BANKNIFTY");
    expect(analysedLegs([book[3]!])).toBeUndefined();
  });
});
