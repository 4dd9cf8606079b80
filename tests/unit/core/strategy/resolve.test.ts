import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { ListedContract } from "../../../../src/core/rules/contractWords";
import { presetByWords, PRESETS } from "../../../../src/core/strategy/presets";
import { payoffLeg, resolveStrategy, type ResolveInput } from "../../../../src/core/strategy/resolve";
import { extremes } from "../../../../src/core/strategy/payoff";

/** Issue 31: presets placed on listed contracts by the contract-word rules. */

const NEAR = "2026-11-24";
const NEXT = "2026-12-01";
const opt = (expiry: string, strike: number, optionType: "CE" | "PE", lotSize = 75): ListedContract => ({
  token: `${expiry}:${strike}:${optionType}`,
  tradingSymbol: `NIFTY${expiry}${strike}${optionType}`,
  expiry,
  strikePrice: strike,
  optionType,
  insType: "OPTIDX",
  lotSize,
});
const fut = (expiry: string): ListedContract => ({ token: `F${expiry}`, tradingSymbol: `NIFTY${expiry}FUT`, expiry, strikePrice: 0, optionType: "", insType: "FUTIDX", lotSize: 75 });

/** 24,000 to 25,600 every 50, both expiries, a past expiry, and two futures. */
function chain(): ListedContract[] {
  const out: ListedContract[] = [];
  for (const e of ["2026-11-17", NEAR, NEXT]) for (let k = 24000; k <= 25600; k += 50) out.push(opt(e, k, "CE"), opt(e, k, "PE"));
  out.push(fut("2026-11-26"), fut("2026-12-31"));
  return out;
}
const base = (extra: Partial<ResolveInput> = {}): ResolveInput => ({ underlying: "NIFTY", exchange: "NSEFO", spot: 24812, today: "2026-11-23", strikes: chain(), ...extra });
const preset = (w: string) => presetByWords(w)!;

function legs(words: string, extra: Partial<ResolveInput> = {}) {
  const r = resolveStrategy(preset(words), base(extra));
  if (!r.ok) throw new Error(r.reason);
  return r;
}
const brief = (r: ReturnType<typeof legs>) => r.legs.map((l) => `${l.side} ${l.lots} ${l.strike || ""}${l.optionType} ${l.expiry}`);

describe("presets by words", () => {
  it.each([
    ["iron condor", "iron-condor"],
    ["ironcondor", "iron-condor"],
    ["Iron Condor", "iron-condor"],
    ["straddle", "long-straddle"],
    ["short straddle", "short-straddle"],
    ["strangle", "long-strangle"],
    ["bull call spread", "bull-call-spread"],
    ["bear put spread", "bear-put-spread"],
    ["calendar", "calendar"],
    ["put ratio spread", "put-ratio-spread"],
    ["covered call", "covered-call"],
  ])("%s is %s", (w, id) => expect(presetByWords(w)?.id).toBe(id));
  it("an unknown name is none", () => {
    expect(presetByWords("iron condr")).toBeUndefined();
    expect(presetByWords("")).toBeUndefined();
  });
  it("the issue's list is there, each written once", () => {
    const ids = PRESETS.map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ["long-straddle", "short-straddle", "long-strangle", "short-strangle", "bull-call-spread", "bear-call-spread", "bull-put-spread", "bear-put-spread", "iron-condor", "iron-butterfly", "butterfly", "calendar", "call-ratio-spread", "put-ratio-spread", "covered-call", "protective-put", "collar"]) {
      expect(ids).toContain(id);
    }
  });
});

