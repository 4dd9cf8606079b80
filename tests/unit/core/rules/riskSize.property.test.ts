import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { sizeByRisk, type RiskSizeArgs } from "../../../../src/core/rules/riskSize";

/**
 * Issue 33, "risk sizing never exceeds the risk": quantity = floor(risk / |entry − stop|), rounded
 * down to whole lots. The model counts in paise, integers only: rupees at risk over paise lost per
 * unit, floored, then floored to the lot.
 */
const SEED = 3301;
const base = { availableMargin: 0, exchange: "NSEEQ" as const, lotSize: 1, multiplier: 1, tickSize: 0.05 };

describe("size by risk (issue 33)", () => {
  it("worked by hand: risk ₹5,000 with entry 1,500 and stop 1,480 is 250 shares", () => {
    const r = sizeByRisk({ ...base, risk: { unit: "RUPEES", value: 5000 }, entry: 1500, stop: 1480 });
    expect(r).toMatchObject({ ok: true, quantity: 250, arithmetic: "risk ₹5,000 ÷ (1,500.00 − 1,480.00) = 250" });
  });

  it("worked by hand: a sell with its stop above, same arithmetic the other way round", () => {
    const r = sizeByRisk({ ...base, risk: { unit: "RUPEES", value: 5000 }, entry: 1500, stop: 1520 });
    expect(r).toMatchObject({ ok: true, quantity: 250, arithmetic: "risk ₹5,000 ÷ (1,520.00 − 1,500.00) = 250" });
  });

  it("worked by hand: an option of lot 75, ₹5,000 over 10 points is 500, six whole lots are 450", () => {
    const r = sizeByRisk({ ...base, exchange: "NSEFO", lotSize: 75, risk: { unit: "RUPEES", value: 5000 }, entry: 120, stop: 110 });
    expect(r).toMatchObject({ ok: true, quantity: 450, arithmetic: "risk ₹5,000 ÷ (120.00 − 110.00) = 500 → 450 (whole lots of 75)" });
  });

  it("worked by hand: 1% of ₹17,11,605.77 is ₹17,116.05, over 20 points 855 shares", () => {
    const r = sizeByRisk({ ...base, availableMargin: 1711605.77, risk: { unit: "PERCENT", value: 1 }, entry: 1500, stop: 1480 });
    expect(r).toMatchObject({ ok: true, quantity: 855, arithmetic: "1% of ₹17,11,605.77 = ₹17,116.05; risk ₹17,116.05 ÷ (1,500.00 − 1,480.00) = 855" });
  });

  it("refuses a stop at the entry (EC703), a risk that buys less than a lot (EC704), a risk that is no amount (EC705)", () => {
    expect(sizeByRisk({ ...base, risk: { unit: "RUPEES", value: 5000 }, entry: 1500, stop: 1500 })).toMatchObject({ ok: false, code: "EC703" });
    expect(sizeByRisk({ ...base, exchange: "NSEFO", lotSize: 75, risk: { unit: "RUPEES", value: 500 }, entry: 120, stop: 110 })).toMatchObject({ ok: false, code: "EC704" });
    expect(sizeByRisk({ ...base, risk: { unit: "PERCENT", value: 120 }, entry: 1500, stop: 1480 })).toMatchObject({ ok: false, code: "EC705" });
    expect(sizeByRisk({ ...base, risk: { unit: "RUPEES", value: 0 }, entry: 1500, stop: 1480 })).toMatchObject({ ok: false, code: "EC705" });
  });

  it("any entry, stop, risk and contract: quantity × loss per unit never exceeds the risk, is whole lots, and one lot more would", () => {
    const contract = fc.constantFrom(
      { exchange: "NSEEQ" as const, lotSize: 1, multiplier: 1, step: 1, factor: 1 },
      { exchange: "NSEFO" as const, lotSize: 75, multiplier: 1, step: 75, factor: 1 },
      { exchange: "NSEFO" as const, lotSize: 30, multiplier: 1, step: 30, factor: 1 },
      // Commodity quantity counts lots: one unit is multiplier x lot size of the price.
      { exchange: "MCXCOMM" as const, lotSize: 1, multiplier: 100, step: 1, factor: 100 },
    );
    fc.assert(
      fc.property(
        contract,
        fc.integer({ min: 20, max: 100_000 }), // entry in ticks of 0.05
        fc.integer({ min: -5_000, max: 5_000 }), // stop minus entry, in ticks
        fc.integer({ min: 1, max: 50_000_000 }), // risk in paise
        (c, entryT, gapT, riskPaise) => {
          const stopT = entryT + gapT;
          fc.pre(stopT > 0);
          const args: RiskSizeArgs = { availableMargin: 0, exchange: c.exchange, lotSize: c.lotSize, multiplier: c.multiplier, tickSize: 0.05, risk: { unit: "RUPEES", value: riskPaise / 100 }, entry: entryT * 0.05, stop: stopT * 0.05 };
          const r = sizeByRisk(args);
          if (gapT === 0) {
            expect(r).toMatchObject({ ok: false, code: "EC703" });
            return;
          }
          // The model, in paise: 5 paise a tick.
          const lossPaise = Math.abs(gapT) * 5 * c.factor;
          const model = Math.floor(Math.floor(riskPaise / lossPaise) / c.step) * c.step;
          if (model === 0) {
            expect(r).toMatchObject({ ok: false, code: "EC704" });
            return;
          }
          if (!r.ok) throw new Error(r.message);
          expect(r.quantity).toBe(model);
          expect(r.quantity * lossPaise).toBeLessThanOrEqual(riskPaise);
          expect(r.quantity % c.step).toBe(0);
          expect((r.quantity + c.step) * lossPaise).toBeGreaterThan(riskPaise);
        },
      ),
      { seed: SEED, numRuns: 500 },
    );
  });
});
