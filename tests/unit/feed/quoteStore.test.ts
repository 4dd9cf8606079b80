import fc from "fast-check";
import { describe, expect, it, beforeAll } from "vitest";
import { encodeMarketSnapshot, encodeOpenInterest, encodePriceInfo, setDecodeLog, type MarketSnapshotFrame } from "../../../src/core/frameCodec";
import { percentChange, QuoteStore } from "../../../src/feed/quoteStore";
import { EXCHANGES, type Exchange } from "../../../src/core/types/exchange";

beforeAll(() => setDecodeLog(() => {}));

function snap(p: Partial<MarketSnapshotFrame> = {}): Uint8Array {
  const level = (price: number) => ({ quantity: 10, price, numberOfOrders: 2 });
  return encodeMarketSnapshot({
    exchange: "NSEEQ", token: 1244, lastRate: 150050, lastQty: 5, totalQty: 1000, high: 151000, low: 149000, openRate: 149500, pClose: 148000,
    avgRate: 150000, bidQty: 10, bidRate: 150000, offQty: 10, offRate: 150100, tBidQ: 500, tOffQ: 600, priceDivisor: 100, lastTradedTime: 36000,
    bids: [150000, 149990, 149980, 149970, 149960].map(level), asks: [150100, 150110, 150120, 150130, 150140].map(level), seq: 1, ...p,
  });
}

function manual() {
  const queue: Array<() => void> = [];
  return { schedule: (fn: () => void) => queue.push(fn), run: () => queue.splice(0).forEach((f) => f()), get size() { return queue.length; } };
}

