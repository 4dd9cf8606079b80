import mqtt from "mqtt";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectFeed, type FeedConnection } from "../../../src/feed/connection.js";
import { QuoteStore } from "../../../src/feed/quoteStore.js";
import { instrumentTopics } from "../../../src/core/topics.js";
import { startBroker, type TestBroker } from "../harness.js";

/** The client half (connection, subscription manager, quote store) against the real paper broker. */
describe("client feed against the paper broker", () => {
  let b: TestBroker;
  let conn: FeedConnection | undefined;
  beforeAll(async () => {
    b = await startBroker({ SIM_TIME: "2026-11-23T04:30:00Z", TICK_HZ: "20" });
  });
  afterAll(async () => {
    await conn?.disconnect();
    await b.stop();
  });

  it("subscribes a market-watch row and sees its quote tick in the store", async () => {
    const token = await b.login("DEMO1");
    const infy = b.broker.market.bySymbol("NSEEQ", "INFY")!;
    const store = new QuoteStore((flush) => setTimeout(flush, 0));
    conn = connectFeed({
      url: `${b.url.replace("http", "ws")}/feed`,
      clientCode: "DEMO1",
      accessToken: token,
      connect: mqtt.connect,
      onMarketFrame: (_t, p) => store.applyFrame(p),
      onOrderUpdate: () => {},
      log: () => {},
    });
    conn.subscriptions.setTopics("marketWatch", instrumentTopics("NSEEQ", infy.token, { isIndex: false, isDerivative: false }));
    const q = store.quote("NSEEQ", infy.token);
    const depth = store.depth("NSEEQ", infy.token);
    const prices: number[] = [];
    await new Promise<void>((resolve) => {
      q.LastRate.onChange(({ value }) => {
        prices.push(value);
        if (prices.length >= 3) resolve();
      });
    });
    const v = q.peek();
    expect(v.LastRate).toBeGreaterThan(0);
    expect(v.uc).toBeGreaterThan(v.LastRate);
    const d = depth.peek();
    expect(d.bids[0]!.price).toBeLessThan(d.asks[0]!.price);
    expect(v.chg).toBeCloseTo(v.LastRate - v.PClose, 6);
  });
});
