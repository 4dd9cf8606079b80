import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { applyPreset, presetFor, presetProblem, type OrderPresets, type PresetMarket } from "../../../../src/core/rules/orderPresets";

/**
 * Issue 33, order presets: "an instrument's preset beats its segment's"; a ₹ amount buys whole
 * lots, rounded down, so quantity × price ≤ amount; the offset is in ticks from the bid, ask or
 * LTP, towards the other side of the book.
 */
const SEED = 3320;
const infy: PresetMarket = { side: "BUY", exchange: "NSEEQ", lotSize: 1, multiplier: 1, tickSize: 0.05, bid: 1499.9, ask: 1500.1, ltp: 1500 };
const nifty: PresetMarket = { side: "BUY", exchange: "NSEFO", lotSize: 75, multiplier: 1, tickSize: 0.05, bid: 119.95, ask: 120.05, ltp: 120 };

describe("which preset applies (issue 33)", () => {
  const presets: OrderPresets = { "segment:equity": { quantity: { unit: "units", value: 10 } }, "NSEEQ:INFY": { quantity: { unit: "units", value: 30 } } };

  it("the instrument's own preset beats its segment's", () => {
    expect(presetFor(presets, "NSEEQ", "infy")).toMatchObject({ key: "NSEEQ:INFY", label: "INFY", preset: { quantity: { value: 30 } } });
  });

  it("another equity falls back to the segment's, named Equity", () => {
    expect(presetFor(presets, "NSEEQ", "TCS")).toMatchObject({ key: "segment:equity", label: "Equity" });
  });

  it("a segment with none set has no preset", () => {
    expect(presetFor(presets, "NSEFO", "NIFTY")).toBeUndefined();
  });
});

describe("a preset applied (issue 33), worked by hand", () => {
  it("₹1,00,000 at LTP 1,500 buys floor(100000 / 1500) = 66 shares", () => {
    expect(applyPreset({ quantity: { unit: "amount", value: 100000 } }, infy)).toEqual({ quantity: 66 });
  });

  it("₹1,00,000 of an option at 120, lot 75: one lot is ₹9,000, floor(100000 / 9000) = 11 lots = 825", () => {
    expect(applyPreset({ quantity: { unit: "amount", value: 100000 } }, nifty)).toEqual({ quantity: 825 });
  });

  it("200 units of lot 75 round down to 2 lots = 150; 3 lots are 225", () => {
    expect(applyPreset({ quantity: { unit: "units", value: 200 } }, nifty)).toEqual({ quantity: 150 });
    expect(applyPreset({ quantity: { unit: "lots", value: 3 } }, nifty)).toEqual({ quantity: 225 });
  });

  it("an amount under one lot is refused with EC720", () => {
    expect(applyPreset({ quantity: { unit: "amount", value: 8999 } }, nifty)).toMatchObject({ ok: false, code: "EC720" });
  });

  it("BUY at ask +2 ticks of 0.05 is 1,500.10 + 0.10 = 1,500.20; SELL at bid +2 ticks is 1,499.90 − 0.10 = 1,499.80", () => {
    expect(applyPreset({ offset: { from: "ask", ticks: 2 } }, infy)).toEqual({ price: 1500.2 });
    expect(applyPreset({ offset: { from: "bid", ticks: 2 } }, { ...infy, side: "SELL" })).toEqual({ price: 1499.8 });
  });

  it("₹1,00,000 at LTP −4 ticks (1,499.80) is 66 shares, the amount divided by the preset's own price", () => {
    expect(applyPreset({ quantity: { unit: "amount", value: 100000 }, offset: { from: "ltp", ticks: -4 } }, infy)).toEqual({ quantity: 66, price: 1499.8 });
  });

  it("target 10 points and stop 1 % on a BUY at 1,500: target 1,510, stop 1,500 − 15 = 1,485; a SELL the other way", () => {
    const p = { target: { unit: "points" as const, value: 10 }, stop: { unit: "percent" as const, value: 1 }, validity: "IOC" as const };
    expect(applyPreset(p, infy)).toEqual({ target: 1510, stop: 1485, validity: "IOC" });
    expect(applyPreset(p, { ...infy, side: "SELL" })).toEqual({ target: 1490, stop: 1515, validity: "IOC" });
  });

  it("a preset with a fractional lot count, or an offset of half a tick, has a problem", () => {
    expect(presetProblem({ quantity: { unit: "lots", value: 1.5 } })).toMatch(/whole number/);
    expect(presetProblem({ offset: { from: "ltp", ticks: 0.5 } })).toMatch(/whole number of ticks/);
    expect(presetProblem({ quantity: { unit: "amount", value: 2500.5 } })).toBeUndefined();
  });
});

