import { describe, expect, it } from "vitest";
import { analysedLegs, type PositionContract } from "../../../../src/core/strategy/analyse";
import { breakevensSaid, curveRange, deskBase, deskView, legPnl } from "../../../../src/core/strategy/desk";
import type { DeskLeg } from "../../../../src/core/strategy/legs";
import { deskOrderLeg, hedgeBenefit, placementOrderNote, placementWaves } from "../../../../src/core/strategy/placement";
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

describe("the payoff's spot range", () => {
  // A narrow iron condor at typed entries: bought 23,800 PE and 24,200 CE at 30, sold 23,900 PE and 24,100 CE at 60.
  const condor = [leg("PE", 23800, "BUY", { entry: 30 }), leg("PE", 23900, "SELL", { entry: 60 }), leg("CE", 24100, "SELL", { entry: 60 }), leg("CE", 24200, "BUY", { entry: 30 })];

  it("a narrow iron condor: its strikes and breakevens, a quarter of their span beyond on each side", () => {
    const b = deskBase(condor, { spot: 24000, ltp: [30, 60, 60, 30] }, NOW);
    // Credit 60 + 60 - 30 - 30 = 60 a unit: breakevens at 23,900 - 60 and 24,100 + 60.
    expect(b.breakevens.map((x) => Math.round(x * 100) / 100)).toEqual([23840, 24160]);
    // What it turns on: 23,800 (lowest strike) to 24,200 (highest), 400; a quarter of it, 100, beyond each:
    // 23,700 to 24,300, wider than the spot's ±1 % (23,760 to 24,240). The strikes take 400 / 600 of the plot
    // (the old range, 8 % beyond the strikes, 21,896 to 26,136: 400 of 4,240, a tenth).
    expect(b.lo).toBeCloseTo(23700, 6);
    expect(b.hi).toBeCloseTo(24300, 6);
  });

  it("the range holds every point it turns on: strikes, breakevens, the spot and the what-if's spot", () => {
    // A long straddle at 24,000 for 280 (breakevens 23,720 and 24,280), the spot at 24,100: 23,720 to 24,280 is 560, 140 beyond each.
    expect(curveRange([24000, 24000], [23720, 24280], 24100)).toEqual({ lo: 23580, hi: 24420 });
    // The what-if's spot 3 % up (24,720): 23,720 to 24,720 is 1,000, 250 beyond each.
    expect(curveRange([24000, 24000], [23720, 24280], 24000, 24720)).toEqual({ lo: 23470, hi: 24970 });
  });

  it("however close the points stand, at least 1 % of the spot either side of it", () => {
    // A future alone, bought at the spot: its one breakeven is the spot; 1 % of 24,000 is 240.
    expect(curveRange([], [24000], 24000)).toEqual({ lo: 23760, hi: 24240 });
  });

  it("a what-if spot past the range widens the curves' spots to hold it", () => {
    const b = deskBase(condor, { spot: 24000, ltp: [30, 60, 60, 30] }, NOW);
    // 8 steps of 0.5 %: 24,000 x 1.04 = 24,960. From 23,800 to 24,960 is 1,160, 290 beyond each: 23,510 to 25,250.
    const v = deskView(b, { days: 0, ivShift: 0, spotSteps: 8 });
    expect(v.spot).toBeCloseTo(24960, 6);
    expect(v.curves.spots[0]).toBeCloseTo(23510, 6);
    expect(v.curves.spots.at(-1)).toBeCloseTo(25250, 6);
    // Inside the range, the curves stay on it.
    const inside = deskView(b, { days: 0, ivShift: 0, spotSteps: 1 });
    expect(inside.curves.spots[0]).toBeCloseTo(23700, 6);
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

  it("the confirmation claims the hedge's margin benefit only beside a benefit above ₹0.00", () => {
    const condor = [leg("PE", 23800, "BUY"), leg("PE", 23900, "SELL"), leg("CE", 24100, "SELL"), leg("CE", 24200, "BUY")];
    expect(placementOrderNote(condor, 12_500)).toBe("BUY legs go first, then the SELL legs, so the hedge's margin benefit applies. A BUY refused or unanswered holds the SELL legs back.");
    expect(placementOrderNote(condor, 0)).toBe("BUY legs go first, then the SELL legs; the set has no hedge benefit on its margin. A BUY refused or unanswered holds the SELL legs back.");
    // A float a hair over 0 shows as ₹0.00: no benefit.
    expect(placementOrderNote(condor, 1e-9)).toBe("BUY legs go first, then the SELL legs; the set has no hedge benefit on its margin. A BUY refused or unanswered holds the SELL legs back.");
    // While the margin is asked, or when it is unavailable: the order only.
    expect(placementOrderNote(condor, undefined)).toBe("BUY legs go first, then the SELL legs. A BUY refused or unanswered holds the SELL legs back.");
    expect(placementOrderNote(condor, null)).toBe("BUY legs go first, then the SELL legs. A BUY refused or unanswered holds the SELL legs back.");
    // A short straddle (two sells) and a long one (two buys): nothing goes first.
    expect(placementOrderNote([leg("CE", 24000, "SELL"), leg("PE", 24000, "SELL")], 0)).toBe("Every leg is a SELL: they are sent together, none waiting for another.");
    expect(placementOrderNote([leg("CE", 24000, "BUY"), leg("PE", 24000, "BUY")], 0)).toBe("Every leg is a BUY: they are sent together, none waiting for another.");
  });
});

describe("the breakevens as the figures say them", () => {
  it("legs that cancel out (a BUY and a SELL of one contract): 'none (the legs cancel out)', not hundreds of grid points", () => {
    const legs = [leg("CE", 24500, "BUY"), leg("CE", 24500, "SELL")];
    const b = deskBase(legs, { spot: 24528.53, ltp: [94.6, 94.6] }, NOW);
    expect(b.breakevens).toEqual([]);
    expect(breakevensSaid(b.breakevens, b.extremes)).toBe("none (the legs cancel out)");
  });
  it("flat elsewhere than zero (one contract bought at 100, sold at 110): the same P&L at every spot, 10 x 75 = 750", () => {
    const b = deskBase([leg("CE", 24500, "BUY", { entry: 100 }), leg("CE", 24500, "SELL", { entry: 110 })], { spot: 24528.53, ltp: [94.6, 94.6] }, NOW);
    expect(b.extremes).toEqual({ maxProfit: 750, maxLoss: 750 });
    expect(breakevensSaid(b.breakevens, b.extremes)).toBe("none (the P&L at expiry is the same at every spot)");
  });
  it("a long straddle's two, in the app's number format", () => {
    expect(breakevensSaid([23720, 24280], { maxProfit: "unlimited", maxLoss: -21000 })).toBe("23,720.00, 24,280.00");
  });
});

describe("Analyse positions", () => {
  const pos = (token: string, symbol: string, underlying: string, optionType: string, netQuantity: number, buyPrice: number, sellPrice: number): PositionContract => ({
    position: { exchange: "NSEFO", token, tradingSymbol: symbol, product: "NORMAL", netQuantity, buyPrice, sellPrice },
    contract: { symbol: underlying, insType: optionType === "" ? "FUTIDX" : "OPTIDX", optionType, strikePrice: 24000, expiry: "2026-12-08", lotSize: 75 },
  });
  const book = [
    pos("11", "NIFTY26D0824000CE", "NIFTY", "CE", 150, 120, 0),
    pos("12", "NIFTY26D0824000PE", "NIFTY", "PE", -75, 0, 90),
    pos("21", "BANKNIFTY26D0855000CE", "BANKNIFTY", "CE", 30, 300, 0),
    pos("13", "NIFTY26DECFUT", "NIFTY", "", 75, 24100, 0),
    pos("14", "NIFTY26D0824100CE", "NIFTY", "CE", 0, 100, 100),
  ];

  it("takes the underlying with the most open option positions, and its futures (FINDINGS-25 s2), long at the average buy, short at the average sell", () => {
    const r = analysedLegs(book)!;
    expect(r.underlying).toBe("NIFTY");
    expect(r.legs.map((l) => [l.symbol, l.side, l.lots, l.entry, l.held])).toEqual([
      ["NIFTY26D0824000CE", "BUY", 2, 120, { lots: 2, product: "NORMAL", fromPositions: true }],
      ["NIFTY26D0824000PE", "SELL", 1, 90, { lots: 1, product: "NORMAL", fromPositions: true }],
      ["NIFTY26DECFUT", "BUY", 1, 24100, { lots: 1, product: "NORMAL", fromPositions: true }],
    ]);
  });

  it("takes the selected position's underlying when it is an open option", () => {
    expect(analysedLegs(book, 21)?.underlying).toBe("BANKNIFTY");
  });

  it("a book of futures alone is analysed (since the futures are legs): its payoff a straight line, the future a held BUY leg at its average", () => {
    const r = analysedLegs([book[3]!])!;
    expect(r.underlying).toBe("NIFTY");
    expect(r.legs.map((l) => [l.symbol, l.optionType, l.side, l.lots, l.entry])).toEqual([["NIFTY26DECFUT", "FUT", "BUY", 1, 24100]]);
    // Nothing open that is an option or a future: nothing to analyse.
    expect(analysedLegs([book[4]!])).toBeUndefined();
  });
});
