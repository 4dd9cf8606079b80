import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  breachedLimit,
  checkLimits,
  dayFigures,
  dayOf,
  headroom,
  limitsSavedText,
  limitsWarning,
  lossLimitsProblem,
  shownFigures,
  tripText,
  type DayFigures,
  type LimitName,
  type LimitsDay,
  type LossLimits,
} from "../../../../src/core/rules/lossLimits";
import { positionDayPnl } from "../../../../src/core/rules/positions";

const limitsArb = fc.record({
  maxLoss: fc.option(fc.integer({ min: 1, max: 50_000 }), { nil: null }),
  maxOrders: fc.option(fc.integer({ min: 1, max: 30 }), { nil: null }),
  maxPositionValue: fc.option(fc.integer({ min: 1, max: 2_000_000 }), { nil: null }),
  squareOff: fc.boolean(),
});

/** A path of moments: the day's P&L, orders placed so far, position value; and now and then a new day. */
const pathArb = fc.array(
  fc.record({ pnl: fc.integer({ min: -80_000, max: 80_000 }), newOrders: fc.integer({ min: 0, max: 3 }), positionValue: fc.integer({ min: 0, max: 3_000_000 }), nextDay: fc.boolean() }),
  { maxLength: 60 },
);

/** The spec by hand: loss = -pnl reaches maxLoss; orders beyond maxOrders; value above maxPositionValue; in that order. */
function breachByHand(l: LossLimits, f: DayFigures): LimitName | undefined {
  if (l.maxLoss !== null && -f.pnl >= l.maxLoss) return "loss";
  if (l.maxOrders !== null && f.orders > l.maxOrders) return "orders";
  if (l.maxPositionValue !== null && f.positionValue > l.maxPositionValue) return "positionValue";
  return undefined;
}

