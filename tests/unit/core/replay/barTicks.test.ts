import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { barTicks, syntheticBook } from "../../../../src/core/replay/barTicks";

describe("a one-minute bar turned into ticks (issue 35, the method in barTicks.ts)", () => {
  it("a rising bar goes open -> low -> high -> close in three equal legs (worked by hand, 7 ticks)", () => {
    // n = 7: vertices at ticks 0, round(7/3) = 2, round(14/3) = 5, 6. Open 100, low 99, high 104, close 103, tick 0.05.
    // Leg 1 (0..2): 100, 99.5, 99. Leg 2 (2..5): 99 + 5/3 per tick: 100.666.. -> 100.65, 102.333.. -> 102.35, 104. Leg 3 (5..6): 103.
    const ticks = barTicks({ time: 0, open: 100, high: 104, low: 99, close: 103, volume: 0 }, 7, 0.05);
    expect(ticks.map((t) => t.price)).toEqual([100, 99.5, 99, 100.65, 102.35, 104, 103]);
    // Tick i at i/7 of the minute: 60,000 / 7 = 8,571.43 ms apart, rounded.
    expect(ticks.map((t) => t.time)).toEqual([0, 8571, 17143, 25714, 34286, 42857, 51429]);
  });

  it("a falling bar goes open -> high -> low -> close", () => {
    const ticks = barTicks({ time: 0, open: 50, high: 51, low: 48, close: 49, volume: 0 }, 6, 0.05);
    // n = 6: vertices 0, 2, 4, 5. Leg 1: 50, 50.5, 51; leg 2: 49.5, 48; leg 3: 49.
    expect(ticks.map((t) => t.price)).toEqual([50, 50.5, 51, 49.5, 48, 49]);
  });

  it("shares the volume out: floor(volume / n) each, the remainder one each to the first ticks", () => {
    // 23 over 6 ticks: 3 each and 5 left over -> 4, 4, 4, 4, 4, 3.
    expect(barTicks({ time: 0, open: 10, high: 10, low: 10, close: 10, volume: 23 }, 6, 0.05).map((t) => t.quantity)).toEqual([4, 4, 4, 4, 4, 3]);
  });

  it("refuses fewer than four ticks a bar", () => {
    expect(() => barTicks({ time: 0, open: 1, high: 1, low: 1, close: 1, volume: 0 }, 3, 0.05)).toThrow(RangeError);
  });

  it("any bar: the ticks start at the open, end at the close, touch its high and low, never leave its range, and add up to its volume (property)", () => {
    const bar = fc
      .tuple(fc.array(fc.integer({ min: 1, max: 200_000 }), { minLength: 4, maxLength: 4 }), fc.nat({ max: 1_000_000 }), fc.integer({ min: 4, max: 240 }))
      .map(([p, volume, n]) => {
        const [open, close] = [p[0]! * 0.05, p[1]! * 0.05].map((x) => Number(x.toFixed(2))) as [number, number];
        const high = Number((Math.max(open, close, p[2]! * 0.05)).toFixed(2));
        const low = Number((Math.min(open, close, p[3]! * 0.05)).toFixed(2));
        return { bar: { time: 1_700_000_000_000, open, high, low, close, volume }, n };
      });
    fc.assert(fc.property(bar, ({ bar: b, n }) => {
      const ticks = barTicks(b, n, 0.05);
      expect(ticks.length).toBe(n);
      expect(ticks[0]!.price).toBe(b.open);
      expect(ticks.at(-1)!.price).toBe(b.close);
      expect(Math.max(...ticks.map((t) => t.price))).toBe(b.high);
      expect(Math.min(...ticks.map((t) => t.price))).toBe(b.low);
      expect(ticks.reduce((s, t) => s + t.quantity, 0)).toBe(b.volume);
      expect(ticks.every((t, i) => i === 0 || t.time > ticks[i - 1]!.time)).toBe(true);
      expect(ticks.every((t) => t.time >= b.time && t.time < b.time + 60_000)).toBe(true);
    }), { numRuns: 400 });
  });
});

describe("depth synthesised around the traded price", () => {
  it("after an uptick the trade was at the ask; levels a tick apart, (k+1) lots of the average trade (worked by hand)", () => {
    // Price 100 after 99.95, tick 0.05, average trade 130 shares, lot 1 -> unit 130.
    const book = syntheticBook(100, 99.95, 0.05, 130, 1);
    expect(book.asks.map((l) => l.price)).toEqual([100, 100.05, 100.1, 100.15, 100.2]);
    expect(book.bids.map((l) => l.price)).toEqual([99.95, 99.9, 99.85, 99.8, 99.75]);
    expect(book.bids.map((l) => l.quantity)).toEqual([130, 260, 390, 520, 650]);
    // ceil(130 / 1 / 4) = 33 orders at the best level.
    expect(book.bids[0]!.orders).toBe(33);
  });

  it("after a downtick or no move the trade was at the bid; quantities in whole lots, at least one", () => {
    // Lot 75, average trade 10 units -> one lot (75) at the best level.
    const book = syntheticBook(20, 20, 0.05, 10, 75);
    expect(book.bids[0]).toEqual({ price: 20, quantity: 75, orders: 1 });
    expect(book.asks[0]).toEqual({ price: 20.05, quantity: 75, orders: 1 });
    expect(book.asks[4]).toEqual({ price: 20.25, quantity: 375, orders: 2 });
  });
});