describe("resolving a preset", () => {
  it("ATM is the listed strike nearest spot: at 24,812 it is 24,800 (12 away; 24,850 is 38); midway 24,825 keeps the lower", () => {
    expect(legs("straddle").atm).toBe(24800);
    expect(legs("straddle", { spot: 24825 }).atm).toBe(24800);
    expect(legs("straddle", { spot: 24826 }).atm).toBe(24850);
    expect(brief(legs("straddle"))).toEqual(["BUY 1 24800CE 2026-11-24", "BUY 1 24800PE 2026-11-24"]);
  });
  it("the nearest unexpired expiry by default (17/11 is over), the named one when given", () => {
    expect(legs("straddle").expiry).toBe(NEAR);
    expect(legs("straddle", { expiry: { day: 1, month: 12, text: "1DEC" } }).expiry).toBe(NEXT);
    expect(legs("straddle", { expiry: NEXT }).expiry).toBe(NEXT);
  });
  it("an iron condor of width 200 around ATM 24,800: wings 24,400 and 25,200, shorts 24,600 and 25,000; lots 2 on each", () => {
    expect(brief(legs("iron condor", { width: 200, lots: 2 }))).toEqual([
      "BUY 2 24400PE 2026-11-24",
      "SELL 2 24600PE 2026-11-24",
      "SELL 2 25000CE 2026-11-24",
      "BUY 2 25200CE 2026-11-24",
    ]);
  });
  it("a width rounds to listed strikes: 120 aims at 24,920 (24,900 is 20 away) and 25,040 (25,050 is 10); 125 at 24,925, midway, keeps the one nearer ATM", () => {
    expect(legs("iron condor", { width: 120 }).legs.map((l) => l.strike)).toEqual([24550, 24700, 24900, 25050]);
    expect(legs("iron condor", { width: 125 }).legs.map((l) => l.strike)).toEqual([24550, 24700, 24900, 25050]);
  });
  it("without a width, the preset's steps: an iron condor at ATM−4, −2, +2, +4 listed strikes (50 apart)", () => {
    expect(legs("iron condor").legs.map((l) => l.strike)).toEqual([24600, 24700, 24900, 25000]);
  });
  it("the line's strikes replace the preset's: bull call spread ATM ATM+2 buys 24,800 CE and sells 24,900 CE", () => {
    expect(brief(legs("bull call spread", { slots: [{ steps: 0 }, { steps: 2 }] }))).toEqual(["BUY 1 24800CE 2026-11-24", "SELL 1 24900CE 2026-11-24"]);
  });
  it("a ratio spread sells twice the lots it buys; a calendar sells the near and buys the next expiry", () => {
    expect(brief(legs("call ratio spread", { lots: 3 }))).toEqual(["BUY 3 24800CE 2026-11-24", "SELL 6 24900CE 2026-11-24"]);
    expect(brief(legs("calendar"))).toEqual(["SELL 1 24800CE 2026-11-24", "BUY 1 24800CE 2026-12-01"]);
  });
  it("a covered call holds the first future expiring on or after the options' expiry", () => {
    const r = legs("covered call");
    expect(r.legs[0]).toMatchObject({ token: "F2026-11-26", optionType: "FUT", side: "BUY", lots: 1, lotSize: 75, strike: 0 });
    expect(brief(legs("collar", { expiry: NEXT }))[0]).toBe("BUY 1 FUT 2026-12-31");
  });
  it("feeds the payoff: an iron condor of width 200, lots 1 on lot 75, credit 60 + 70 − 20 − 15 = 95, loses at most −(200 − 95) x 75 = −7,875", () => {
    const entries = [20, 60, 70, 15];
    const legsOut = legs("iron condor", { width: 200 }).legs.map((l, i) => payoffLeg(l, entries[i]!, 0.14)!);
    expect(legsOut.map((l) => l.quantity)).toEqual([75, 75, 75, 75]);
    expect(extremes(legsOut)).toEqual({ maxProfit: 7125, maxLoss: -7875 });
  });
  it("says where it placed the preset in the app's number format: ATM 24,800 at spot 24,812.00 (not 24800, 24812)", () => {
    expect(legs("straddle").note).toBe("Long straddle on NIFTY, ATM 24,800 at spot 24,812.00, expiry 24/11/2026");
    expect(legs("straddle", { spot: 24528.53 }).note).toMatch(/ at spot 24,528\.53, /);
  });
  it("refuses with the reason", () => {
    const refused = (w: string, extra: Partial<ResolveInput>) => {
      const r = resolveStrategy(preset(w), base(extra));
      return r.ok ? "placed" : r.reason;
    };
    expect(refused("bull call spread", { slots: [{ steps: 0 }, { steps: 30 }] })).toBe("ATM+30 is past the end of the NIFTY 24/11/2026 chain: it lists 16 strikes above the ATM 24,800");
    expect(refused("strangle", { width: 20 })).toMatch(/^A width of 20 points puts two strikes of Long strangle on 24,800/);
    expect(refused("calendar", { expiry: NEXT })).toBe("Call calendar needs an expiry after 01/12/2026: NIFTY lists none");
    expect(refused("straddle", { expiry: { day: 3, month: 12, text: "3DEC" } })).toBe("NIFTY has no options expiring 3DEC");
    expect(refused("straddle", { spot: 0 })).toBe("No live price for NIFTY: ATM cannot be found");
    expect(refused("iron condor", { slots: [{ steps: 0 }] })).toBe("Iron condor takes 4 strikes (as ATM-4 ATM-2 ATM+2 ATM+4), not 1");
  });
});

