import { describe, expect, it } from "vitest";
import { impliedVol } from "../../../src/core/rules/blackScholes.js";
import { yearsToExpiry } from "../../../src/core/rules/blackScholes.js";
import { createMarket } from "../../../server/market/sim/market.js";
import { OiMinutes } from "../../../server/market/sim/oiMinutes.js";
import { nearMoneyWeight, openInterestLots, optionTradeLots, volatilityLevel } from "../../../server/market/sim/pricing.js";
import type { Instrument, Quote } from "../../../server/market/types.js";
import { manualClock, masterAt, OPEN } from "./fixtures.js";

/** Issue 31: the simulator keeps each option's OI per minute, and moves OI and IV plausibly (server/README.md). */

function market(seed = 31) {
  const clock = manualClock(OPEN);
  return { clock, m: createMarket({ master: masterAt(OPEN), clock, seed, tickHz: 0 }) };
}
type M = ReturnType<typeof market>["m"];
const niftyOptions = (m: M, expiry?: string): Instrument[] => {
  const all = m.instruments().filter((i) => i.exchange === "NSEFO" && i.symbol === "NIFTY" && i.optionType);
  const near = expiry ?? all.map((i) => i.expiry).sort()[0]!;
  return all.filter((i) => i.expiry === near).sort((a, b) => a.strikePrice - b.strikePrice);
};
const index = (m: M, symbol: string) => m.instruments().find((i) => i.isIndex && i.symbol === symbol)!;

describe("the OI a minute the broker keeps", () => {
  it("is, for each minute, the OI and price of the minute's last tick (a model of the ticks), from the opening figures on", () => {
    const { m, clock } = market();
    const ce = niftyOptions(m).find((i) => i.optionType === "CE" && Math.abs(i.strikePrice - m.quote("NSEEQ", index(m, "NIFTY").token)!.ltp) < 50)!;
    const opening = m.quote(ce.exchange, ce.token)!;
    const model = new Map<number, { oi: number; ltp: number }>();
    // The opening figures (the previous day's OI, the day's open) stand at the end of the minute before the first pricing.
    model.set(Math.floor(clock.now().getTime() / 60_000) * 60_000 - 60_000, { oi: opening.previousOI, ltp: opening.open });
    model.set(Math.floor(clock.now().getTime() / 60_000) * 60_000, { oi: opening.openInterest, ltp: opening.ltp });
    m.onTick((q: Quote) => {
      if (q.token === ce.token) model.set(Math.floor(q.updatedAt.getTime() / 60_000) * 60_000, { oi: q.openInterest, ltp: q.ltp });
    });
    m.watch(ce.exchange, ce.token);
    for (let i = 0; i < 40 * 4; i++) {
      clock.advance(15_000);
      m.step();
    }
    const kept = m.oiHistory(ce.exchange, ce.token);
    expect(kept.map((k) => [k.time, k.oi, k.ltp])).toEqual([...model.entries()].sort(([a], [b]) => a - b).map(([t, v]) => [t, v.oi, v.ltp]));
    // 40 minutes of steps: the opening figures, the first minute and 40 more at most, one entry each.
    expect(kept.length).toBeGreaterThan(30);
    expect(kept.length).toBeLessThanOrEqual(42);
  });

  it("is bounded: at most 1,000 minutes (the oldest go), and a new day starts it afresh", () => {
    const h = new OiMinutes();
    for (let i = 0; i < 1200; i++) h.record(i * 60_000, i, i / 2);
    h.record(1199 * 60_000, 5, 6); // the same minute again moves its entry
    const all = h.toArray();
    expect(all.length).toBe(1000);
    expect(all[0]).toEqual({ time: 200 * 60_000, oi: 200, ltp: 100 });
    expect(all.at(-1)).toEqual({ time: 1199 * 60_000, oi: 5, ltp: 6 });

    const { m, clock } = market();
    const pe = niftyOptions(m).find((i) => i.optionType === "PE")!;
    m.watch(pe.exchange, pe.token);
    for (let i = 0; i < 30; i++) {
      clock.advance(60_000);
      m.step();
    }
    clock.set("2026-11-24T04:00:00Z");
    m.step();
    const next = m.oiHistory(pe.exchange, pe.token);
    // The new day's opening figures (yesterday's close and OI) the minute before its first trade, then that trade's minute.
    expect(next.map((n) => n.time)).toEqual([Date.parse("2026-11-24T03:59:00Z"), Date.parse("2026-11-24T04:00:00Z")]);
    expect(next[0]!.oi).toBe(m.quote(pe.exchange, pe.token)!.previousOI);
  });
});

