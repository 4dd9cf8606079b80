import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { deflateRawSync } from "node:zlib";
import { COLUMN_COUNT, decodeTicks, encodeTicks, rawColumns, STREAM_COUNT, TAPE_DEPTH, TapeBlockBuilder, TapeChain, type TapeLevel, type TapeTick } from "../../../../src/core/replay/tapeCodec";

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
  it("starts with the version, the count and each stream's length as zigzag varints (worked by hand)", () => {
    // version 2 -> zigzag 4; a key block (1) -> 2; one tick -> 2; the first stream (time) holds 1000 less the expected 0 -> zigzag 2000 = 0x7D0 -> LEB128 0xD0 0x0F, 2 bytes long -> 4.
    const block = encodeTicks([tick()]);
    expect([...block.slice(0, 4)]).toEqual([0x04, 0x02, 0x02, 0x04]);
    expect(STREAM_COUNT).toBe(COLUMN_COUNT + 4);
  });

  it("stores a repeated tick as changes: only the time moves, every other figure costs one zero byte and the standing depth one flag", () => {
    const one = encodeTicks([tick()]);
    const two = encodeTicks([tick(), tick({ time: 1500, seq: 2 })]);
    // Second row: time +500 -> zigzag 1000 -> 2 bytes; the instrument reference (the same one, one
    // before "the next") 1 byte; the 19 other scalar figures and the 2 totals one zero byte each;
    // the depth one flag byte (0, it stood). No stream reaches 128 bytes, so the lengths stay 1 byte each.
    expect(two.length - one.length).toBe(2 + 1 + 19 + 2 + 1);
    expect(decodeTicks(two)).toEqual([tick(), tick({ time: 1500, seq: 2 })]);
  });

  it("an unchanged depth records as (near) nothing: 10,000 ticks whose price moves and whose book stands cost 25 bytes a tick before compression, 1 of them the depth, and under half a byte after", () => {
    const full = (p: number, q: number, o: number): TapeLevel => ({ price: p, quantity: q, orders: o });
    const bids = [full(149995, 500, 4), full(149990, 700, 6), full(149980, 300, 2), full(149975, 900, 9), full(149960, 100, 1)];
    const asks = [full(150010, 400, 3), full(150015, 800, 5), full(150025, 200, 2), full(150030, 600, 4), full(150045, 1000, 7)];
    const at = (i: number) =>
      tick({ time: 1000 + i * 500, seq: 1 + i, ltp: i % 2 === 0 ? 150000 : 150005, high: 150005, low: 150000, lastTradedTime: Math.floor((1000 + i * 500 + 19_800_000) / 1000), bids, asks });
    const n = 10_000;
    const ticks = Array.from({ length: n }, (_, i) => at(i));
    const block = encodeTicks(ticks);
    // Each row after the first: time 2 bytes, reference 1, the 19 other scalars 1 each (seq +1, the
    // price up or down 5, high and low as expected), totals 2, depth flag 1 = 25, of which the depth 1.
    const sizes = [2, 3, 4, 5].map((k) => encodeTicks(ticks.slice(0, k)).length);
    expect(sizes.slice(1).map((s, i) => s - sizes[i]!)).toEqual([25, 25, 25]);
    // The stream lengths grow with the streams: at most 3 bytes more each for 10,000 rows (under 2^21 bytes).
    expect(block.length).toBeLessThanOrEqual(encodeTicks(ticks.slice(0, 1)).length + (n - 1) * 25 + 3 * STREAM_COUNT);
    expect(decodeTicks(block)).toEqual(ticks);
    // Compressed (as the recorder writes it): each stream is a run of one byte (or two alternating), which deflate stores as long matches.
    const packed = deflateRawSync(block, { level: 1 }).length;
    expect(packed / n).toBeLessThan(0.5);
  });

  it("keeps each instrument's own base when ticks of two instruments interleave", () => {
    const ticks = [tick(), tick({ token: 2885, ltp: 250000, bids: [{ price: 249995, quantity: 7, orders: 1 }, empty, empty, empty, empty] }), tick({ time: 1500, ltp: 150010 })];
    expect(decodeTicks(encodeTicks(ticks))).toEqual(ticks);
  });

  it("refuses a block cut short or of another version", () => {
    const block = encodeTicks([tick(), tick({ time: 2000 })]);
    expect(() => decodeTicks(block.slice(0, block.length - 3))).toThrow(RangeError);
    expect(() => decodeTicks(Uint8Array.of(0x02, 0x00))).toThrow(/version 1, expected 2/);
  });

  it("refuses a figure that is not a whole number (the recorder rounds prices to feed units first)", () => {
    expect(() => encodeTicks([tick({ ltp: 1500.5 })])).toThrow(RangeError);
    expect(() => encodeTicks([tick({ volume: 2 ** 50 + 1 })])).toThrow(RangeError);
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

  it("decode(encode(ticks)) gives the ticks back, whatever they are (property)", () => {
    fc.assert(fc.property(fc.array(arbTick, { maxLength: 40 }), (ticks) => {
      expect(decodeTicks(encodeTicks(ticks))).toEqual(ticks);
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

  it("a chain of blocks read in order gives the ticks back, whatever the books do (property)", () => {
    fc.assert(fc.property(fc.array(op, { maxLength: 60 }), (ops) => {
      const { ticks, cuts } = evolve(ops);
      const b = new TapeBlockBuilder();
      const blocks: Uint8Array[] = [];
      ticks.forEach((t, i) => {
        b.addTick(t);
        if (cuts.includes(i + 1)) blocks.push(b.finish());
      });
      blocks.push(b.finish());
      const chain = new TapeChain();
      expect(blocks.flatMap((block) => decodeTicks(block, chain))).toEqual(ticks);
    }), { numRuns: 300 });
  });

  it("a book that followed the last price (every level moved with it) costs the one flag 2 and no level figures", () => {
    const a = tick();
    // The price moves up 5 units and both levels with it: the same ladder, relative to the last price.
    const b = tick({ time: 1500, seq: 2, ltp: 150005, high: 150005, bids: [{ price: 150005, quantity: 100, orders: 3 }, empty, empty, empty, empty], asks: [{ price: 150010, quantity: 80, orders: 2 }, empty, empty, empty, empty] });
    const one = encodeTicks([a]);
    const two = encodeTicks([a, b]);
    expect(decodeTicks(two)).toEqual([a, b]);
    // The head: version, key, count, then each stream's length (all under 64 here, one byte each).
    const lengths = (block: Uint8Array) => [...block.slice(3, 3 + STREAM_COUNT)].map((z) => z / 2);
    const FLAG = COLUMN_COUNT - 2 * TAPE_DEPTH * 3 + 1; // the depth flag's stream follows the new token's
    const flags = (block: Uint8Array) => {
      const at = 3 + STREAM_COUNT + lengths(block).slice(0, FLAG).reduce((x, y) => x + y, 0);
      return [...block.slice(at, at + lengths(block)[FLAG]!)];
    };
    // Row 1 codes its depth (flag 1, zigzag 2); row 2 followed (flag 2, zigzag 4).
    expect(flags(two)).toEqual([2, 4]);
    // The shift and level streams (after the flag) hold row 1's figures only.
    expect(lengths(two).slice(FLAG + 1)).toEqual(lengths(one).slice(FLAG + 1));
  });

  it("refuses a block that carries on from one not read", () => {
    const b = new TapeBlockBuilder();
    b.addTick(tick());
    b.finish();
    b.addTick(tick({ time: 1500 }));
    expect(() => decodeTicks(b.finish())).toThrow(/carries on from one not read/);
  });
  it("says when an instrument's depth is due: never seen, or a depth interval since its depth was last coded (the recorder reads the book only then)", () => {
    const b = new TapeBlockBuilder();
    const raw: number[] = [];
    // Never seen: due.
    expect(b.depthDue(0, 1594, 1000, 1000)).toBe(true);
    // Its first row codes its book (flag 1) at t = 1000 ms.
    rawColumns(tick(), raw);
    b.addRow(raw, 1000);
    // 500 ms later, within the 1,000 ms interval: carried, not due; at 2,000 ms, 1,000 ms on: due.
    expect(b.depthDue(0, 1594, 1500, 1000)).toBe(false);
    expect(b.depthDue(0, 1594, 2000, 1000)).toBe(true);
    // No interval (every change coded), or another instrument: due.
    expect(b.depthDue(0, 1594, 1500, 0)).toBe(true);
    expect(b.depthDue(0, 2885, 1500, 1000)).toBe(true);
  });
});