describe("quote store", () => {
  it("writes once per animation frame, in one batch", () => {
    const s = manual();
    const store = new QuoteStore(s.schedule);
    const q = store.quote("NSEEQ", 1244);
    let notified = 0;
    q.LastRate.onChange(() => notified++);
    store.applyFrame(snap({ seq: 1, lastRate: 150050 }));
    store.applyFrame(snap({ seq: 2, lastRate: 150100 }));
    store.applyFrame(snap({ seq: 3, lastRate: 150150 }));
    expect(s.size).toBe(1);
    expect(q.LastRate.peek()).toBe(0);
    s.run();
    expect(notified).toBe(1);
    expect(q.LastRate.peek()).toBe(1501.5);
  });

  it("fills the live-quote fields, chg and pchg, and the depth of an instrument whose depth is observed", () => {
    const s = manual();
    const store = new QuoteStore(s.schedule);
    const depth = store.depth("NSEEQ", 1244);
    store.applyFrame(snap());
    store.applyFrame(encodeOpenInterest({ exchange: "NSEEQ", token: 1244, openInterest: 777, dayHiOI: 800, dayLoOI: 700, previousOI: 750 }));
    store.applyFrame(encodePriceInfo({ exchange: "NSEEQ", token: 1244, weekHigh: 160000, weekLow: 140000, upperCircuitLimit: 177600, lowerCircuitLimit: 118400, priceDivisor: 100 }));
    s.run();
    const v = store.quote("NSEEQ", 1244).peek();
    expect(v).toMatchObject({ LastRate: 1500.5, PClose: 1480, o: 1495, h: 1510, l: 1490, c: 1480, volume: 1000, openinterest: 777, weekHigh: 1600, weekLow: 1400, uc: 1776, lc: 1184 });
    const dv = depth.peek();
    expect(dv).toMatchObject({ totalbuyqty: 500, totalsellqty: 600, lastQty: 5, avgPrice: 1500, lastTradedTime: 36000 });
    expect(v.chg).toBeCloseTo(20.5, 6);
    expect(v.pchg).toBeCloseTo((20.5 / 1480) * 100, 6);
    expect(dv.bids[0]).toEqual({ price: 1500, orders: 2, qty: 10 });
    expect(dv.asks[4]?.price).toBe(1501.4);
    expect(store.lastSequence("NSEEQ", 1244)).toBe(1);
  });

  it("a depth first asked for after the instrument's frames asks for the frame again, and takes the book from its repeat", () => {
    const s = manual();
    const store = new QuoteStore(s.schedule);
    const wanted: string[] = [];
    store.wantDepth = (exchange, token) => wanted.push(`${exchange}:${token}`);
    // A watchlist's frame: nobody shows INFY's depth yet, so its book is not kept.
    store.applyFrame(snap({ seq: 4 }));
    s.run();
    const depth = store.depth("NSEEQ", 1244);
    expect(depth.peek().bids).toEqual([]);
    expect(wanted).toEqual(["NSEEQ:1244"]);
    // The broker sends the frame as it stands: the same seq 4 (the market has not ticked).
    expect(store.applyFrame(snap({ seq: 4 }))).toBe(true);
    s.run();
    expect(depth.peek().bids[0]).toEqual({ price: 1500, orders: 2, qty: 10 });
    expect(depth.peek().asks.length).toBe(5);
    // The wait is over: another repeat is the duplicate it always was.
    const dropped = store.stats.dropped;
    expect(store.applyFrame(snap({ seq: 4 }))).toBe(false);
    expect(store.stats.dropped).toBe(dropped + 1);
    // Asked again (a second depth pane): the observable is there, nothing is asked of the feed.
    store.depth("NSEEQ", 1244);
    expect(wanted.length).toBe(1);
  });

  it("a depth asked for before any frame asks for nothing: the topic's first frame brings the book", () => {
    const s = manual();
    const store = new QuoteStore(s.schedule);
    let asked = 0;
    store.wantDepth = () => asked++;
    const depth = store.depth("NSEEQ", 1244);
    expect(asked).toBe(0);
    store.applyFrame(snap({ seq: 1 }));
    s.run();
    expect(depth.peek().bids.length).toBe(5);
    // A repeat with no depth waiting is dropped, as before.
    expect(store.applyFrame(snap({ seq: 1 }))).toBe(false);
  });

  it("leaves depth unfilled for instruments nobody shows in depth", () => {
    const s = manual();
    const store = new QuoteStore(s.schedule);
    store.applyFrame(snap());
    s.run();
    expect(store.depth("NSEEQ", 1244).peek().bids).toEqual([]);
    store.applyFrame(snap({ seq: 2 }));
    s.run();
    expect(store.depth("NSEEQ", 1244).peek().bids.length).toBe(5);
  });

  // Issue 11 moved this rule: a backward sequence (4 after 5) used to be dropped as stale, which is
  // what froze prices after a broker restart; it now starts a new baseline (next test but one).
  it("drops a repeated frame and counts a gap", () => {
    const s = manual();
    const store = new QuoteStore(s.schedule);
    expect(store.applyFrame(snap({ seq: 5, lastRate: 100 }))).toBe(true);
    expect(store.applyFrame(snap({ seq: 5, lastRate: 200 }))).toBe(false);
    expect(store.applyFrame(snap({ seq: 9, lastRate: 400 }))).toBe(true);
    s.run();
    expect(store.quote("NSEEQ", 1244).LastRate.peek()).toBe(4);
    expect(store.stats).toMatchObject({ dropped: 1, gaps: 1 });
  });

  it("after a reconnect takes a restarted broker's frames, which count from zero again (issue 11: the freeze)", () => {
    const s = manual();
    const store = new QuoteStore(s.schedule);
    store.applyFrame(snap({ seq: 1800, lastRate: 150000 }));
    store.newEpoch();
    expect(store.applyFrame(snap({ seq: 1, lastRate: 151000 }))).toBe(true);
    s.run();
    expect(store.quote("NSEEQ", 1244).LastRate.peek()).toBe(1510);
  });

  it("a sequence that jumps backwards on one connection is a restarted publisher: its frame is taken", () => {
    const s = manual();
    const store = new QuoteStore(s.schedule);
    store.applyFrame(snap({ seq: 1800, lastRate: 150000 }));
    expect(store.applyFrame(snap({ seq: 3, lastRate: 152000 }))).toBe(true);
    expect(store.applyFrame(snap({ seq: 4, lastRate: 153000 }))).toBe(true);
    s.run();
    expect(store.quote("NSEEQ", 1244).LastRate.peek()).toBe(1530);
  });

  it("marks an instrument stale after 10 s without a tick while its market is open, and clears it on the next tick", () => {
    const s = manual();
    let now = 1_000;
    const store = new QuoteStore(s.schedule, () => now);
    const stale = store.stale("NSEEQ", 1244);
    store.applyFrame(snap({ seq: 1 }));
    s.run();
    now += 10_000;
    store.markStale(now, () => true, 10_000);
    expect(stale.peek()).toBe(false); // exactly 10 s: not older than 10 s
    now += 1;
    store.markStale(now, () => false, 10_000);
    expect(stale.peek()).toBe(false); // market closed: a still price is the truth
    store.markStale(now, () => true, 10_000);
    expect(stale.peek()).toBe(true);
    store.applyFrame(snap({ seq: 2 }));
    s.run();
    expect(stale.peek()).toBe(false);
  });

  it("after sign-out (reset) the timer watches only what cells ask for anew", () => {
    let now = 0;
    const store = new QuoteStore(manual().schedule, () => now);
    const before = store.stale("NSEEQ", 1244);
    store.reset();
    const asked: Exchange[] = [];
    now = 10_001;
    store.markStale(now, (e) => (asked.push(e), true), 10_000);
    expect(asked).toEqual([]); // nothing asked since the reset: no instrument is walked
    expect(before.peek()).toBe(false);
    const after = store.stale("BSEEQ", 500325);
    now = 20_002;
    store.markStale(now, (e) => (asked.push(e), true), 10_000);
    expect(asked).toEqual(["BSEEQ"]);
    expect(after.peek()).toBe(true);
  });

  it("an instrument that never ticked is stale 10 s after a cell first asked for it", () => {
    let now = 0;
    const store = new QuoteStore(manual().schedule, () => now);
    const stale = store.stale("NSEEQ", 1244);
    now = 10_001;
    store.markStale(now, () => true, 10_000);
    expect(stale.peek()).toBe(true);
  });

  it("takes a frame's arrival time once per received buffer: frames sharing one arrived together, the next buffer is read anew", () => {
    let now = 5_000;
    let reads = 0;
    const store = new QuoteStore(manual().schedule, () => (reads++, now));
    // Two frames of one received message (one buffer), then a third in a message of its own.
    const one = new Uint8Array(2 * 196);
    one.set(snap({ token: 1, seq: 1 }), 0);
    one.set(snap({ token: 2, seq: 1 }), 196);
    store.applyFrame(one.subarray(0, 196));
    now = 5_040;
    store.applyFrame(one.subarray(196));
    expect([store.lastTickAt("NSEEQ", 1), store.lastTickAt("NSEEQ", 2), store.newestFrameAt]).toEqual([5_000, 5_000, 5_000]);
    now = 6_000;
    store.applyFrame(snap({ token: 3, seq: 1 }));
    expect([store.lastTickAt("NSEEQ", 3), store.newestFrameAt]).toEqual([6_000, 6_000]);
    // One read per buffer, plus one per instrument given a slot (its staleness clock starts then).
    expect(reads).toBe(2 + 3);
  });

  it("ignores a bad frame (null from the codec)", () => {
    const store = new QuoteStore(manual().schedule);
    expect(store.applyFrame(new Uint8Array(10))).toBe(false);
  });

  it("an infinite percent when the previous close is 0", () => {
    expect(percentChange(5, 0)).toBe(Number.POSITIVE_INFINITY);
    expect(percentChange(0, 0)).toBe(0);
  });

  it("an instrument no view asks for gets no observable; one asked for later starts at its latest flushed values", () => {
    const s = manual();
    const store = new QuoteStore(s.schedule);
    store.applyFrame(snap({ seq: 1, lastRate: 150050 }));
    s.run();
    store.applyFrame(snap({ seq: 2, lastRate: 150150 }));
    s.run();
    // Asked for after two flushes: 1501.50 less the previous close 1480 is a change of 21.50.
    const q = store.quote("NSEEQ", 1244).peek();
    expect(q.LastRate).toBe(1501.5);
    expect(q.chg).toBeCloseTo(21.5, 6);
    // Asked for while a frame is pending: the value arrives with the flush, as for any observer.
    store.applyFrame(snap({ seq: 3, token: 9, lastRate: 100000 }));
    const late = store.quote("NSEEQ", 9);
    expect(late.LastRate.peek()).toBe(0);
    s.run();
    expect(late.LastRate.peek()).toBe(1000);
  });

  it("frames at odd offsets of one received message give the same quotes as the same frames each alone", () => {
    // The browser's MQTT client hands each frame over as a view of the WebSocket message it came in
    // (several packets to a message, each frame after its packet's head). The quotes must be what
    // the frames say: LastRate = lastRate / priceDivisor and so on (trading-core section 3).
    const frame = fc.record({
      exchange: fc.constantFrom(...EXCHANGES),
      token: fc.integer({ min: 1, max: 50 }),
      lastRate: fc.integer({ min: 1, max: 10_000_000 }),
      pClose: fc.integer({ min: 1, max: 10_000_000 }),
      openRate: fc.integer({ min: 1, max: 10_000_000 }),
      high: fc.integer({ min: 1, max: 10_000_000 }),
      low: fc.integer({ min: 1, max: 10_000_000 }),
      totalQty: fc.nat({ max: 0xffffffff }),
      priceDivisor: fc.constantFrom(1, 100, 10_000, 10_000_000),
    });
    fc.assert(
      fc.property(fc.array(frame, { minLength: 1, maxLength: 8 }), fc.array(fc.integer({ min: 1, max: 40 }), { minLength: 8, maxLength: 8 }), (list, heads) => {
        const encoded = list.map((f, i) => snap({ ...f, seq: i + 1 }));
        const message = new Uint8Array(encoded.reduce((n, b, i) => n + heads[i]! + b.byteLength, 0)).fill(0x30);
        let at = 0;
        const inPlace = encoded.map((b, i) => {
          at += heads[i]!;
          message.set(b, at);
          at += b.byteLength;
          return Buffer.from(message.buffer, at - b.byteLength, b.byteLength);
        });
        const s1 = manual();
        const s2 = manual();
        const fromMessage = new QuoteStore(s1.schedule, () => 1_000);
        const alone = new QuoteStore(s2.schedule, () => 1_000);
        inPlace.forEach((b) => expect(fromMessage.applyFrame(b)).toBe(true));
        encoded.forEach((b) => expect(alone.applyFrame(b)).toBe(true));
        s1.run();
        s2.run();
        // The last frame of each instrument is the one shown.
        const last = new Map(list.map((f) => [`${f.exchange}:${f.token}`, f]));
        for (const f of last.values()) {
          const q = fromMessage.quote(f.exchange, f.token).peek();
          expect(q).toEqual(alone.quote(f.exchange, f.token).peek());
          const d = f.priceDivisor;
          expect([q.LastRate, q.PClose, q.o, q.h, q.l, q.volume]).toEqual([f.lastRate / d, f.pClose / d, f.openRate / d, f.high / d, f.low / d, f.totalQty]);
        }
      }),
      { numRuns: 300 },
    );
  });
});
