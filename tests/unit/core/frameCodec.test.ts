import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EXCHANGES } from "../../../src/core/types/exchange";
import {
  decodeFrame,
  DEPTH_ENTRY_OFFSET,
  DEPTH_LEVELS,
  encodeFrame,
  FRAME_LENGTH,
  formatLastTradedTime,
  FrameReader,
  HEADER_OFFSET,
  OPEN_INTEREST_OFFSET,
  PRICE_INFO_OFFSET,
  setDecodeLog,
  SNAPSHOT_OFFSET,
  type FeedFrame,
  type MarketSnapshotFrame,
  type OpenInterestFrame,
  type PriceInfoFrame,
} from "../../../src/core/frameCodec";

const logged: string[] = [];
beforeAll(() => setDecodeLog((m) => logged.push(m)));
afterAll(() => setDecodeLog((m) => console.warn(m)));

const exchange = fc.constantFrom(...EXCHANGES);
const i32 = fc.integer({ min: -0x80000000, max: 0x7fffffff });
const u32 = fc.integer({ min: 0, max: 0xffffffff });
const depth = fc.record({ quantity: u32, price: i32, numberOfOrders: u32 });

const snapshot: fc.Arbitrary<MarketSnapshotFrame> = fc.record({
  kind: fc.constant(1 as const),
  exchange,
  token: i32,
  lastRate: i32,
  lastQty: u32,
  totalQty: u32,
  high: i32,
  low: i32,
  openRate: i32,
  pClose: i32,
  avgRate: i32,
  bidQty: u32,
  bidRate: i32,
  offQty: u32,
  offRate: i32,
  tBidQ: u32,
  tOffQ: u32,
  priceDivisor: i32,
  lastTradedTime: u32,
  bids: fc.array(depth, { minLength: 5, maxLength: 5 }),
  asks: fc.array(depth, { minLength: 5, maxLength: 5 }),
  seq: u32,
});
const openInterest: fc.Arbitrary<OpenInterestFrame> = fc.record({
  kind: fc.constant(2 as const),
  exchange,
  token: i32,
  openInterest: u32,
  dayHiOI: u32,
  dayLoOI: u32,
  previousOI: u32,
});
const priceInfo: fc.Arbitrary<PriceInfoFrame> = fc.record({
  kind: fc.constant(3 as const),
  exchange,
  token: i32,
  weekHigh: i32,
  weekLow: i32,
  upperCircuitLimit: i32,
  lowerCircuitLimit: i32,
  priceDivisor: i32,
});
const anyFrame: fc.Arbitrary<FeedFrame> = fc.oneof(snapshot, openInterest, priceInfo);

/** Either null or a frame of a known kind whose encoding is exactly the input bytes. */
function nullOrValid(bytes: Uint8Array): void {
  let out: FeedFrame | null = null;
  expect(() => (out = decodeFrame(bytes))).not.toThrow();
  if (out !== null) {
    const frame = out as FeedFrame;
    expect([1, 2, 3]).toContain(frame.kind);
    expect(bytes.byteLength).toBe(FRAME_LENGTH[frame.kind]);
    expect(EXCHANGES).toContain(frame.exchange);
  }
}

