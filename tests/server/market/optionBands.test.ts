import { describe, expect, it } from "vitest";
import type { Exchange } from "../../../src/core/types/exchange.js";
import { createMarket, type SavedDay } from "../../../server/market/sim/market.js";
import { circuitsFor } from "../../../server/market/sim/pricing.js";
import type { Instrument, Quote } from "../../../server/market/types.js";
import { manualClock, masterAt, OPEN } from "./fixtures.js";

/**
 * An option's price band (server/README.md, "Option chain"): from one tick up to its previous close
 * plus a tenth of its underlying's previous close, for every options segment. An option's own
 * `circuitPercent` plays no part: MCX options took their future's 4 % or 6 % band and currency
 * options 3 %, so a CRUDEOIL call stood pinned at its lower circuit with no bid while the future
 * fell, a put stood below intrinsic at its upper one, and a market order to square off never filled.
 *
 * Expected bands are worked from that rule here, never taken from the code under test.
 */

const master = masterAt(OPEN);

/** The rule by hand: previous close + underlying's close / 10, down to the tick grid; the lower circuit one tick. */
function ruleBand(pClose: number, underlyingClose: number, tick: number): { uc: number; lc: number } {
  const ticks = Math.floor((pClose + underlyingClose / 10) / tick + 1e-9);
  return { uc: Number((ticks * tick).toFixed(4)), lc: tick };
}

const underlyingOf = (i: Instrument): Instrument => master.get(i.underlying!.exchange, i.underlying!.token)!;

/** The options of a symbol's nearest expiry on one exchange. */
function nearChain(exchange: Exchange, symbol: string): Instrument[] {
  const all = master.all.filter((i) => i.exchange === exchange && i.symbol === symbol && i.optionType);
  const near = all.map((i) => i.expiry).sort()[0];
  return all.filter((i) => i.expiry === near);
}

function market(seed = 7) {
  const clock = manualClock(OPEN);
  return { clock, m: createMarket({ master, clock, seed, tickHz: 0 }) };
}

