import { describe, expect, it } from "vitest";
import { isOnTick } from "../../../src/core/rules/tick.js";
import { createMarket } from "../../../server/market/sim/market.js";
import type { Quote } from "../../../server/market/types.js";
import { EVENING, manualClock, masterAt, OPEN } from "./fixtures.js";

function market(seed = 7, at = OPEN) {
  const clock = manualClock(at);
  return { clock, m: createMarket({ master: masterAt(at), clock, seed, tickHz: 0 }) };
}

function run(m: ReturnType<typeof market>["m"], clock: ReturnType<typeof manualClock>, steps: number) {
  for (let i = 0; i < steps; i++) {
    clock.advance(500);
    m.step();
  }
}

function sane(q: Quote, tick: number) {
  expect(isOnTick(q.ltp, tick)).toBe(true);
  if (q.upperCircuit > 0) expect(q.ltp).toBeLessThanOrEqual(q.upperCircuit);
  if (q.lowerCircuit > 0) expect(q.ltp).toBeGreaterThanOrEqual(q.lowerCircuit);
  for (const l of [...q.bids, ...q.asks]) expect(isOnTick(l.price, tick)).toBe(true);
  if (q.bids[0] && q.asks[0]) expect(q.bids[0].price).toBeLessThan(q.asks[0].price);
  for (let i = 1; i < q.bids.length; i++) expect(q.bids[i]!.price).toBeLessThan(q.bids[i - 1]!.price);
  for (let i = 1; i < q.asks.length; i++) expect(q.asks[i]!.price).toBeGreaterThan(q.asks[i - 1]!.price);
}