describe("feed codec (DESIGN.md section 5)", () => {
  it("frames are 196, 24 and 28 bytes for kinds 1, 2 and 3", () => {
    fc.assert(fc.property(anyFrame, (f) => {
      expect(encodeFrame(f).byteLength).toBe({ 1: 196, 2: 24, 3: 28 }[f.kind]);
    }));
  });

  it("encode then decode equals the input for all three kinds", () => {
    fc.assert(fc.property(anyFrame, (f) => {
      expect(decodeFrame(encodeFrame(f))).toEqual(f);
    }), { numRuns: 500 });
  });

  it("decodes from a Uint8Array that is a window into a larger buffer (no copy, byteOffset honoured)", () => {
    fc.assert(
      fc.property(anyFrame, fc.integer({ min: 0, max: 64 }), (f, pad) => {
        const bytes = encodeFrame(f);
        const big = new Uint8Array(pad + bytes.byteLength + 7);
        big.set(bytes, pad);
        expect(decodeFrame(big.subarray(pad, pad + bytes.byteLength))).toEqual(f);
      }),
    );
  });

  it("puts the header, LastRate, the depth and Seq at the documented little-endian offsets", () => {
    const f: MarketSnapshotFrame = {
      kind: 1, exchange: "NSEFO", token: 0x01020304, lastRate: 150025, lastQty: 1, totalQty: 2, high: 3, low: 4, openRate: 5, pClose: 6,
      avgRate: 7, bidQty: 8, bidRate: 9, offQty: 10, offRate: 11, tBidQ: 12, tOffQ: 13, priceDivisor: 100, lastTradedTime: 36000,
      bids: [1, 2, 3, 4, 5].map((i) => ({ quantity: i, price: 1000 - i, numberOfOrders: i })),
      asks: [1, 2, 3, 4, 5].map((i) => ({ quantity: 10 + i, price: 1000 + i, numberOfOrders: 20 + i })),
      seq: 77,
    };
    const b = encodeFrame(f);
    const v = new DataView(b.buffer);
    expect([b[0], b[1], v.getUint16(2, true), v.getInt32(4, true)]).toEqual([1, 2, 0, 0x01020304]);
    expect(b[4]).toBe(0x04); // little-endian
    expect(v.getInt32(8, true)).toBe(150025);
    expect(v.getInt32(64, true)).toBe(100);
    expect(v.getUint32(72, true)).toBe(1); // first bid quantity at 72
    expect(v.getInt32(76, true)).toBe(999);
    expect(v.getUint32(72 + 5 * 12, true)).toBe(11); // first ask quantity after five bids
    expect(v.getUint32(180 + 8, true)).toBe(25); // last ask orders ends at 191
    expect(v.getUint32(192, true)).toBe(77);
  });

  it("the one offset table is DESIGN.md section 5's layout: 4-byte fields in the listed order after the 8-byte header", () => {
    // kind 1: LastRate at 8, then every 4 bytes: LastQty 12 ... LastTradedTime 68; depth 72 to 191 in 12-byte entries; Seq at 192.
    expect(HEADER_OFFSET).toEqual({ kind: 0, exchange: 1, reserved: 2, token: 4 });
    expect(SNAPSHOT_OFFSET).toEqual({
      lastRate: 8, lastQty: 12, totalQty: 16, high: 20, low: 24, openRate: 28, pClose: 32, avgRate: 36, bidQty: 40, bidRate: 44,
      offQty: 48, offRate: 52, tBidQ: 56, tOffQ: 60, priceDivisor: 64, lastTradedTime: 68, depth: 72, depthEntryBytes: 12, seq: 192,
    });
    expect(DEPTH_ENTRY_OFFSET).toEqual({ quantity: 0, price: 4, numberOfOrders: 8 });
    // kind 2 (24 bytes): OpenInterest, DayHiOI, DayLoOI, PreviousOI; kind 3 (28 bytes): WeekHigh, WeekLow, UpperCircuitLimit, LowerCircuitLimit, PriceDivisor.
    expect(OPEN_INTEREST_OFFSET).toEqual({ openInterest: 8, dayHiOI: 12, dayLoOI: 16, previousOI: 20 });
    expect(PRICE_INFO_OFFSET).toEqual({ weekHigh: 8, weekLow: 12, upperCircuitLimit: 16, lowerCircuitLimit: 20, priceDivisor: 24 });
  });

  it("encodes open interest and price info at the table's offsets", () => {
    const oi = encodeFrame({ kind: 2, exchange: "NSEFO", token: 7, openInterest: 11, dayHiOI: 12, dayLoOI: 13, previousOI: 14 });
    const vo = new DataView(oi.buffer);
    expect([8, 12, 16, 20].map((at) => vo.getUint32(at, true))).toEqual([11, 12, 13, 14]);
    const pi = encodeFrame({ kind: 3, exchange: "NSEEQ", token: 7, weekHigh: 21, weekLow: 22, upperCircuitLimit: 23, lowerCircuitLimit: -24, priceDivisor: 100 });
    const vp = new DataView(pi.buffer);
    expect([8, 12, 16, 20, 24].map((at) => vp.getInt32(at, true))).toEqual([21, 22, 23, -24, 100]);
  });

  it("a truncated frame gives null with a log line, never a throw", () => {
    fc.assert(
      fc.property(anyFrame, fc.nat(), (f, cut) => {
        const bytes = encodeFrame(f);
        const n = cut % bytes.byteLength;
        logged.length = 0;
        expect(decodeFrame(bytes.subarray(0, n))).toBeNull();
        expect(logged.length).toBe(1);
      }),
    );
  });

  it("an extended frame gives null, never a throw", () => {
    fc.assert(
      fc.property(anyFrame, fc.uint8Array({ minLength: 1, maxLength: 64 }), (f, extra) => {
        const bytes = encodeFrame(f);
        const longer = new Uint8Array(bytes.byteLength + extra.byteLength);
        longer.set(bytes);
        longer.set(extra, bytes.byteLength);
        expect(decodeFrame(longer)).toBeNull();
      }),
    );
  });

  it("a bit-flipped frame gives null or a valid object, never a throw", () => {
    fc.assert(
      fc.property(anyFrame, fc.array(fc.nat(), { minLength: 1, maxLength: 8 }), (f, flips) => {
        const bytes = encodeFrame(f);
        for (const flip of flips) {
          const bit = flip % (bytes.byteLength * 8);
          bytes[bit >> 3] = (bytes[bit >> 3] as number) ^ (1 << (bit & 7));
        }
        nullOrValid(bytes);
      }),
      { numRuns: 1000 },
    );
  });

  it("arbitrary bytes give null or a valid object, never a throw", () => {
    fc.assert(fc.property(fc.uint8Array({ maxLength: 256 }), (b) => {
      nullOrValid(b);
    }), { numRuns: 1000 });
  });

  it("an unknown kind or exchange index gives null", () => {
    const b = encodeFrame({ kind: 2, exchange: "NSEEQ", token: 1, openInterest: 1, dayHiOI: 1, dayLoOI: 1, previousOI: 1 });
    b[0] = 9;
    expect(decodeFrame(b)).toBeNull();
    b[0] = 2;
    b[1] = 10;
    expect(decodeFrame(b)).toBeNull();
  });

  it("shows LastTradedTime as HH:MM:SS", () => {
    expect(formatLastTradedTime(9 * 3600 + 15 * 60 + 7)).toBe("09:15:07");
  });

  it("the hot-path reader reads every frame of one received buffer at its own offset, the same as decodeFrame", () => {
    fc.assert(
      fc.property(fc.array(anyFrame, { minLength: 1, maxLength: 6 }), fc.integer({ min: 0, max: 16 }), (frames, pad) => {
        const encoded = frames.map((f) => encodeFrame(f));
        const big = new Uint8Array(pad + encoded.reduce((n, b) => n + b.byteLength, 0));
        let at = pad;
        const windows = encoded.map((b) => {
          big.set(b, at);
          at += b.byteLength;
          return big.subarray(at - b.byteLength, at);
        });
        const reader = new FrameReader();
        windows.forEach((w, i) => {
          const f = frames[i]!;
          expect(reader.open(w)).toBe(true);
          expect([reader.kind, reader.exchange, reader.token]).toEqual([f.kind, f.exchange, f.token]);
          if (f.kind === 1) expect([reader.i32(SNAPSHOT_OFFSET.lastRate), reader.u32(SNAPSHOT_OFFSET.seq)]).toEqual([f.lastRate, f.seq]);
          if (f.kind === 2) expect(reader.u32(OPEN_INTEREST_OFFSET.previousOI)).toBe(f.previousOI);
          if (f.kind === 3) expect(reader.i32(PRICE_INFO_OFFSET.priceDivisor)).toBe(f.priceDivisor);
        });
      }),
    );
  });

  /**
   * Every 4-byte field of the frame's kind as the reader reads it, by DESIGN.md section 5's table:
   * the signed fields (prices, the token) through i32, the counts through u32.
   */
  function readAll(reader: FrameReader, kind: 1 | 2 | 3): Record<string, number | string> {
    const S = SNAPSHOT_OFFSET;
    const head = { kind: reader.kind, exchange: reader.exchange, token: reader.token };
    if (kind === 2) return { ...head, ...Object.fromEntries(Object.entries(OPEN_INTEREST_OFFSET).map(([k, at]) => [k, reader.u32(at)])) };
    if (kind === 3) return { ...head, ...Object.fromEntries(Object.entries(PRICE_INFO_OFFSET).map(([k, at]) => [k, reader.i32(at)])) };
    const unsigned = new Set(["lastQty", "totalQty", "bidQty", "offQty", "tBidQ", "tOffQ", "lastTradedTime", "seq"]);
    const fields = Object.entries(S).filter(([k]) => k !== "depth" && k !== "depthEntryBytes");
    const out: Record<string, number | string> = { ...head, ...Object.fromEntries(fields.map(([k, at]) => [k, unsigned.has(k) ? reader.u32(at) : reader.i32(at)])) };
    for (let i = 0; i < 2 * DEPTH_LEVELS; i++) {
      const at = S.depth + i * S.depthEntryBytes;
      out[`depth${i}`] = `${reader.u32(at + DEPTH_ENTRY_OFFSET.quantity)} ${reader.i32(at + DEPTH_ENTRY_OFFSET.price)} ${reader.u32(at + DEPTH_ENTRY_OFFSET.numberOfOrders)}`;
    }
    return out;
  }

  /** The same fields, worked out from the frame itself (not read back by the code under test). */
  function expected(f: FeedFrame): Record<string, number | string> {
    const { kind, exchange, token } = f;
    if (f.kind !== 1) {
      const { kind: _k, exchange: _e, token: _t, ...rest } = f;
      return { kind, exchange, token, ...rest };
    }
    const { bids, asks, kind: _k, exchange: _e, token: _t, ...rest } = f;
    const out: Record<string, number | string> = { kind, exchange, token, ...rest };
    [...bids, ...asks].forEach((d, i) => (out[`depth${i}`] = `${d.quantity} ${d.price} ${d.numberOfOrders}`));
    return out;
  }

  it("a frame at a non-zero byte offset of a larger buffer reads the same values as the same frame alone", () => {
    // As mqtt.js hands a frame over: a view of its packet's payload inside the WebSocket message,
    // after the packet's head, at any offset (odd ones too), with other bytes on either side.
    fc.assert(
      fc.property(anyFrame, fc.integer({ min: 1, max: 64 }), fc.uint8Array({ maxLength: 64 }), fc.boolean(), (f, pad, junk, asBuffer) => {
        const alone = encodeFrame(f);
        const big = new Uint8Array(pad + alone.byteLength + junk.byteLength);
        big.fill(0xa5, 0, pad);
        big.set(alone, pad);
        big.set(junk, pad + alone.byteLength);
        const window = asBuffer ? Buffer.from(big.buffer, pad, alone.byteLength) : big.subarray(pad, pad + alone.byteLength);
        const inPlace = new FrameReader();
        const own = new FrameReader();
        expect(inPlace.open(window)).toBe(true);
        expect(own.open(alone)).toBe(true);
        expect(readAll(inPlace, f.kind)).toEqual(readAll(own, f.kind));
        expect(readAll(inPlace, f.kind)).toEqual(expected(f));
      }),
      { numRuns: 500 },
    );
  });

  it("the hot-path reader refuses what decodeFrame refuses, with a log line, and reads the next good frame", () => {
    const reader = new FrameReader();
    const good = encodeFrame({ kind: 2, exchange: "NSEFO", token: 7, openInterest: 1, dayHiOI: 2, dayLoOI: 3, previousOI: 4 });
    const before = logged.length;
    expect(reader.open(good.subarray(0, 20))).toBe(false); // 20 bytes: kind 2 is 24
    const badKind = good.slice();
    badKind[0] = 9;
    expect(reader.open(badKind)).toBe(false);
    const badExchange = good.slice();
    badExchange[1] = 200;
    expect(reader.open(badExchange)).toBe(false);
    expect(reader.open(new Uint8Array(3))).toBe(false);
    expect(reader.open(null as unknown as Uint8Array)).toBe(false); // never thrown
    expect(logged.length - before).toBe(5);
    expect(reader.open(good)).toBe(true);
    expect([reader.kind, reader.exchange, reader.token, reader.u32(OPEN_INTEREST_OFFSET.openInterest)]).toEqual([2, "NSEFO", 7, 1]);
  });
});