describe("option price bands", () => {
  it("options exist on NSEFO, BSEFO, NSECURR, BSECURR and MCXCOMM only (none on NCDEX or the NSE/BSE commodity segments)", () => {
    const segments = new Set(master.all.filter((i) => i.optionType).map((i) => i.exchange));
    expect([...segments].sort()).toEqual(["BSECURR", "BSEFO", "MCXCOMM", "NSECURR", "NSEFO"]);
  });

  it("every option in the master has no percentage band of its own, and its band follows the option rule", () => {
    let n = 0;
    const wrong: string[] = [];
    for (const i of master.all) {
      if (!i.optionType) continue;
      n++;
      if (i.circuitPercent !== 0) wrong.push(`${i.exchange} ${i.tradingSymbol}: circuitPercent ${i.circuitPercent}`);
      const u = underlyingOf(i);
      const got = circuitsFor(i, i.referencePrice, u.referencePrice);
      const want = ruleBand(i.referencePrice, u.referencePrice, i.tickSize);
      if (Math.abs(got.uc - want.uc) > 1e-9 || Math.abs(got.lc - want.lc) > 1e-9) wrong.push(`${i.exchange} ${i.tradingSymbol}: ${got.lc}..${got.uc}, want ${want.lc}..${want.uc}`);
    }
    expect(n).toBeGreaterThan(100_000);
    expect(wrong.slice(0, 10)).toEqual([]);
  });

  it("worked by hand: a CRUDEOIL option's band is its close + 560.0 (a tenth of the future's 5,600), down to 0.10; USDINR + 8.85; GOLD + 11,800; NIFTY + 2,465", () => {
    const { m } = market();
    const cases: Array<[Exchange, string, number, number]> = [
      ["MCXCOMM", "CRUDEOIL", 560, 0.1],
      ["NSECURR", "USDINR", 8.85, 0.0025],
      ["BSECURR", "USDINR", 8.85, 0.0025],
      ["MCXCOMM", "GOLD", 11800, 0.5],
      ["NSEFO", "NIFTY", 2465, 0.05],
      ["BSEFO", "SENSEX", 8100, 0.05],
    ];
    for (const [exchange, symbol, width, tick] of cases) {
      const chain = nearChain(exchange, symbol);
      expect(chain.length, `${exchange} ${symbol}`).toBeGreaterThan(10);
      for (const i of chain) {
        const q = m.quote(i.exchange, i.token)!;
        expect(q.lowerCircuit, i.tradingSymbol).toBe(tick);
        expect(q.upperCircuit, i.tradingSymbol).toBeCloseTo(q.pClose + width, 6);
      }
    }
  });

  /**
   * Each chain's underlying is forced along a path inside its own band (MCX 4 % or 6 %, currency
   * 3 %, an F&O share 20 %; an index has none) with random steps between; every option is watched,
   * so it is repriced with its underlying. After every move each option must stand inside its band,
   * never below intrinsic value, never on a limit its model value is inside of, and with a bid
   * (something to sell a long to) and an ask while it is worth more than a tick.
   */
  const chains: Array<[Exchange, string, number]> = [
    ["MCXCOMM", "CRUDEOIL", 0.04],
    ["MCXCOMM", "GOLD", 0.06],
    ["MCXCOMM", "NATURALGAS", 0.06],
    ["NSECURR", "USDINR", 0.03],
    ["BSECURR", "EURINR", 0.03],
    ["NSEFO", "NIFTY", 0.05],
    ["BSEFO", "SENSEX", 0.05],
    ["NSEFO", "RELIANCE", 0.08],
  ];

  for (const [exchange, symbol, reach] of chains) {
    it(`${exchange} ${symbol}: with the underlying moving up to ${reach * 100} %, every option stays inside its band, at or above intrinsic, off its limits, with a two-sided book`, () => {
      const { m, clock } = market();
      const chain = nearChain(exchange, symbol);
      const u = underlyingOf(chain[0]!);
      for (const i of chain) m.watch(i.exchange, i.token);
      const u0 = m.quote(u.exchange, u.token)!.pClose;
      const path = [-0.5, -1, -0.25, 0, 0.5, 1, 0.25, -1];
      const problems: string[] = [];
      for (const f of path) {
        m.setPrice(u.exchange, u.token, u0 * (1 + f * reach));
        for (let s = 0; s < 5; s++) {
          clock.advance(500);
          m.step();
        }
        const spot = m.quote(u.exchange, u.token)!.ltp;
        for (const i of chain) {
          const q: Quote = m.quote(i.exchange, i.token)!;
          const tick = i.tickSize;
          const name = `${i.tradingSymbol} at ${spot} (move ${f * reach})`;
          const intrinsic = Math.max(0, i.optionType === "CE" ? spot - i.strikePrice : i.strikePrice - spot);
          if (q.ltp > q.upperCircuit + 1e-9 || q.ltp < q.lowerCircuit - 1e-9) problems.push(`${name}: ltp ${q.ltp} outside ${q.lowerCircuit}..${q.upperCircuit}`);
          if (q.ltp < intrinsic - 1e-9) problems.push(`${name}: ltp ${q.ltp} below intrinsic ${intrinsic}`);
          if (q.ltp >= q.upperCircuit - 1e-9) problems.push(`${name}: pinned at the upper circuit ${q.upperCircuit}`);
          // Only a worthless option may stand on its lower circuit, and that is one tick.
          if (q.ltp <= q.lowerCircuit + 1e-9 && (intrinsic > 0 || q.ltp > tick + 1e-9)) problems.push(`${name}: pinned at the lower circuit ${q.lowerCircuit}`);
          if (q.ltp > tick + 1e-9 && (q.bids.length === 0 || q.asks.length === 0)) problems.push(`${name}: ${q.bids.length} bids, ${q.asks.length} asks`);
        }
      }
      expect(problems.slice(0, 10)).toEqual([]);
    });
  }

  it("the next day's band is taken again from the rule: the option's new previous close plus a tenth of its underlying's new previous close", () => {
    const { m, clock } = market();
    const chains = [nearChain("MCXCOMM", "CRUDEOIL"), nearChain("NSEFO", "NIFTY"), nearChain("NSECURR", "USDINR")];
    for (const c of chains) for (const i of c) m.watch(i.exchange, i.token);
    for (let s = 0; s < 40; s++) {
      clock.advance(500);
      m.step();
    }
    const lastOf = new Map(chains.flat().map((i) => [i, m.quote(i.exchange, i.token)!.ltp]));
    // Tuesday 24 November, 10:00 IST: every segment open again.
    clock.set("2026-11-24T04:30:00Z");
    m.step();
    const wrong: string[] = [];
    for (const i of chains.flat()) {
      const q = m.quote(i.exchange, i.token)!;
      const u = m.quote(i.underlying!.exchange, i.underlying!.token)!;
      const want = ruleBand(lastOf.get(i)!, u.pClose, i.tickSize);
      if (q.pClose !== lastOf.get(i)) wrong.push(`${i.tradingSymbol}: previous close ${q.pClose}, last price was ${lastOf.get(i)}`);
      if (Math.abs(q.upperCircuit - want.uc) > 1e-9 || q.lowerCircuit !== want.lc) wrong.push(`${i.tradingSymbol}: ${q.lowerCircuit}..${q.upperCircuit}, want ${want.lc}..${want.uc} (underlying closed ${u.pClose})`);
    }
    expect(wrong.slice(0, 10)).toEqual([]);
  });

  it("a day saved before options took the option rule (a CRUDEOIL call with its future's 4 % band) is resumed with the option's band", () => {
    const { m } = market();
    const call = nearChain("MCXCOMM", "CRUDEOIL").find((i) => i.optionType === "CE" && i.strikePrice === 5600)!;
    const fut = underlyingOf(call);
    m.quote(call.exchange, call.token);
    const saved = m.dayChanges();
    const key = `${call.exchange}:${call.token}`;
    const entry = saved.changed.find((c) => c.key === key);
    expect(entry, "the call is in the snapshot").toBeDefined();
    const pClose = entry!.state.pClose;
    // As the old master wrote it: the future's 4 % either side of the previous close.
    const stale = { ...entry!.state, uc: Math.floor(pClose * 1.04 * 10) / 10, lc: Math.ceil(pClose * 0.96 * 10) / 10 };
    const day: SavedDay = { marketRng: saved.marketRng, instruments: new Map([[key, { state: stale, bars: entry!.bars }]]) };
    const { m: again } = market();
    again.resumeDay(day);
    const q = again.quote(call.exchange, call.token)!;
    const futClose = again.quote(fut.exchange, fut.token)!.pClose;
    expect(futClose).toBe(5600);
    expect(q.pClose).toBe(pClose);
    expect(q.lowerCircuit).toBe(0.1);
    expect(q.upperCircuit).toBeCloseTo(pClose + 560, 6);
  });
});