describe("daily loss limits (issue 33)", () => {
  it("model: over any P&L path a day trips exactly once if a limit is reached in it, at the first moment it is, by that limit; otherwise never", () => {
    fc.assert(
      fc.property(limitsArb, pathArb, (limits, path) => {
        let dayNo = 0;
        let state: LimitsDay | undefined;
        let orders = 0;
        const tripsByDay = new Map<number, Array<{ at: number; name: LimitName }>>();
        const firstBreachByDay = new Map<number, { at: number; name: LimitName }>();
        path.forEach((m, i) => {
          if (m.nextDay) {
            dayNo++;
            orders = 0;
          }
          orders += m.newOrders;
          const today = `2026-11-${String(10 + dayNo).padStart(2, "0")}`;
          const day = dayOf(state, today);
          const figures = { pnl: m.pnl, orders, positionValue: m.positionValue };
          const r = checkLimits(limits, day, figures);
          state = r.state;
          if (r.trips) tripsByDay.set(dayNo, [...(tripsByDay.get(dayNo) ?? []), { at: i, name: r.trips }]);
          const b = breachByHand(limits, figures);
          if (b && !firstBreachByDay.has(dayNo)) firstBreachByDay.set(dayNo, { at: i, name: b });
        });
        for (let d = 0; d <= dayNo; d++) {
          const expected = firstBreachByDay.get(d);
          expect(tripsByDay.get(d) ?? []).toEqual(expected ? [expected] : []);
        }
      }),
      { numRuns: 1000 },
    );
  });

  it("a loss of exactly the limit trips it; a rupee less does not", () => {
    const l: LossLimits = { maxLoss: 5000, maxOrders: null, maxPositionValue: null, squareOff: false };
    expect(breachedLimit(l, { pnl: -4999, orders: 0, positionValue: 0 })).toBeUndefined();
    expect(breachedLimit(l, { pnl: -5000, orders: 0, positionValue: 0 })).toBe("loss");
  });

  it("20 orders a day: the 20th passes, the 21st trips", () => {
    const l: LossLimits = { maxLoss: null, maxOrders: 20, maxPositionValue: null, squareOff: false };
    expect(breachedLimit(l, { pnl: 0, orders: 20, positionValue: 0 })).toBeUndefined();
    expect(breachedLimit(l, { pnl: 0, orders: 21, positionValue: 0 })).toBe("orders");
  });

  it("headroom: ₹1,200 lost of ₹5,000 leaves ₹3,800; 3 of 20 orders leave 17; no value limit leaves nothing to show", () => {
    const l: LossLimits = { maxLoss: 5000, maxOrders: 20, maxPositionValue: null, squareOff: true };
    expect(headroom(l, { pnl: -1200, orders: 3, positionValue: 150_000 })).toEqual([
      { name: "loss", limit: 5000, used: 1200, left: 3800 },
      { name: "orders", limit: 20, used: 3, left: 17 },
      { name: "positionValue", limit: null, used: 150_000, left: null },
    ]);
    // A day in profit has used none of the loss limit.
    expect(headroom(l, { pnl: 700, orders: 0, positionValue: 0 })[0]).toEqual({ name: "loss", limit: 5000, used: 0, left: 5000 });
  });

  it("limits are refused unless positive (orders whole)", () => {
    const base: LossLimits = { maxLoss: null, maxOrders: null, maxPositionValue: null, squareOff: false };
    expect(lossLimitsProblem(base)).toBeUndefined();
    expect(lossLimitsProblem({ ...base, maxLoss: -1 })).toMatch(/maximum loss/);
    expect(lossLimitsProblem({ ...base, maxOrders: 2.5 })).toMatch(/orders/);
    expect(lossLimitsProblem({ ...base, maxPositionValue: Number.NaN })).toMatch(/position value/);
  });

  it("the trip's sentence names the limit and the figures", () => {
    const l: LossLimits = { maxLoss: 1000, maxOrders: null, maxPositionValue: null, squareOff: true };
    expect(tripText("loss", l, { pnl: -1050, orders: 1, positionValue: 0 })).toBe("Daily loss limit reached: trading is stopped for the rest of the day (Maximum loss: ₹1,050.00 of ₹1,000.00)");
  });

  // README "Daily loss limits": "a maximum loss (realised plus unrealised, measured from the day's
  // start: today's trades from their prices, positions carried in from the previous close)".
  const position = (over: Partial<Parameters<typeof positionDayPnl>[0]>): Parameters<typeof positionDayPnl>[0] => ({
    exchange: "NSEEQ",
    multiplier: 1,
    lotsize: 1,
    netQuantity: 0,
    ltp: 0,
    previousDayClose: 0,
    dayBuyQuantity: 0,
    dayBuyPrice: 0,
    daySellQuantity: 0,
    daySellPrice: 0,
    cfBuyQuantity: 0,
    cfSellQuantity: 0,
    buyQuantity: 0,
    buyPrice: 0,
    sellQuantity: 0,
    sellPrice: 0,
    realizedPnl: 0,
    ...over,
  });

  it("the day's P&L of a position: today's trades from their prices, the carried quantity from the previous close", () => {
    // ITC 4,950 bought today at 410.00, last 409.50: 4,950 x (409.50 - 410.00) = -2,475.00.
    expect(positionDayPnl(position({ netQuantity: 4950, dayBuyQuantity: 4950, dayBuyPrice: 410, buyQuantity: 4950, buyPrice: 410, ltp: 409.5, previousDayClose: 405 }))).toBe(-2475);
    // A NIFTY future carried long 75 (bought days ago far lower, at 23,000), previous close 24,100, last 24,080:
    // 75 x (24,080 - 24,100) = -1,500.00; what it gained before today (75 x 1,100) is not today's.
    expect(positionDayPnl(position({ exchange: "NSEFO", netQuantity: 75, cfBuyQuantity: 75, buyQuantity: 75, buyPrice: 23000, ltp: 24080, previousDayClose: 24100 }))).toBe(-1500);
    // 50 carried in (bought at 100) at a previous close of 110, all sold today at 112: 50 x (112 - 110) = +100.00 (of its realised 50 x 12 = 600).
    expect(
      positionDayPnl(position({ netQuantity: 0, cfBuyQuantity: 50, buyQuantity: 50, buyPrice: 100, daySellQuantity: 50, daySellPrice: 112, sellQuantity: 50, sellPrice: 112, realizedPnl: 600, ltp: 115, previousDayClose: 110 })),
    ).toBe(100);
    // Bought 10 at 100 and sold 10 at 102 today: +20.00 whatever the last price.
    expect(
      positionDayPnl(position({ dayBuyQuantity: 10, dayBuyPrice: 100, buyQuantity: 10, buyPrice: 100, daySellQuantity: 10, daySellPrice: 102, sellQuantity: 10, sellPrice: 102, realizedPnl: 20, ltp: 90, previousDayClose: 95 })),
    ).toBe(20);
    // Commodity: one lot of 100 carried short (sold at 6,050), 6,000 to 6,010: -1 x 10 x (multiplier 1 x lot 100) = -1,000.00.
    expect(positionDayPnl(position({ exchange: "MCXCOMM", lotsize: 100, netQuantity: -1, cfSellQuantity: 1, sellQuantity: 1, sellPrice: 6050, ltp: 6010, previousDayClose: 6000 }))).toBe(-1000);
    // Currency: one contract of multiplier 1,000 carried long (bought at 83.50), 84.00 to 83.99: -0.01 x 1,000 = -10.00.
    expect(positionDayPnl(position({ exchange: "NSECURR", multiplier: 1000, netQuantity: 1, cfBuyQuantity: 1, buyQuantity: 1, buyPrice: 83.5, ltp: 83.99, previousDayClose: 84 }))).toBe(-10);
  });

  it("the day's figures sum the positions: the same whenever the limit is set, with no baseline taken at save", () => {
    const itc = position({ netQuantity: 4950, dayBuyQuantity: 4950, dayBuyPrice: 410, buyQuantity: 4950, buyPrice: 410, ltp: 409.5 });
    const nifty = position({ exchange: "NSEFO", netQuantity: 75, cfBuyQuantity: 75, buyQuantity: 75, buyPrice: 23000, ltp: 24080, previousDayClose: 24100 });
    // -2,475.00 + -1,500.00 = -3,975.00; value 4,950 x 409.50 + 75 x 24,080 = 20,27,025 + 18,06,000 = 38,33,025.
    expect(dayFigures([itc, nifty], 4)).toEqual({ pnl: -3975, orders: 4, positionValue: 3_833_025 });
  });

  it("once tripped, the day shows the figures it tripped at: the trip's sentence, used and left say one amount", () => {
    const l: LossLimits = { maxLoss: 2000, maxOrders: null, maxPositionValue: null, squareOff: false };
    const atTrip: DayFigures = { pnl: -2647.5, orders: 3, positionValue: 5_800_000 };
    const r = checkLimits(l, dayOf(undefined, "2026-11-23"), atTrip);
    expect(r.trips).toBe("loss");
    expect(tripText("loss", l, atTrip)).toBe("Daily loss limit reached: trading is stopped for the rest of the day (Maximum loss: ₹2,647.50 of ₹2,000.00)");
    // The price moves on: the loss now reads 233.75, yet the day shows the trip's 2,647.50, nothing left.
    const later: DayFigures = { pnl: -233.75, orders: 3, positionValue: 5_790_000 };
    const shown = shownFigures(r.state, "2026-11-23", later);
    expect(headroom(l, shown)[0]).toEqual({ name: "loss", limit: 2000, used: 2647.5, left: 0 });
    // The next day starts afresh, at the figures of now.
    expect(shownFigures(r.state, "2026-11-24", later)).toBe(later);
    // Before a trip: the figures of now.
    expect(shownFigures(dayOf(undefined, "2026-11-23"), "2026-11-23", later)).toBe(later);
  });

  it("before saving: a limit today's loss is past says it trips now and what that does; within 20 % of it, that a small move trips it", () => {
    const l = (maxLoss: number, squareOff = false): LossLimits => ({ maxLoss, maxOrders: null, maxPositionValue: null, squareOff });
    const f = (pnl: number): DayFigures => ({ pnl, orders: 2, positionValue: 100_000 });
    expect(limitsWarning(l(2000), f(-2647.5), 1)).toEqual({
      tripsNow: true,
      text: "Today's loss ₹2,647.50 is already past ₹2,000.00: saving trips the limit now: cancels 1 open order and stops trading for the day",
    });
    expect(limitsWarning(l(2000, true), f(-2000), 3)?.text).toBe("Today's loss ₹2,000.00 is already past ₹2,000.00: saving trips the limit now: cancels 3 open orders, squares off every position and stops trading for the day");
    // 1,700 of 2,000 is 85 %: within reach, 300 left; saving does not trip.
    expect(limitsWarning(l(2000), f(-1700), 0)).toEqual({
      tripsNow: false,
      text: "Today's loss ₹1,700.00 is within ₹300.00 of ₹2,000.00: a small move trips the limit, which cancels 0 open orders and stops trading for the day",
    });
    // 1,500 of 2,000 is 75 %: nothing to say; a day in profit neither.
    expect(limitsWarning(l(2000), f(-1500), 0)).toBeUndefined();
    expect(limitsWarning(l(2000), f(900), 0)).toBeUndefined();
    // 5 orders placed, a maximum of 3: the check on save trips the orders limit.
    expect(limitsWarning({ maxLoss: null, maxOrders: 3, maxPositionValue: null, squareOff: false }, { pnl: 0, orders: 5, positionValue: 0 }, 2)?.text).toBe(
      "5 orders placed today are already past the maximum of 3: saving trips the limit now: cancels 2 open orders and stops trading for the day",
    );
  });
});

// A tester's finding: saving the limits closed the dialog without a word, where every other risk-desk action confirms.
describe("limitsSavedText: what saving the limits says", () => {
  it("names each limit set, in the dialog's words and rupees, and the square-off", () => {
    expect(limitsSavedText({ maxLoss: 20000, maxOrders: 50, maxPositionValue: null, squareOff: true })).toBe(
      "Loss limits saved: Maximum loss ₹20,000.00, Maximum orders 50; positions squared off on a trip",
    );
    // Indian grouping: 5,00,000.
    expect(limitsSavedText({ maxLoss: null, maxOrders: null, maxPositionValue: 500000, squareOff: false })).toBe("Loss limits saved: Maximum position value ₹5,00,000.00");
  });
  it("with no limit set, says they were cleared", () => {
    expect(limitsSavedText({ maxLoss: null, maxOrders: null, maxPositionValue: null, squareOff: true })).toBe("Loss limits cleared: no limit today");
  });
});
