import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { deflateRawSync } from "node:zlib";
import { blockRows, COLUMN_COUNT, DEPTH_COLUMN, decodeTicks, encodeTicks, rawColumns, STREAM_COUNT, TAPE_DEPTH, TapeBlockBuilder, TapeChain, tickOfRow, type TapeLevel, type TapeTick } from "../../../../src/core/replay/tapeCodec";
import { ASK_COLUMN, expectLevel, expectMoved, FOLLOWS, levelMisses, MOVES, predict, RefTable, SCALAR_ORDER } from "../../../../src/core/replay/tapeLayout";
import v2 from "./fixtures/tapeV2.json";

const empty: TapeLevel = { price: 0, quantity: 0, orders: 0 };

function tick(over: Partial<TapeTick> = {}): TapeTick {
  return {
    time: 1000, exchange: 0, token: 1594, seq: 1, ltp: 150000, lastQty: 10, volume: 10, open: 150000, high: 150000, low: 150000, pClose: 149000,
    avgPrice: 150000, upperCircuit: 163900, lowerCircuit: 134100, weekHigh: 155000, weekLow: 140000, openInterest: 0, dayHighOI: 0, dayLowOI: 0,
    previousOI: 0, totalBuyQty: 5000, totalSellQty: 6000, lastTradedTime: 19_801, priceDivisor: 100, // 1 s after the epoch is 05:30:01 IST
    bids: [{ price: 150000, quantity: 100, orders: 3 }, empty, empty, empty, empty],
    asks: [{ price: 150005, quantity: 80, orders: 2 }, empty, empty, empty, empty],
    ...over,
  };
}