describe("presets, properties (issue 33)", () => {
  // Prices as whole ticks of 0.05, amounts in whole rupees: the model counts in paise, integers only.
  const market = fc.record({
    lotSize: fc.constantFrom(1, 15, 25, 50, 75, 1800),
    ltpTicks: fc.integer({ min: 1, max: 200000 }),
    side: fc.constantFrom("BUY" as const, "SELL" as const),
    exchange: fc.constantFrom("NSEEQ" as const, "NSEFO" as const),
  });

  it("an amount gives a whole number of lots whose value is within the amount, and one more lot would not be", () => {
    fc.assert(
      fc.property(market, fc.integer({ min: 1, max: 50_000_000 }), (m, amount) => {
        const lot = m.exchange === "NSEEQ" ? 1 : m.lotSize;
        const ltp = (m.ltpTicks * 5) / 100;
        const r = applyPreset({ quantity: { unit: "amount", value: amount } }, { ...infy, ...m, lotSize: lot, ltp, bid: ltp, ask: ltp });
        const lotPaise = m.ltpTicks * 5 * lot;
        const modelLots = Math.floor((amount * 100) / lotPaise);
        if (modelLots === 0) return "code" in r && r.code === "EC720";
        if ("code" in r) return false;
        const q = r.quantity!;
        return q % lot === 0 && q === modelLots * lot && q * m.ltpTicks * 5 <= amount * 100 && (q + lot) * m.ltpTicks * 5 > amount * 100;
      }),
      { seed: SEED, numRuns: 2000 },
    );
  });

  it("units and lots always give a whole number of lots, never more than asked in units", () => {
    fc.assert(
      fc.property(market, fc.integer({ min: 1, max: 100000 }), fc.boolean(), (m, value, inLots) => {
        const lot = m.exchange === "NSEEQ" ? 1 : m.lotSize;
        const r = applyPreset({ quantity: { unit: inLots ? "lots" : "units", value } }, { ...infy, ...m, lotSize: lot });
        const want = inLots ? value * lot : Math.floor(value / lot) * lot;
        if (want === 0) return "code" in r && r.code === "EC720";
        return !("code" in r) && r.quantity === want && r.quantity % lot === 0;
      }),
      { seed: SEED, numRuns: 1000 },
    );
  });

  it("the offset price is the base moved exactly N ticks towards the other side, and at least one tick", () => {
    fc.assert(
      fc.property(market, fc.integer({ min: -50, max: 50 }), fc.constantFrom("bid" as const, "ask" as const, "ltp" as const), (m, ticks, from) => {
        const base = m.ltpTicks;
        const q = { bid: base - 1, ask: base + 1, ltp: base }[from];
        const ltp = (base * 5) / 100;
        const r = applyPreset({ offset: { from, ticks } }, { ...infy, ...m, ltp, bid: ((base - 1) * 5) / 100, ask: ((base + 1) * 5) / 100 });
        const want = Math.max(1, q + (m.side === "BUY" ? ticks : -ticks));
        return !("code" in r) && Math.round(r.price! * 20) === want;
      }),
      { seed: SEED, numRuns: 1000 },
    );
  });
});
