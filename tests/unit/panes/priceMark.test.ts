import { internal, observe } from "@legendapp/state";
import { describe, expect, it } from "vitest";
import { encodeMarketSnapshot } from "../../../src/core/frameCodec";
import { brokerClock$ } from "../../../src/data/stores/brokerClock";
import { liveQuote, priceStale, quoteStore, sequenceZero } from "../../../src/feed/session";
import { markNow, priceMark, type PriceMark } from "../../../src/panes/views/priceStale";

const { getNode } = internal;

/** How many listeners an observable has (legend-state's node; a computed that reads it adds one). */
const listeners = (node: ReturnType<typeof getNode>): number => (node.listeners?.size ?? 0) + (node.listenersImmediate?.size ?? 0);

describe("a price cell's mark as a source (priceStale.ts priceMark)", () => {
  it("listens to what the mark reads only while a cell is bound: 200 rows mounted and unmounted leave none behind", () => {
    const price = getNode(liveQuote("NSEEQ", 1594).LastRate);
    const stale = getNode(priceStale("NSEEQ", 1594));
    const reference = getNode(sequenceZero("NSEEQ", 1594));
    const before = [listeners(price), listeners(stale), listeners(reference)];
    for (let i = 0; i < 200; i++) {
      const off = priceMark("NSEEQ", 1594).onChange(() => undefined);
      off();
    }
    // A computed per cell stayed subscribed after its row unmounted and ran on each tick of the instrument.
    expect([listeners(price), listeners(stale), listeners(reference)]).toEqual(before);
  });

  it("tells a bound cell when the mark moves, and only then: stale, then live again", () => {
    const seen: PriceMark[] = [];
    const source = priceMark("NSEEQ", 2885);
    expect(source.peek()).toBe("live");
    const off = source.onChange(({ value }) => seen.push(value));
    priceStale("NSEEQ", 2885).set(true);
    priceStale("NSEEQ", 2885).set(true);
    priceStale("NSEEQ", 2885).set(false);
    off();
    priceStale("NSEEQ", 2885).set(true);
    expect(seen).toEqual(["stale", "live"]);
  });
});

/** A quote of the replay's broker: sequence 0 is an instrument's reference quote (server/replay/market.ts quoteOf), 1 on its tape's rows. */
function quote(token: number, seq: number, lastRate: number): Uint8Array {
  return encodeMarketSnapshot({
    exchange: "NSEEQ", token, lastRate, lastQty: 1, totalQty: 10, high: lastRate, low: lastRate, openRate: lastRate, pClose: 77200, avgRate: lastRate,
    bidQty: 0, bidRate: 0, offQty: 0, offRate: 0, tBidQ: 0, tOffQ: 0, priceDivisor: 100, lastTradedTime: 1, bids: [], asks: [], seq,
  });
}

describe("a React price cell's mark (usePriceMark's selector, markNow)", () => {
  it("is worked out again only when the mark may move, not on each tick: three ticks of a live price leave its selector run once", () => {
    let runs = 0;
    const seen: PriceMark[] = [];
    const stop = observe(() => {
      runs++;
      seen.push(markNow("NSEEQ", 11536));
    });
    for (const [seq, price] of [[1, 350000], [2, 350100], [3, 350200]] as const) {
      quoteStore.applyFrame(quote(11536, seq, price));
      quoteStore.flush();
    }
    stop();
    // A tick of a price already live changes neither its stale flag, nor the replay mode, nor whether its quote is the reference one.
    expect(runs).toBe(1);
    expect(seen).toEqual(["live"]);
  });

  it("in a replay, marks the price at its reference quote (sequence 0), and live from the tape's first row of it", () => {
    const seen: PriceMark[] = [];
    const mode = brokerClock$.mode.peek();
    brokerClock$.mode.set("replay");
    const source = priceMark("NSEEQ", 1333);
    const off = source.onChange(({ value }) => seen.push(value));
    quoteStore.applyFrame(quote(1333, 0, 77200));
    quoteStore.flush();
    expect(source.peek()).toBe("reference");
    quoteStore.applyFrame(quote(1333, 1, 77250));
    quoteStore.flush();
    quoteStore.applyFrame(quote(1333, 2, 77300));
    quoteStore.flush();
    off();
    brokerClock$.mode.set(mode);
    expect(seen).toEqual(["reference", "live"]);
  });
});
