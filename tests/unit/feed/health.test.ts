import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { encodeMarketSnapshot, setDecodeLog } from "../../../src/core/frameCodec";
import { feedHealth$, startFeedHealth } from "../../../src/feed/health";
import { QuoteStore } from "../../../src/feed/quoteStore";

beforeAll(() => setDecodeLog(() => {}));

const level = { quantity: 1, price: 100, numberOfOrders: 1 };
const frame = (seq: number) =>
  encodeMarketSnapshot({
    exchange: "NSEEQ", token: 1244, lastRate: 150000 + seq, lastQty: 1, totalQty: 1, high: 0, low: 0, openRate: 0, pClose: 0, avgRate: 0, bidQty: 0, bidRate: 0,
    offQty: 0, offRate: 0, tBidQ: 0, tOffQ: 0, priceDivisor: 100, lastTradedTime: 0, bids: Array(5).fill(level), asks: Array(5).fill(level), seq,
  });

/** The broker answers /health with its clock: Monday 23 Nov 2026, 10:30 IST, equity market open. */
function broker(answers: () => boolean) {
  vi.stubGlobal("fetch", vi.fn(async () => {
    if (!answers()) throw new TypeError("Failed to fetch");
    return new Response(JSON.stringify({ result: [{ up: true, simTime: "2026-11-23T05:00:00.000Z", clockMode: "fixed" }] }));
  }));
}

/** One second of the shared timer, and the health check it started. */
async function second() {
  await vi.advanceTimersByTimeAsync(1_000);
}

// Issue 11: "`down` when the socket is closed or the broker does not answer, `stale` when the socket
// is up but no frame for a subscribed instrument arrived for 5 s while its market is open."
describe("feed health light", () => {
  let answering = true;
  beforeEach(() => {
    vi.useFakeTimers();
    answering = true;
    broker(() => answering);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("down before the socket opens and the moment it closes; live while frames flow; stale after 5 s of silence", async () => {
    const store = new QuoteStore(() => {});
    const h = startFeedHealth({ store, subscribedTopics: () => ["prod/marketfeed/mw/v1/NSEEQ/1244"] });
    await second();
    expect(feedHealth$.state.peek()).toBe("down");
    h.onStatus(true);
    for (let i = 1; i <= 3; i++) {
      store.applyFrame(frame(i));
      await second();
      expect(feedHealth$.state.peek()).toBe("live");
    }
    expect(feedHealth$.fps.peek()).toBe(1);
    for (let i = 0; i < 6; i++) await second();
    expect(feedHealth$.state.peek()).toBe("stale");
    store.applyFrame(frame(4));
    await second();
    expect(feedHealth$.state.peek()).toBe("live");
    h.onStatus(false);
    expect(feedHealth$.state.peek()).toBe("down");
    h.stop();
  });

  it("down when the broker does not answer, though the socket is up", async () => {
    const store = new QuoteStore(() => {});
    const h = startFeedHealth({ store, subscribedTopics: () => [] });
    h.onStatus(true);
    await second();
    expect(feedHealth$.state.peek()).toBe("live");
    answering = false;
    await second();
    await second();
    expect(feedHealth$.state.peek()).toBe("down");
    answering = true;
    await second();
    await second();
    expect(feedHealth$.state.peek()).toBe("live");
    h.stop();
  });

  it("a price is marked stale by the same timer after 10 s without a tick in an open market", async () => {
    const store = new QuoteStore(() => {});
    const stale = store.stale("NSEEQ", 1244);
    const h = startFeedHealth({ store, subscribedTopics: () => ["prod/marketfeed/mw/v1/NSEEQ/1244"] });
    h.onStatus(true);
    store.applyFrame(frame(1));
    for (let i = 0; i < 10; i++) await second();
    expect(stale.peek()).toBe(false);
    await second();
    expect(stale.peek()).toBe(true);
    h.stop();
  });

  // Tape's decision (core/rules/feedHealth.ts priceStaleAfterMs): with the feed down no price is live,
  // so every price of an open market is marked stale at once, not 10 s after its last tick.
  it("every price is marked stale the moment the feed is down: the socket closed, or the broker not answering", async () => {
    const store = new QuoteStore(() => {});
    const stale = store.stale("NSEEQ", 1244);
    const h = startFeedHealth({ store, subscribedTopics: () => ["prod/marketfeed/mw/v1/NSEEQ/1244"] });
    h.onStatus(true);
    store.applyFrame(frame(1));
    await second();
    expect(stale.peek()).toBe(false);
    // The socket closes a second after the tick: stale with the light, 9 s before the 10 s rule.
    h.onStatus(false);
    expect(feedHealth$.state.peek()).toBe("down");
    expect(stale.peek()).toBe(true);
    // Back, and a frame: live again.
    h.onStatus(true);
    store.applyFrame(frame(2));
    await second();
    expect(stale.peek()).toBe(false);
    // The broker stops answering while the socket stays up (Mosquitto outliving the paper broker).
    answering = false;
    await second();
    await second();
    expect(feedHealth$.state.peek()).toBe("down");
    expect(stale.peek()).toBe(true);
    h.stop();
  });
});