describe("market simulator", () => {
  it("reports a change (onChange, the recorder's tap) for exactly the ticks the feed publishes of a watched instrument: a derivative repriced to the same price with no trade is none", () => {
    const clock = manualClock(OPEN);
    const master = masterAt(OPEN);
    const m = createMarket({ master, clock, seed: 7, tickHz: 0 });
    // The first 400 instruments that are not indices: shares and their derivatives, repriced every step.
    const watched = master.all.filter((i) => !i.isIndex).slice(0, 400);
    for (const i of watched) m.watch(i.exchange, i.token);
    const key = (q: { exchange: string; token: number; seq: number }) => `${q.exchange}:${q.token}:${q.seq}`;
    const published: string[] = [];
    const changed: string[] = [];
    const isWatched = new Set(watched);
    m.onTick((q) => published.push(key(q)));
    m.onChange((q, inst) => {
      if (isWatched.has(inst)) changed.push(key(q));
    });
    run(m, clock, 40);
    expect(published.length).toBeGreaterThan(4_000);
    expect(changed).toEqual(published);
  });

  it("names each instrument's change by its slot: one whole number per instrument, from 0 up, never shared and never changed", () => {
    const clock = manualClock(OPEN);
    const master = masterAt(OPEN);
    const m = createMarket({ master, clock, seed: 7, tickHz: 0 });
    const slotOf = new Map<object, Set<number>>();
    m.onChange((_q, inst, slot) => {
      if (!slotOf.has(inst)) slotOf.set(inst, new Set());
      slotOf.get(inst)!.add(slot);
    });
    run(m, clock, 10);
    // Derivatives are priced when first watched, after every driver: they take the next slots.
    const later = master.all.filter((i) => i.underlying).slice(0, 50);
    for (const i of later) m.watch(i.exchange, i.token);
    run(m, clock, 10);
    const slots = [...slotOf.values()];
    expect(slots.length).toBeGreaterThan(1_000);
    expect(slots.every((s) => s.size === 1)).toBe(true);
    const all = slots.map((s) => [...s][0]!);
    expect(new Set(all).size).toBe(all.length);
    // Every slot is below the count of instruments priced: the drivers (every instrument with no underlying) and the 50 watched.
    const priced = master.all.filter((i) => !i.underlying).length + 50;
    expect(Math.max(...all)).toBeLessThan(priced);
    expect(Math.min(...all)).toBeGreaterThanOrEqual(0);
    // The watched derivatives came after every driver.
    const seenLater = later.filter((i) => slotOf.has(i));
    expect(seenLater.length).toBeGreaterThan(25);
    for (const i of seenLater) expect([...slotOf.get(i)!][0]!).toBeGreaterThanOrEqual(priced - 50);
  });

  it("is deterministic from the seed", () => {
    const a = market(11);
    const b = market(11);
    const c = market(12);
    run(a.m, a.clock, 50);
    run(b.m, b.clock, 50);
    run(c.m, c.clock, 50);
    const infy = a.m.bySymbol("NSEEQ", "INFY")!;
    expect(a.m.quote("NSEEQ", infy.token)!.ltp).toBe(b.m.quote("NSEEQ", infy.token)!.ltp);
    expect(a.m.quote("NSEEQ", infy.token)!.ltp).not.toBe(c.m.quote("NSEEQ", infy.token)!.ltp);
  });

  it("keeps prices on tick and inside circuits, five levels each side with bids below asks", () => {
    const { m, clock } = market();
    run(m, clock, 200);
    const picks = ["INFY-EQ", "RELIANCE-EQ", "IDEA-EQ", "MRF-EQ"].map((s) => m.bySymbol("NSEEQ", s)!);
    picks.push(m.instruments().find((i) => i.exchange === "NSEFO" && i.symbol === "NIFTY" && i.optionType === "CE")!);
    picks.push(m.instruments().find((i) => i.exchange === "NSECURR" && i.insType === "FUTCUR")!);
    picks.push(m.instruments().find((i) => i.exchange === "MCXCOMM" && i.symbol === "CRUDEOIL")!);
    for (const inst of picks) {
      const q = m.quote(inst.exchange, inst.token)!;
      sane(q, inst.tickSize);
      expect(q.bids.length + q.asks.length).toBeGreaterThan(0);
      expect(q.bids.length).toBeLessThanOrEqual(5);
    }
  });

  it("stands still outside market hours and keeps MCX moving in the evening", () => {
    const { m, clock } = market(7, EVENING);
    const infy = m.bySymbol("NSEEQ", "INFY")!;
    const crude = m.instruments().find((i) => i.exchange === "MCXCOMM" && i.symbol === "CRUDEOIL" && i.underlying === null)!;
    const before = m.quote("NSEEQ", infy.token)!;
    const crudeBefore = m.quote(crude.exchange, crude.token)!.seq;
    run(m, clock, 20);
    expect(m.quote("NSEEQ", infy.token)!.seq).toBe(before.seq);
    expect(m.quote(crude.exchange, crude.token)!.seq).toBeGreaterThan(crudeBefore);
    expect(m.isOpen("NSEEQ")).toBe(false);
    expect(m.isOpen("MCXCOMM")).toBe(true);
  });

  it("setPrice rounds to tick, clamps to the circuits and fires onTick for a watched instrument", () => {
    const { m } = market();
    const infy = m.bySymbol("NSEEQ", "INFY")!;
    const seen: Quote[] = [];
    m.watch("NSEEQ", infy.token);
    m.onTick((q) => q.token === infy.token && seen.push(q));
    const q = m.setPrice("NSEEQ", infy.token, 1200.04)!;
    expect(q.ltp).toBe(1200);
    expect(seen.at(-1)?.ltp).toBe(1200);
    expect(m.setPrice("NSEEQ", infy.token, 99999)!.ltp).toBe(q.upperCircuit);
  });

  it("a quote is one frozen snapshot until the price moves: asked again it is the same, after a move a new one", () => {
    const { m, clock } = market();
    const infy = m.bySymbol("NSEEQ", "INFY")!;
    const first = m.quote("NSEEQ", infy.token)!;
    expect(m.quote("NSEEQ", infy.token)).toBe(first);
    // Nobody can change what the others read: the quote, its depth and its levels are frozen.
    expect(() => Object.assign(first, { ltp: 1 })).toThrow(TypeError);
    expect(() => (first.asks as unknown[]).push({ price: 1, quantity: 1, orders: 1 })).toThrow(TypeError);
    expect(() => Object.assign(first.bids[0]!, { quantity: 0 })).toThrow(TypeError);
    const moved = m.setPrice("NSEEQ", infy.token, first.ltp + 10 * infy.tickSize)!;
    expect(moved).not.toBe(first);
    expect(m.quote("NSEEQ", infy.token)).toBe(moved);
    expect(moved.seq).toBe(first.seq + 1);
    // A step moves it too (every share trades on most steps; run until it has).
    for (let i = 0; i < 20 && m.quote("NSEEQ", infy.token)!.seq === moved.seq; i++) run(m, clock, 1);
    expect(m.quote("NSEEQ", infy.token)!.seq).toBeGreaterThan(moved.seq);
    expect(m.quote("NSEEQ", infy.token)).not.toBe(moved);
  });

  it("derivatives follow their underlying", () => {
    const { m } = market();
    const nifty = m.bySymbol("NSEEQ", "NIFTY")!;
    const call = m.bySymbol("NSEFO", "NIFTY26DEC24650CE")!;
    const fut = m.bySymbol("NSEFO", "NIFTY26DECFUT")!;
    m.watch(call.exchange, call.token);
    const before = m.quote(call.exchange, call.token)!.ltp;
    m.setPrice("NSEEQ", nifty.token, 25650);
    expect(m.quote(call.exchange, call.token)!.ltp).toBeGreaterThan(before + 500);
    expect(Math.abs(m.quote(fut.exchange, fut.token)!.ltp - 25650)).toBeLessThan(400);
    expect(m.quote(fut.exchange, fut.token)!.openInterest).toBeGreaterThan(0);
  });

  it("a forced derivative price holds until its underlying moves", () => {
    const { m, clock } = market();
    const call = m.bySymbol("NSEFO", "NIFTY26DEC24650CE")!;
    m.setPrice(call.exchange, call.token, 777.77);
    clock.advance(1000);
    expect(m.quote(call.exchange, call.token)!.ltp).toBe(777.75);
  });

  it("keeps one-minute OHLC bars and the day's OHLC and volume", () => {
    const { m, clock } = market();
    run(m, clock, 400); // 200 s
    const infy = m.bySymbol("NSEEQ", "INFY")!;
    const bars = m.bars("NSEEQ", infy.token);
    expect(bars.length).toBeGreaterThanOrEqual(3);
    for (const b of bars) expect(b.low).toBeLessThanOrEqual(Math.min(b.open, b.close));
    const q = m.quote("NSEEQ", infy.token)!;
    expect(q.high).toBeGreaterThanOrEqual(q.low);
    expect(q.volume).toBeGreaterThan(0);
    expect(q.weekHigh).toBeGreaterThanOrEqual(q.high);
    expect(q.chg).toBeCloseTo(q.ltp - q.pClose, 2);
  });

  it("keeps the book's levels from one change to the next: each level keeps its distance from the last price, and at most two levels' quantities change (the level the price moved into, one drift)", () => {
    const { m, clock } = market();
    const infy = m.bySymbol("NSEEQ", "INFY-EQ")!;
    const release = m.watch("NSEEQ", infy.token);
    const books: Quote[] = [];
    m.onTick((q, inst) => {
      if (inst === infy) books.push(q);
    });
    run(m, clock, 40);
    release();
    expect(books.length).toBeGreaterThan(20);
    for (let i = 1; i < books.length; i++) {
      const [was, now] = [books[i - 1]!, books[i]!];
      sane(now, infy.tickSize);
      const rel = (q: Quote) => [...q.bids, ...q.asks].map((l) => Math.round((l.price - q.ltp) * 100));
      expect(rel(now)).toEqual(rel(was));
      const qty = (q: Quote) => [...q.bids, ...q.asks].map((l) => l.quantity);
      const changed = qty(now).filter((x, j) => x !== qty(was)[j]).length;
      expect(changed).toBeLessThanOrEqual(2);
    }
  });

  it("gives indices a value but no depth", () => {
    const { m, clock } = market();
    run(m, clock, 5);
    const q = m.quote("NSEEQ", 26000)!;
    expect(q.ltp).toBeGreaterThan(20000);
    expect(q.bids).toEqual([]);
  });

  it("an option nobody watches, asked again after its underlying moved at the same instant, follows it", () => {
    // TICK_HZ=0 tests step without moving the clock: an option asked before the steps must answer
    // the same price after them as one asked for the first time then (options carry no noise).
    const early = market();
    const late = market();
    const atm = early.m.instruments().find((i) => i.symbol === "NIFTY" && i.optionType === "CE" && i.strikePrice === 24650)!;
    const before = early.m.quote(atm.exchange, atm.token)!.ltp;
    for (let i = 0; i < 300; i++) {
      early.m.step();
      late.m.step();
    }
    const fresh = late.m.quote(atm.exchange, atm.token)!.ltp;
    expect(fresh).not.toBe(before);
    expect(early.m.quote(atm.exchange, atm.token)!.ltp).toBe(fresh);
  });
});