describe("OI and IV in the simulator", () => {
  it("helpers, worked by hand: nearness 1 at the money and e^-1 at 3 % away; lots x 0.3 to x 2; OI at most the lots traded", () => {
    expect(nearMoneyWeight(24000, 24000)).toBe(1);
    expect(nearMoneyWeight(24000 * Math.exp(0.03), 24000)).toBeCloseTo(Math.exp(-1), 12);
    expect(optionTradeLots(20, 1)).toBe(40);
    expect(optionTradeLots(20, 0)).toBe(6);
    expect(optionTradeLots(1, 0)).toBe(1);
    // lots x draw / 40: 40 lots and the largest draw 40 open 40; the lowest −30 close 30.
    expect(openInterestLots(40, 40)).toBe(40);
    expect(openInterestLots(40, -30)).toBe(-30);
    expect(openInterestLots(6, 5)).toBe(1);
    for (let lots = 1; lots <= 40; lots++) for (let d = -30; d <= 40; d++) expect(Math.abs(openInterestLots(lots, d))).toBeLessThanOrEqual(lots);
    expect(volatilityLevel(16.2, 13.5)).toBeCloseTo(1.2, 12);
    expect(volatilityLevel(50, 13.5)).toBe(2);
    expect(volatilityLevel(undefined, 13.5)).toBe(1);
  });

  it("OI never moves by more than the quantity traded, and builds more near the money than on the wings", () => {
    const { m, clock } = market();
    const spot = m.quote("NSEEQ", index(m, "NIFTY").token)!.ltp;
    const options = niftyOptions(m);
    const last = new Map<number, number>();
    for (const o of options) {
      last.set(o.token, m.quote(o.exchange, o.token)!.openInterest);
      m.watch(o.exchange, o.token);
    }
    let checked = 0;
    m.onTick((q: Quote, inst: Instrument) => {
      if (!inst.optionType || !last.has(q.token)) return;
      expect(Math.abs(q.openInterest - last.get(q.token)!)).toBeLessThanOrEqual(q.lastQty);
      last.set(q.token, q.openInterest);
      checked++;
    });
    for (let i = 0; i < 250; i++) {
      clock.advance(4_000);
      m.step();
    }
    expect(checked).toBeGreaterThan(500);
    const moved = (near: boolean) => {
      const pick = options.filter((o) => (Math.abs(Math.log(o.strikePrice / spot)) < 0.005) === near && (near || Math.abs(Math.log(o.strikePrice / spot)) > 0.025));
      const q = pick.map((o) => m.quote(o.exchange, o.token)!);
      return { volume: q.reduce((s, x) => s + x.volume, 0) / pick.length, oi: q.reduce((s, x) => s + Math.abs(x.openInterest - x.previousOI), 0) / pick.length, n: pick.length };
    };
    const near = moved(true);
    const far = moved(false);
    expect(near.n).toBeGreaterThan(0);
    expect(far.n).toBeGreaterThan(0);
    // A strike at the money trades (0.3 + 1.7) / (0.3 + 1.7 x 0.5) ≈ 1.7 x one 2.5 % away, and far more than the wings.
    expect(near.volume).toBeGreaterThan(2 * far.volume);
    expect(near.oi).toBeGreaterThan(far.oi);
  });

  it("the options' volatility follows the India VIX against its open: VIX up 20 % makes an at-the-money NIFTY option 13 % x 1.2 = 15.6 %", () => {
    const { m, clock } = market();
    const nifty = index(m, "NIFTY");
    const vix = index(m, "INDIAVIX");
    m.setPrice("NSEEQ", nifty.token, 24000);
    const ce = niftyOptions(m).find((i) => i.optionType === "CE" && i.strikePrice === 24000)!;
    const ivOf = () => {
      const q = m.quote(ce.exchange, ce.token)!;
      return impliedVol(q.ltp, { spot: 24000, strike: 24000, years: yearsToExpiry(ce.expiry, clock.now()), call: true })!;
    };
    // At K = S the smile factor is 1: the option is priced at NIFTY's own 13 % (within a tick of price).
    expect(ivOf()).toBeCloseTo(0.13, 3);
    const open = m.quote("NSEEQ", vix.token)!.open;
    m.setPrice("NSEEQ", vix.token, open * 1.2);
    clock.advance(1_000);
    expect(ivOf()).toBeCloseTo(0.156, 3);
  });

  it("the India VIX moves against the market: its returns correlate negatively with NIFTY's (−0.36 by construction)", () => {
    const { m, clock } = market();
    const nifty = index(m, "NIFTY");
    const vix = index(m, "INDIAVIX");
    const a: number[] = [];
    const b: number[] = [];
    let pn = m.quote("NSEEQ", nifty.token)!.ltp;
    let pv = m.quote("NSEEQ", vix.token)!.ltp;
    for (let i = 0; i < 1200; i++) {
      clock.advance(1_000);
      m.step();
      const n = m.quote("NSEEQ", nifty.token)!.ltp;
      const v = m.quote("NSEEQ", vix.token)!.ltp;
      if (n !== pn && v !== pv) {
        a.push(Math.log(n / pn));
        b.push(Math.log(v / pv));
      }
      pn = n;
      pv = v;
    }
    const mean = (x: number[]) => x.reduce((s, y) => s + y, 0) / x.length;
    const ma = mean(a);
    const mb = mean(b);
    const cov = a.reduce((s, x, i) => s + (x - ma) * (b[i]! - mb), 0);
    const corr = cov / Math.sqrt(a.reduce((s, x) => s + (x - ma) ** 2, 0) * b.reduce((s, y) => s + (y - mb) ** 2, 0));
    expect(a.length).toBeGreaterThan(300);
    expect(corr).toBeLessThan(-0.2);
  });

  it("draws as many numbers whatever the spot and VIX: a replay's streams stay in step", () => {
    const a = market();
    const b = market();
    // In b, NIFTY is 3 % higher and the VIX doubled before the option is first priced: other weights, other volatility.
    const nifty = index(b.m, "NIFTY");
    b.m.setPrice("NSEEQ", nifty.token, b.m.quote("NSEEQ", nifty.token)!.ltp * 1.03);
    b.m.setPrice("NSEEQ", index(b.m, "INDIAVIX").token, b.m.quote("NSEEQ", index(b.m, "INDIAVIX").token)!.open * 2);
    // The call at a's money: near it in a (nearness ~1), 3 % below b's spot (~0.37), so its lots scale differently.
    const spotA = a.m.quote("NSEEQ", nifty.token)!.ltp;
    const opt = niftyOptions(a.m).filter((i) => i.optionType === "CE").sort((x, y) => Math.abs(x.strikePrice - spotA) - Math.abs(y.strikePrice - spotA))[0]!;
    for (const x of [a, b]) x.m.watch(opt.exchange, opt.token);
    for (let i = 0; i < 120; i++) {
      for (const x of [a, b]) {
        x.clock.advance(1_000);
        x.m.step();
      }
    }
    const key = `${opt.exchange}:${opt.token}`;
    const streamOf = (x: typeof a) => x.m.dayChanges().changed.find((c) => c.key === key)!.state;
    const sa = streamOf(a);
    const sb = streamOf(b);
    expect(sb.rng).toEqual(sa.rng);
    // ... while what they priced differs.
    expect(sb.ltp).not.toBe(sa.ltp);
  });
});