describe("tape block codec (issue 35)", () => {
  /** A block's head (version, key, count, depth interval) and each stream's bytes, read by hand (LEB128, no zigzag in the head). */
  function streamsOf(block: Uint8Array): { head: number[]; streams: number[][] } {
    let at = 0;
    const u = () => {
      let z = 0;
      let scale = 1;
      for (;;) {
        const b = block[at++]!;
        z += (b & 127) * scale;
        if (b < 128) return z;
        scale *= 128;
      }
    };
    const head = [u(), u(), u(), u()];
    const lengths = Array.from({ length: STREAM_COUNT }, u);
    const streams = lengths.map((n) => [...block.slice(at, (at += n))]);
    return { head, streams };
  }
  // The streams, as tapeCodec.ts lays them out: the scalar columns by raw index (1 the instrument reference), then after the depth columns' start: new token, unit, row mask, escape, depth flag, shifts, level masks, levels.
  const S_REF = 1;
  const S_MASK = DEPTH_COLUMN + 2;
  const S_ESCAPE = DEPTH_COLUMN + 3;
  const S_FLAG = DEPTH_COLUMN + 4;
  const S_SHIFT = DEPTH_COLUMN + 5;

  it("starts with the version, the key flag, the count, the depth interval and each stream's length as LEB128 varints (worked by hand)", () => {
    // Version 3; a key block (1); one tick; every depth coded (0); the first stream (time) holds 1000 less the expected 0 -> zigzag 2000 = 0x7D0 -> LEB128 0xD0 0x0F, 2 bytes long.
    const block = encodeTicks([tick()]);
    expect([...block.slice(0, 5)]).toEqual([0x03, 0x01, 0x01, 0x00, 0x02]);
    expect(STREAM_COUNT).toBe(COLUMN_COUNT + 9);
  });

  it("stores a repeated tick as its mask and what missed: only the time moved, so one reference, one mask, two bytes of time and the standing depth's flag", () => {
    const one = encodeTicks([tick()]);
    const two = encodeTicks([tick(), tick({ time: 1500, seq: 2 })]);
    // Second row: the instrument is the one after the last in a ring of one (0 places on: 1 byte);
    // the mask has the time's bit only (1 byte); the time +500 -> zigzag 1000 -> 2 bytes; seq, the
    // last trade time and the rest are as expected and cost nothing; the depth stood (flag 0: 1 byte).
    expect(two.length - one.length).toBe(1 + 1 + 2 + 1);
    expect(streamsOf(two).streams[S_MASK]).toEqual([...streamsOf(one).streams[S_MASK]!, 1]);
    expect(decodeTicks(two)).toEqual([tick(), tick({ time: 1500, seq: 2 })]);
  });

  it("an unchanged depth records as (near) nothing: 10,000 ticks whose price moves and whose book stands cost 6 bytes a tick before compression, 1 of them the depth, and under a tenth of a byte after", () => {
    const full = (p: number, q: number, o: number): TapeLevel => ({ price: p, quantity: q, orders: o });
    const bids = [full(149995, 500, 4), full(149990, 700, 6), full(149980, 300, 2), full(149975, 900, 9), full(149960, 100, 1)];
    const asks = [full(150010, 400, 3), full(150015, 800, 5), full(150025, 200, 2), full(150030, 600, 4), full(150045, 1000, 7)];
    const at = (i: number) =>
      tick({ time: 1000 + i * 500, seq: 1 + i, ltp: i % 2 === 0 ? 150000 : 150005, high: 150005, low: 150000, lastTradedTime: Math.floor((1000 + i * 500 + 19_800_000) / 1000), bids, asks });
    const n = 10_000;
    const ticks = Array.from({ length: n }, (_, i) => at(i));
    const block = encodeTicks(ticks);
    // Each row after the first: reference 1 byte (0 places on), mask 1 (time and price: 3), time 2
    // (+500), price 1 (+5 or -5: zigzag 10 or 9), depth flag 1 (it stood) = 6, of which the depth 1.
    const sizes = [2, 3, 4, 5].map((k) => encodeTicks(ticks.slice(0, k)).length);
    expect(sizes.slice(1).map((s, i) => s - sizes[i]!)).toEqual([6, 6, 6]);
    // The stream lengths grow with the streams: at most 3 bytes more each for 10,000 rows (under 2^21 bytes).
    expect(block.length).toBeLessThanOrEqual(encodeTicks(ticks.slice(0, 1)).length + (n - 1) * 6 + 3 * STREAM_COUNT);
    expect(decodeTicks(block)).toEqual(ticks);
    // Compressed (as the recorder writes it): each stream is a run of one byte (or two alternating), which deflate stores as long matches.
    const packed = deflateRawSync(block, { level: 1 }).length;
    expect(packed / n).toBeLessThan(0.1);
  });

  it("codes quantities in the instrument's lot: a volume that grew by 3 lots of 75 is one byte, 225 is two", () => {
    const lots = (q: number, o: number): TapeLevel => ({ price: 0, quantity: q, orders: o });
    const a = tick({ volume: 750, lastQty: 75, bids: [{ ...lots(150, 2), price: 150000 }, empty, empty, empty, empty], asks: [{ ...lots(225, 3), price: 150005 }, empty, empty, empty, empty], totalBuyQty: 1500, totalSellQty: 2250 });
    const b = tick({ ...a, time: 1500, seq: 2, volume: 975, lastQty: 225 });
    const sizes = (unit: number) => {
      const one = new TapeBlockBuilder();
      one.addTick(a, unit);
      const two = new TapeBlockBuilder();
      two.addTick(a, unit);
      two.addTick(b, unit);
      const block = two.finish();
      expect(decodeTicks(block)).toEqual([a, b]);
      return block.length - one.finish().length;
    };
    // Row 2: reference 1, mask 1 (time and volume), time 2, the volume's growth (the last quantity is
    // expected to be it, the average price stands), depth flag 1 (stood). In lots of 75: 3 -> zigzag 6,
    // 1 byte; in units of 1: 225 -> zigzag 450 -> 2 bytes.
    expect(sizes(75)).toBe(1 + 1 + 2 + 1 + 1);
    expect(sizes(1)).toBe(1 + 1 + 2 + 2 + 1);
  });

  it("a difference that is not a whole number of lots is a 0 in its stream and the difference itself in the escape stream", () => {
    const book = { bids: [{ price: 150000, quantity: 150, orders: 2 }, empty, empty, empty, empty], asks: [{ price: 150005, quantity: 225, orders: 3 }, empty, empty, empty, empty], totalBuyQty: 1500, totalSellQty: 2250 };
    const b = new TapeBlockBuilder();
    b.addTick(tick({ volume: 750, lastQty: 75, ...book }), 75);
    b.addTick(tick({ time: 1500, seq: 2, volume: 850, lastQty: 100, ...book }), 75);
    const block = b.finish();
    const { streams } = streamsOf(block);
    // Row 1's volume 750 = 10 lots (zigzag 20); row 2's growth of 100 is not whole lots: a 0, and
    // zigzag 200 = 0xC8 (LEB128 0xC8 0x01) in the escape stream, after row 1's reference (new, named
    // by number: 0 past the next); row 2 is found in the ring. Its book, in whole lots, needs none.
    expect(streams[6]).toEqual([20, 0]);
    expect(streams[S_ESCAPE]).toEqual([0, 0xc8, 0x01]);
    expect(decodeTicks(block).map((t) => t.volume)).toEqual([750, 850]);
  });

  it("escapes go in the order a decoder reads the figures (SCALAR_ORDER: volume, last quantity, then OI), whatever their bits in the row mask", () => {
    const book = { bids: [{ price: 150000, quantity: 150, orders: 2 }, empty, empty, empty, empty], asks: [{ price: 150005, quantity: 225, orders: 3 }, empty, empty, empty, empty], totalBuyQty: 1500, totalSellQty: 2250 };
    const oi = (openInterest: number) => ({ openInterest, dayHighOI: openInterest, dayLowOI: 750, previousOI: 750 });
    const b = new TapeBlockBuilder();
    b.addTick(tick({ volume: 750, lastQty: 75, ...oi(750), ...book }), 75);
    // Row 2: the volume grew by 100 (not whole lots of 75: zigzag 200 = LEB128 0xC8 0x01); the last
    // quantity 130 against the 100 expected misses by 30 (zigzag 60 = 0x3C); the OI 800 against the
    // 750 that stands misses by 50 (zigzag 100 = 0x64). In the row mask the OI's bit comes before the
    // last quantity's, but a decoder reads the last quantity first.
    b.addTick(tick({ time: 1500, seq: 2, volume: 850, lastQty: 130, ...oi(800), ...book }), 75);
    const block = b.finish();
    expect(streamsOf(block).streams[S_ESCAPE]).toEqual([0, 0xc8, 0x01, 0x3c, 0x64]);
    expect(decodeTicks(block).map((t) => [t.volume, t.lastQty, t.openInterest])).toEqual([[750, 75, 750], [850, 130, 800]]);
  });

  it("names an instrument by its place in the ring of the order they came: one that did not tick this step is one place skipped, not a jump", () => {
    const b = new TapeBlockBuilder();
    const at = (token: number, time: number) => tick({ token, time, lastTradedTime: Math.floor((time + 19_800_000) / 1000) });
    // Step 1: A, B, C (each new, named by number); step 2: A, then C (B did not tick).
    for (const t of [at(1, 1000), at(2, 1000), at(3, 1000), at(1, 1500), at(3, 1500)]) b.addTick(t);
    const block = b.finish();
    const { streams } = streamsOf(block);
    // A after C: 0 places on (the ring wraps); C after A: B skipped, 1 place on.
    expect(streams[S_REF]).toEqual([32, 32, 32, 0, 1]);
    // Only the three new instruments are named by number (each 0 past "the one after the last": zigzag 0).
    expect(streams[S_ESCAPE]).toEqual([0, 0, 0]);
    expect(decodeTicks(block).map((t) => [t.token, t.time])).toEqual([[1, 1000], [2, 1000], [3, 1000], [1, 1500], [3, 1500]]);
  });

  it("keeps each instrument's own base when ticks of two instruments interleave", () => {
    const ticks = [tick(), tick({ token: 2885, ltp: 250000, bids: [{ price: 249995, quantity: 7, orders: 1 }, empty, empty, empty, empty] }), tick({ time: 1500, ltp: 150010 })];
    expect(decodeTicks(encodeTicks(ticks))).toEqual(ticks);
  });

  it("refuses a block cut short or of another version", () => {
    const block = encodeTicks([tick(), tick({ time: 2000 })]);
    expect(() => decodeTicks(block.slice(0, block.length - 3))).toThrow(RangeError);
    expect(() => decodeTicks(Uint8Array.of(0x05, 0x01))).toThrow(/unknown version/);
  });

  it("refuses a figure that is not a whole number (the recorder rounds prices to feed units first)", () => {
    expect(() => encodeTicks([tick({ ltp: 1500.5 })])).toThrow(RangeError);
    expect(() => encodeTicks([tick({ volume: 2 ** 50 + 1 })])).toThrow(RangeError);
  });

  it("refuses a later row's figure that is not a whole number within 2^50, whether it missed its expectation or met it (seq one on from 2^50), and the block stays as it was", () => {
    for (const [first, bad] of [
      [{}, { ltp: 150000.5 }],
      [{}, { volume: 2 ** 50 + 1 }],
      [{}, { openInterest: Number.NaN }],
      [{}, { weekHigh: Number.POSITIVE_INFINITY }],
      [{ seq: 2 ** 50 }, { seq: 2 ** 50 + 1 }],
      [{}, { bids: [{ price: 150000, quantity: 100.5, orders: 3 }, empty, empty, empty, empty] }],
      // The depth's figures, each checked whatever it met: a price half a unit off, a quantity past 2^50, orders that are not a number.
      [{}, { asks: [{ price: 150005.5, quantity: 80, orders: 2 }, empty, empty, empty, empty] }],
      [{}, { bids: [{ price: 150000, quantity: 100, orders: 3 }, { price: 149995, quantity: 2 ** 50 + 1, orders: 1 }, empty, empty, empty] }],
      [{}, { asks: [{ price: 150005, quantity: 80, orders: 2 }, empty, empty, empty, { price: 150050, quantity: 5, orders: Number.NaN }] }],
    ] as Array<[Partial<TapeTick>, Partial<TapeTick>]>) {
      const b = new TapeBlockBuilder();
      b.addTick(tick(first));
      const expected = b.finish().length;
      const again = new TapeBlockBuilder();
      again.addTick(tick(first));
      expect(() => again.addTick(tick({ ...first, time: 1500, ...bad }))).toThrow(RangeError);
      const block = again.finish();
      expect(block.length).toBe(expected);
      expect(decodeTicks(block)).toHaveLength(1);
    }
  });

  it("takes depth figures past 32 bits and gives them back: a quantity of 2^40, orders of 2^33, a level 2^35 units from the last price", () => {
    const far = tick({ time: 2000, bids: [{ price: 150000, quantity: 2 ** 40, orders: 2 ** 33 }, { price: 150000 - 2 ** 35, quantity: 7, orders: 1 }, empty, empty, empty] });
    expect(decodeTicks(encodeTicks([tick(), far]))).toEqual([tick(), far]);
  });

  const int = fc.integer({ min: -2_000_000_000, max: 2_000_000_000 });
  const nat = fc.nat({ max: 4_000_000_000 });
  const big = fc.integer({ min: 0, max: 2 ** 50 });
  // A level is either empty (all zero) or has a quantity, as in the feed's depth.
  const level = fc.oneof(fc.constant(empty), fc.record({ price: int, quantity: fc.integer({ min: 1, max: 1e9 }), orders: nat }));
  const side = fc.array(level, { minLength: TAPE_DEPTH, maxLength: TAPE_DEPTH });
  const arbTick: fc.Arbitrary<TapeTick> = fc.record({
    time: fc.integer({ min: 0, max: 2 ** 45 }), exchange: fc.integer({ min: 0, max: 9 }), token: fc.integer({ min: 0, max: 3 }), seq: nat, ltp: int, lastQty: nat,
    volume: big, open: int, high: int, low: int, pClose: int, avgPrice: int, upperCircuit: int, lowerCircuit: int, weekHigh: int, weekLow: int,
    openInterest: nat, dayHighOI: nat, dayLowOI: nat, previousOI: nat, totalBuyQty: big, totalSellQty: nat, lastTradedTime: fc.nat({ max: 86_399 }),
    priceDivisor: fc.constantFrom(100, 10_000), bids: side, asks: side,
  });

  it("decode(encode(ticks)) gives the ticks back, whatever they are and whatever each instrument's lot (property)", () => {
    fc.assert(fc.property(fc.array(arbTick, { maxLength: 40 }), fc.array(fc.constantFrom(1, 25, 75, 1800), { minLength: 40, maxLength: 40 }), (ticks, lots) => {
      expect(decodeTicks(encodeTicks(ticks))).toEqual(ticks);
      // In lots: most figures here are not whole lots, so they go by the escape stream.
      const b = new TapeBlockBuilder();
      for (const t of ticks) b.addTick(t, lots[t.exchange * 4 + t.token]!);
      expect(decodeTicks(b.finish())).toEqual(ticks);
    }), { numRuns: 300 });
  });

  // Books as an exchange's (or the simulator's) move: a side loses levels at the front (traded
  // through), gains one in front, moves with the price, or has one level's quantity change.
  const op = fc.record({ token: fc.integer({ min: 0, max: 2 }), move: fc.integer({ min: -20, max: 20 }), kind: fc.constantFrom("drop", "front", "follow", "qty", "same"), side: fc.boolean(), n: fc.integer({ min: 1, max: 4 }), q: fc.integer({ min: 1, max: 5000 }), cut: fc.boolean() });
  const ladder = (from: number, dir: number): TapeLevel[] => Array.from({ length: TAPE_DEPTH }, (_, i) => ({ price: from + dir * 5 * (i + 1), quantity: 100 * (i + 1), orders: i + 1 }));
  type Op = typeof op extends fc.Arbitrary<infer T> ? T : never;
  function evolve(ops: Op[]): { ticks: TapeTick[]; cuts: number[] } {
    const state = [0, 1, 2].map((token) => tick({ token, bids: ladder(150000, -1), asks: ladder(150000, 1) }));
    const ticks: TapeTick[] = [];
    const cuts: number[] = [];
    ops.forEach((o, i) => {
      const was = state[o.token]!;
      const ltp = was.ltp + o.move * 5;
      let bids = was.bids.map((l) => ({ ...l }));
      let asks = was.asks.map((l) => ({ ...l }));
      const side = o.side ? bids : asks;
      const dir = o.side ? -1 : 1;
      if (o.kind === "drop") side.splice(0, o.n, ...Array.from({ length: o.n }, () => empty));
      if (o.kind === "front") side.splice(0, 0, { price: side[0]!.price - dir * 5, quantity: o.q, orders: 1 });
      const follow = (s: TapeLevel[]) => s.map((l) => (l.quantity === 0 ? l : { ...l, price: l.price + o.move * 5 }));
      if (o.kind === "follow") {
        bids = follow(bids);
        asks = follow(asks);
      }
      if (o.kind === "qty") side[o.n]!.quantity = o.q;
      const next = tick({ ...was, time: was.time + 500 * (i + 1), seq: was.seq + 1, ltp, bids: bids.slice(0, TAPE_DEPTH).sort((a, b) => (a.quantity === 0 ? 1 : 0) - (b.quantity === 0 ? 1 : 0)), asks: asks.slice(0, TAPE_DEPTH).sort((a, b) => (a.quantity === 0 ? 1 : 0) - (b.quantity === 0 ? 1 : 0)) });
      state[o.token] = next;
      ticks.push(next);
      if (o.cut) cuts.push(ticks.length);
    });
    return { ticks, cuts };
  }

  /**
   * What a tape holds under a depth interval, from the rule (server/README.md): an instrument's
   * depth is looked at when the interval has passed since it was last looked at (or never was);
   * a tick in between carries the depth last taped, each filled level where it stood relative to
   * the last price, and the book's totals.
   */
  function taped(ticks: TapeTick[], everyMs: number): TapeTick[] {
    const looked = new Map<number, number>();
    const last = new Map<number, TapeTick>();
    return ticks.map((t) => {
      const id = t.exchange * 4 + t.token;
      const was = last.get(id);
      let out = t;
      if (was && everyMs > 0 && t.time - looked.get(id)! < everyMs) {
        const follow = (l: TapeLevel) => (l.quantity === 0 && l.orders === 0 ? l : { ...l, price: l.price - was.ltp + t.ltp });
        out = { ...t, bids: was.bids.map(follow), asks: was.asks.map(follow), totalBuyQty: was.totalBuyQty, totalSellQty: was.totalSellQty };
      } else looked.set(id, t.time);
      last.set(id, out);
      return out;
    });
  }

  it("a chain of blocks read in order gives back the ticks, with the depth the interval keeps, whatever the books and the order of instruments do (property)", () => {
    fc.assert(fc.property(fc.array(op, { maxLength: 60 }), fc.constantFrom(0, 500, 1000, 2000), fc.constantFrom(1, 5, 100), (ops, everyMs, lot) => {
      const { ticks, cuts } = evolve(ops);
      const b = new TapeBlockBuilder(everyMs);
      const blocks: Uint8Array[] = [];
      ticks.forEach((t, i) => {
        b.addTick(t, lot);
        if (cuts.includes(i + 1)) blocks.push(b.finish());
      });
      blocks.push(b.finish());
      const chain = new TapeChain();
      expect(blocks.flatMap((block) => decodeTicks(block, chain))).toEqual(taped(ticks, everyMs));
    }), { numRuns: 300 });
  });

  it("reads a block a row at a time (the replay's way): a row peeked stays until it is taken, and take answers the instrument's row, which its later rows update in place", () => {
    const ticks = [tick(), tick({ token: 2885, ltp: 250000 }), tick({ time: 1500, seq: 2, ltp: 150010, high: 150010 })];
    const rows = blockRows(encodeTicks(ticks), new TapeChain());
    expect([rows.count, rows.key]).toEqual([3, true]);
    expect(() => rows.take()).toThrow(/before it was peeked/);
    expect(rows.peek()).toBe(true);
    expect(tickOfRow(rows.row, 0)).toEqual(ticks[0]);
    // Peeked again before it is taken: the same row, not the next.
    expect(rows.peek()).toBe(true);
    expect([rows.ref, rows.row[0]]).toEqual([0, 1000]);
    const first = rows.take();
    expect(tickOfRow(first, 0)).toEqual(ticks[0]);
    rows.peek();
    expect(rows.ref).toBe(1);
    expect(tickOfRow(rows.take(), 0)).toEqual(ticks[1]);
    // The third row is the first instrument's again: its row in the chain, now at 1500.
    rows.peek();
    expect(rows.ref).toBe(0);
    expect(rows.take()).toBe(first);
    expect(tickOfRow(first, 0)).toEqual(ticks[2]);
    expect(rows.peek()).toBe(false);
  });

  it("after a first row, the figures that move are expected by their rules (worked by hand), and every other scalar stands at the row before's", () => {
    // The row before: seq 7, last qty 5, volume 100, avg 150.00 (15000), high 15100, low 14900, week 16000/14000, OI 50 (day 60/40); at 10:00:00 IST.
    const before = Array.from({ length: COLUMN_COUNT }, () => 0);
    Object.assign(before, { 3: 7, 4: 15000, 5: 5, 6: 100, 8: 15100, 9: 14900, 11: 15000, 14: 16000, 15: 14000, 16: 50, 17: 60, 18: 40, 10: 14800, 12: 16300, 13: 13300, 23: 100 });
    // This row: last price 15200, volume 125 (25 traded), OI 70, at 04:30:01 UTC = 10:00:01 IST.
    const row = [...before];
    Object.assign(row, { 0: Date.UTC(2026, 10, 24, 4, 30, 1), 4: 15200, 6: 125, 16: 70 });
    const moved = new Float64Array(24);
    expectMoved(row, before, moved);
    expect([...MOVES].map((c) => [c, moved[c]])).toEqual([
      [3, 8], // seq: one on
      [5, 25], // last quantity: what the volume grew by
      [8, 15200], // high takes in the last price
      [9, 14900], // low stays below it
      [11, 15040], // average: (15000 x 100 + 15200 x 25) / 125 = 15040
      [14, 16000], // week high stays above it
      [15, 14000], // week low stays below it
      [17, 70], // day high OI takes in the OI
      [18, 40], // day low OI stays below it
      [22, 36_001], // last trade time: 10:00:01 IST in seconds of the day
    ]);
    // The rest stand: predict answers the row before's figure for each.
    for (const c of SCALAR_ORDER.slice(1)) if (!(MOVES as readonly number[]).includes(c)) expect([c, predict(c, row, before, 0)]).toEqual([c, before[c]]);
    // A low of 0 is none yet: the last price; a volume that did not grow keeps the last quantity and the average.
    const still = [...row];
    Object.assign(still, { 6: 100 });
    const b0 = [...before];
    Object.assign(b0, { 9: 0 });
    expectMoved(still, b0, moved);
    expect([moved[9], moved[5], moved[11]]).toEqual([15200, 5, 15000]);
  });

  it("expects the last trade time in each row's own second of the IST day, whatever time was asked before (the expectation keeps the last one: a step's rows share it)", () => {
    const before = Array.from({ length: COLUMN_COUNT }, () => 0);
    const moved = new Float64Array(24);
    const second = (time: number) => {
      expectMoved(Object.assign([...before], { 0: time }), before, moved);
      return moved[22];
    };
    // IST is UTC + 5:30: 04:30:01 UTC is 10:00:01 IST (36,001 s); 18:29:59 UTC is 23:59:59 IST (86,399 s); 18:30:00 UTC is the next IST midnight (0).
    const [t1, t2, t3] = [Date.UTC(2026, 10, 24, 4, 30, 1), Date.UTC(2026, 10, 24, 18, 29, 59), Date.UTC(2026, 10, 24, 18, 30, 0)];
    expect([t1, t1, t2, t3, t1, t3].map(second)).toEqual([36_001, 36_001, 86_399, 0, 36_001, 0]);
    // An instrument's first row expects it by the same rule.
    expect([predict(22, Object.assign([...before], { 0: t3 }), null, 0), predict(22, Object.assign([...before], { 0: t1 }), null, 0)]).toEqual([0, 36_001]);
  });

  it("the coder's level differences are the figures less what the decoder expects of each level (expectLevel), for every shift code, books full or thin (property)", () => {
    const level = fc.record({ on: fc.boolean(), rel: fc.integer({ min: -40, max: 40 }), q: fc.integer({ min: 1, max: 900 }), n: fc.integer({ min: 1, max: 30 }) });
    const book = fc.record({ ltp: fc.integer({ min: 1000, max: 1100 }), levels: fc.array(level, { minLength: TAPE_DEPTH * 2, maxLength: TAPE_DEPTH * 2 }) });
    const rowOf = (b: { ltp: number; levels: Array<{ on: boolean; rel: number; q: number; n: number }> }) => {
      const r = new Float64Array(COLUMN_COUNT);
      r[4] = b.ltp;
      b.levels.forEach((l, i) => {
        if (l.on) r.set([l.rel, l.q, l.n], DEPTH_COLUMN + i * 3);
      });
      return r;
    };
    fc.assert(
      fc.property(book, fc.option(book), (now, was) => {
        const row = rowOf(now);
        const before = was === null ? null : rowOf(was);
        const ltp = row[4]!;
        for (const at of [DEPTH_COLUMN, ASK_COLUMN]) {
          for (const k of [-4, -3, -2, -1, 0, 1, 2, 3, 4, FOLLOWS]) {
            const want = [0, 0, 0];
            const d = new Float64Array(TAPE_DEPTH * 3);
            let mask = 0;
            for (let l = 0; l < TAPE_DEPTH; l++) {
              const o = at + l * 3;
              expectLevel(row, before, at, l, k, want);
              // A price is coded only for a filled level (the decoder reads it only then).
              const figures = [row[o + 1] !== 0 || row[o + 2] !== 0 ? row[o]! + ltp - want[0]! : 0, row[o + 1]! - want[1]!, row[o + 2]! - want[2]!];
              figures.forEach((f, i) => {
                d[l * 3 + i] = f;
                if (f !== 0) mask |= 1 << (l * 3 + i);
              });
            }
            const got = new Float64Array(TAPE_DEPTH * 3);
            expect([levelMisses(row, before, at, k, got), [...got]]).toEqual([mask, [...d]]);
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it("keeps 1,500 instruments' rows (past the row store's first 1,024): a row taken before the store grew still reads as it was, and the instrument's next row is taken fresh", () => {
    const first = Array.from({ length: 1500 }, (_, i) => tick({ token: 10_000 + i, ltp: 100_000 + i * 10 }));
    const second = tick({ token: 10_000, time: 1500, seq: 2, ltp: 100_500, high: 100_500 });
    const ticks = [...first, second];
    expect(decodeTicks(encodeTicks(ticks))).toEqual(ticks);
    const rows = blockRows(encodeTicks(ticks), new TapeChain());
    rows.peek();
    const held = rows.take();
    for (let i = 1; i < 1500; i++) {
      rows.peek();
      rows.take();
    }
    // Instrument 10000 as held, though 1,499 rows came after it: 1,000.00.
    expect(tickOfRow(held, 0)).toEqual(first[0]);
    rows.peek();
    expect(rows.ref).toBe(0);
    expect(tickOfRow(rows.take(), 0)).toEqual(second);
    expect(rows.peek()).toBe(false);
  });

  it("a block read row by row and stopped anywhere carries on to the rows a whole decode gives", () => {
    fc.assert(fc.property(fc.array(fc.record({ token: fc.constantFrom(1594, 2885, 11536), move: fc.integer({ min: -50, max: 50 }) }), { minLength: 1, maxLength: 40 }), fc.nat(), (steps, cut) => {
      const last = new Map<number, number>();
      const ticks = steps.map((st, i) => {
        const ltp = (last.get(st.token) ?? 150000) + st.move;
        last.set(st.token, ltp);
        return tick({ token: st.token, time: 1000 + i * 100, seq: i + 1, ltp, high: Math.max(150000, ltp), low: Math.min(150000, ltp) });
      });
      const block = encodeTicks(ticks);
      const rows = blockRows(block, new TapeChain());
      const got: TapeTick[] = [];
      const stop = cut % (ticks.length + 1);
      // Up to the cut, each row peeked twice; a player that stopped there peeks it again when it carries on.
      for (let r = 0; r < stop && rows.peek(); r++) {
        rows.peek();
        got.push(tickOfRow(rows.take(), 0));
      }
      if (rows.peek()) rows.peek();
      while (rows.peek()) got.push(tickOfRow(rows.take(), 0));
      expect(got).toEqual(ticks);
    }), { numRuns: 200 });
  });

  it("reads the version-2 tapes recorded before version 3: a chain of two blocks gives back the ticks it gave then", () => {
    const chain = new TapeChain();
    const ticks = v2.blocks.flatMap((b64) => decodeTicks(new Uint8Array(Buffer.from(b64, "base64")), chain));
    expect(ticks).toEqual(v2.ticks);
    expect(ticks).toHaveLength(40);
    // A version-3 block cannot carry on a version-2 chain.
    const b = new TapeBlockBuilder();
    b.addTick(tick());
    b.finish();
    b.addTick(tick({ time: 1500 }));
    expect(() => decodeTicks(b.finish(), chain)).toThrow(/carries on from one not read/);
  });

  it("a book that followed the last price (every level moved with it) costs the one flag 2 and no level figures", () => {
    const a = tick();
    // The price moves up 5 units and both levels with it: the same ladder, relative to the last price.
    const b = tick({ time: 1500, seq: 2, ltp: 150005, high: 150005, bids: [{ price: 150005, quantity: 100, orders: 3 }, empty, empty, empty, empty], asks: [{ price: 150010, quantity: 80, orders: 2 }, empty, empty, empty, empty] });
    const one = encodeTicks([a]);
    const two = encodeTicks([a, b]);
    expect(decodeTicks(two)).toEqual([a, b]);
    // Row 1 codes its depth (flag 1); row 2 followed (flag 2).
    expect(streamsOf(two).streams[S_FLAG]).toEqual([1, 2]);
    // The shift, level mask and level streams (after the flag) hold row 1's figures only.
    expect(streamsOf(two).streams.slice(S_SHIFT)).toEqual(streamsOf(one).streams.slice(S_SHIFT));
  });

  it("a side that stood relative to the last price while the other changed codes its shift and an empty level mask: 0 with the price where it was, the ladder that followed (5) with it moved", () => {
    const a = tick();
    const asks = (quantity: number, price: number) => [{ price, quantity, orders: 2 }, empty, empty, empty, empty];
    // The price stands; the bids stand; the best ask's quantity 80 -> 120 (the side that changed).
    const stood = tick({ time: 1500, seq: 2, asks: asks(120, 150005) });
    // The price moves up 5 and the bids with it; the best ask moves with it too, its quantity 80 -> 120.
    const moved = tick({ time: 1500, seq: 2, ltp: 150005, high: 150005, bids: [{ price: 150005, quantity: 100, orders: 3 }, empty, empty, empty, empty], asks: asks(120, 150010) });
    for (const [b, bidShift] of [[stood, 0], [moved, 10]] as const) {
      const { streams } = streamsOf(encodeTicks([a, b]));
      expect(decodeTicks(encodeTicks([a, b]))).toEqual([a, b]);
      // Row 1 (the first) codes both sides from nothing (shift 5, "follows": zigzag 10). Row 2's bids:
      // shift 0 (zigzag 0) or 5 (zigzag 10), and a level mask of 0. Its asks: the best ask found at
      // its price before, shift 0 (moved: the best ask of 150010 was no level before, so "follows"),
      // and the best level's quantity missed (bit 1: mask 2).
      const levelMask = S_SHIFT + 2;
      expect(streams[S_SHIFT]).toEqual([10, bidShift]);
      expect(streams[levelMask]![1]).toBe(0);
      expect(streams[S_SHIFT + 1]![1]).toBe(b === stood ? 0 : 10);
      expect(streams[levelMask + 1]![1]).toBe(2);
    }
  });

  it("refuses a block that carries on from one not read", () => {
    const b = new TapeBlockBuilder();
    b.addTick(tick());
    b.finish();
    b.addTick(tick({ time: 1500 }));
    expect(() => decodeTicks(b.finish())).toThrow(/carries on from one not read/);
  });
  it("says when an instrument's depth is due: never seen, or a depth interval since its depth was last looked at (the recorder reads the book only then)", () => {
    const b = new TapeBlockBuilder(1000);
    const raw: number[] = [];
    // Never seen: no reference yet (-1), and due.
    expect(b.depthDue(-1, 1000)).toBe(true);
    // Its first row codes its book at t = 1000 ms; it is the chain's first instrument, so addRow answers reference 0.
    rawColumns(tick(), raw);
    expect(b.addRow(raw)).toBe(0);
    // 500 ms later, within the 1,000 ms interval: carried, not due; at 2,000 ms, 1,000 ms on: due.
    expect(b.depthDue(0, 1500)).toBe(false);
    expect(b.depthDue(0, 2000)).toBe(true);
    // No interval (every change coded): due.
    const every = new TapeBlockBuilder(0);
    every.addRow(raw);
    expect(every.depthDue(0, 1500)).toBe(true);
  });

  it("takes a reference handed to addRow only when it names the row's instrument: a wrong or stale one codes the same block as none", () => {
    const rows = [tick(), tick({ token: 2885 }), tick({ time: 1500, seq: 2, ltp: 150005 }), tick({ token: 2885, time: 1500, seq: 2, ltp: 150010 })];
    const plain = new TapeBlockBuilder(1000);
    const hinted = new TapeBlockBuilder(1000);
    const raw: number[] = [];
    // Each row once with no reference, and once with a wrong one: the other instrument's, or one not yet given.
    const refs = rows.map((t, i) => {
      rawColumns(t, raw);
      return [plain.addRow(raw), hinted.addRow(raw, 1, [1, 7, 1, 0][i]!)];
    });
    expect([...hinted.finish()]).toEqual([...plain.finish()]);
    // Each answers the instrument's own reference, in the order first seen: 1594 is 0, 2885 is 1.
    expect(refs).toEqual([[0, 0], [1, 1], [0, 0], [1, 1]]);
  });

  it("finds each instrument's reference by exchange and token: 3,000 instruments past the table's growth, tokens up to 2^31 and one token on two exchanges", () => {
    const table = new RefTable();
    // Tokens as the master's are: F&O ones near 2^31, and the same number on NSE and BSE currency.
    const keys = Array.from({ length: 3_000 }, (_, i) => (i < 1_500 ? ([i % 4, 2_147_483_647 - i] as const) : ([2 + (i % 2), 1_000 + ((i - 1_500) >> 1)] as const)));
    keys.forEach(([e, t], ref) => table.add(e, t, ref));
    keys.forEach(([e, t], ref) => expect(table.get(e, t)).toBe(ref));
    expect([table.get(2, 1_000), table.get(3, 1_000)]).toEqual([1_500, 1_501]);
    expect(table.get(5, 1_000)).toBe(-1);
    expect(table.get(0, 2_147_483_646)).toBe(-1); // that token is on exchange 1
  });
});
