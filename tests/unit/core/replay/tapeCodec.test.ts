import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { COLUMN_COUNT, decodeTicks, encodeTicks, TAPE_DEPTH, type TapeLevel, type TapeTick } from "../../../../src/core/replay/tapeCodec";

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
  it("starts with the version, the count and the first column as zigzag varints (worked by hand)", () => {
    // version 1 -> zigzag 2; one tick -> 2; time 1000 -> zigzag 2000 = 0x7D0 -> LEB128 0xD0 0x0F.
    const block = encodeTicks([tick()]);
    expect([...block.slice(0, 4)]).toEqual([0x02, 0x02, 0xd0, 0x0f]);
  });

  it("stores a repeated tick as changes: only the time moves, every other column costs one zero byte", () => {
    const one = encodeTicks([tick()]);
    const two = encodeTicks([tick(), tick({ time: 1500 })]);
    // Second row: time +500 -> zigzag 1000 -> 2 bytes; the other COLUMN_COUNT - 1 columns are 0 -> 1 byte each.
    expect(two.length - one.length).toBe(2 + (COLUMN_COUNT - 1));
    expect(decodeTicks(two)).toEqual([tick(), tick({ time: 1500 })]);
  });

  it("keeps each instrument's own base when ticks of two instruments interleave", () => {
    const ticks = [tick(), tick({ token: 2885, ltp: 250000, bids: [{ price: 249995, quantity: 7, orders: 1 }, empty, empty, empty, empty] }), tick({ time: 1500, ltp: 150010 })];
    expect(decodeTicks(encodeTicks(ticks))).toEqual(ticks);
  });

  it("refuses a block cut short or of another version", () => {
    const block = encodeTicks([tick(), tick({ time: 2000 })]);
    expect(() => decodeTicks(block.slice(0, block.length - 3))).toThrow(RangeError);
    expect(() => decodeTicks(Uint8Array.of(0x04, 0x00))).toThrow(/version 2/);
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
});
