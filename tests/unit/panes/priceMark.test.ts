import { internal } from "@legendapp/state";
import { describe, expect, it } from "vitest";
import { liveQuote, priceStale } from "../../../src/feed/session";
import { priceMark, type PriceMark } from "../../../src/panes/views/priceStale";

const { getNode } = internal;

/** How many listeners an observable has (legend-state's node; a computed that reads it adds one). */
const listeners = (node: ReturnType<typeof getNode>): number => (node.listeners?.size ?? 0) + (node.listenersImmediate?.size ?? 0);

describe("a price cell's mark as a source (priceStale.ts priceMark)", () => {
  it("listens to the instrument's price only while a cell is bound: 200 rows mounted and unmounted leave none behind", () => {
    const price = getNode(liveQuote("NSEEQ", 1594).LastRate);
    const stale = getNode(priceStale("NSEEQ", 1594));
    const before = [listeners(price), listeners(stale)];
    for (let i = 0; i < 200; i++) {
      const off = priceMark("NSEEQ", 1594).onChange(() => undefined);
      off();
    }
    // A computed per cell stayed subscribed after its row unmounted and ran on each tick of the instrument.
    expect([listeners(price), listeners(stale)]).toEqual(before);
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