describe("a strike in a refusal is written as its chain writes it", () => {
  it("a currency strike keeps the exchange's 4 decimals, as the chain shows 83.2500 (not 83.25)", () => {
    // "Price decimals: 4 for currency exchanges, 2 otherwise" (trading-core section 9); the chain drops only
    // a trailing ".00" (optionChain.ts strikeText), which a 4-decimal price never has.
    const usd = [82.75, 83, 83.25].flatMap((k) => [{ ...opt(NEAR, k, "CE", 1000), tradingSymbol: `USDINR${k}CE` }, { ...opt(NEAR, k, "PE", 1000), tradingSymbol: `USDINR${k}PE` }]);
    const r = resolveStrategy(preset("bull call spread"), { underlying: "USDINR", exchange: "NSECURR", spot: 83.2, today: "2026-11-23", strikes: usd, slots: [{ steps: 0 }, { steps: 2 }] });
    // Spot 83.2 is 0.05 from 83.25 and 0.2 from 83: ATM is 83.25, the last strike, with none above it.
    expect(r.ok ? "placed" : r.reason).toBe("ATM+2 is past the end of the USDINR 24/11/2026 chain: it lists 0 strikes above the ATM 83.2500");
  });
});

describe("property: every resolved preset's legs are listed contracts, in the preset's strike order", () => {
  const arbitraryChain = fc.record({
    step: fc.constantFrom(25, 50, 100),
    count: fc.integer({ min: 6, max: 40 }),
    first: fc.integer({ min: 100, max: 400 }),
    expiries: fc.integer({ min: 1, max: 3 }),
  });
  it("holds for any preset, spot, width, slots and lots", () => {
    let placed = 0;
    fc.assert(
      fc.property(
        arbitraryChain,
        fc.constantFrom(...PRESETS),
        // Where spot stands in the chain: anywhere, or on a strike or exactly midway between two.
        fc.oneof(fc.double({ min: 0, max: 1, noNaN: true }), fc.integer({ min: 0, max: 80 }).map((h) => -h)),
        fc.option(fc.integer({ min: 10, max: 400 }), { nil: undefined }),
        fc.integer({ min: 1, max: 5 }),
        fc.boolean(),
        (c, p, where, width, lots, ownSlots) => {
          const expiries = ["2026-11-24", "2026-12-01", "2026-12-29"].slice(0, c.expiries);
          const listed: ListedContract[] = [];
          for (const e of expiries) for (let i = 0; i < c.count; i++) listed.push(opt(e, (c.first + i) * c.step, "CE", 50), opt(e, (c.first + i) * c.step, "PE", 50));
          listed.push(fut("2026-12-29"));
          const lo = c.first * c.step;
          const spot = where <= 0 && Number.isInteger(where) ? lo + Math.min(-where, 2 * (c.count - 1)) * (c.step / 2) : lo + where * (c.count - 1) * c.step;
          // The line's own strikes: the preset's count, ascending by 1 or 2 steps from ATM−(count−1).
          const slots = ownSlots ? p.slots.map((_, i) => ({ steps: i * 2 - (p.slots.length - 1) })) : undefined;
          const r = resolveStrategy(p, { underlying: "X", exchange: "NSEFO", spot, today: "2026-11-23", strikes: listed, lots, ...(width !== undefined && !slots ? { width } : {}), ...(slots ? { slots } : {}) });
          if (!r.ok) {
            expect(r.reason.length).toBeGreaterThan(0);
            return;
          }
          placed++;
          // The ATM by the rule, worked here: the listed strike nearest spot, the lower when midway.
          const strikes = [...new Set(listed.filter((l) => l.expiry === r.expiry).map((l) => l.strikePrice))].sort((a, b) => a - b);
          const nearest = strikes.reduce((best, k) => (Math.abs(k - spot) < Math.abs(best - spot) ? k : best));
          expect(r.atm).toBe(nearest);
          expect(r.legs.length).toBe(p.legs.length);
          const bySlot = new Map<number, number>();
          r.legs.forEach((leg, i) => {
            const want = p.legs[i]!;
            const hit = listed.find((l) => l.token === leg.token);
            expect(hit, `${leg.symbol} is listed`).toBeDefined();
            expect([hit!.expiry, hit!.strikePrice, hit!.optionType || "FUT"]).toEqual([leg.expiry, leg.strike, leg.optionType]);
            expect([leg.side, leg.lots, leg.optionType]).toEqual([want.side, want.ratio * lots, want.instrument]);
            if (want.slot !== undefined) {
              const seen = bySlot.get(want.slot);
              if (seen !== undefined) expect(leg.strike).toBe(seen);
              bySlot.set(want.slot, leg.strike);
            }
          });
          const order = [...bySlot.entries()].sort(([a], [b]) => a - b).map(([, k]) => k);
          for (let i = 1; i < order.length; i++) expect(order[i]!).toBeGreaterThan(order[i - 1]!);
          // Steps place slots exactly: slot s is ATM + steps listed strikes.
          if (width === undefined || slots) (slots ?? p.slots).forEach((s, i) => bySlot.has(i) && expect(bySlot.get(i)).toBe(strikes[strikes.indexOf(nearest) + s.steps]));
        },
      ),
      { numRuns: 400, seed: 31 },
    );
    // Not vacuous: a good share of the draws place the preset (the rest are refused chains too short or widths too narrow).
    expect(placed).toBeGreaterThan(120);
  });
});
