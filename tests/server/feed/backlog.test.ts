import mqtt, { type MqttClient } from "mqtt";
import type { Duplex } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mwTopic, orderTopic } from "../../../src/core/topics.js";
import { MAX_MARKET_BACKLOG } from "../../../server/feed/embedded.js";
import { startBroker, type TestBroker } from "../harness.js";

/**
 * The paper broker's memory under a subscriber slower than the market (issue 18, the memory soak):
 * at 9,000 instruments the embedded feed's backlog grew without end (aedes parked every frame over
 * its concurrency in an array) and the broker's heap with it. Market frames over MAX_MARKET_BACKLOG
 * are dropped (a snapshot's next tick supersedes it); order updates never are.
 */
describe("embedded feed backlog", () => {
  let b: TestBroker;
  const clients: MqttClient[] = [];
  const connect = async (token: string, name: string) => {
    const c = await mqtt.connectAsync(`${b.url.replace("http", "ws")}/feed`, {
      username: "DEMO1", password: token, clean: true, protocolVersion: 4, reconnectPeriod: 0, connectTimeout: 30_000, clientId: `DEMO1-${name}-${Date.now()}`,
    });
    clients.push(c);
    return c;
  };

  beforeAll(async () => {
    // Market open, and no timer: the test steps the market itself.
    b = await startBroker({ SIM_TIME: "2026-11-23T04:30:00Z", TICK_HZ: "0" });
  });
  afterAll(async () => {
    for (const c of clients) await c.endAsync(true);
    await b.stop();
  });

  it("keeps what is on its way to a subscriber that stopped reading within the bound, and still delivers order updates", async () => {
    const token = await b.login("DEMO1");
    const market = b.broker.market;
    // 2,000 instruments that tick on every step (shares, indices, futures: no options).
    const ticking = market.instruments().filter((i) => !i.optionType).slice(0, 2_000);
    const slow = await connect(token, "slow");
    await slow.subscribeAsync(ticking.map((i) => mwTopic(i.exchange, i.token)), { qos: 0 });
    const reader = await connect(token, "reader");
    const updates: string[] = [];
    reader.on("message", (topic, payload) => topic === orderTopic("DEMO1") && updates.push(payload.toString()));
    await reader.subscribeAsync(orderTopic("DEMO1"), { qos: 0 });
    // The slow subscriber stops reading: its socket fills and the broker must hold or drop.
    (slow.stream as Duplex).pause();

    // 60 ticks of 2,000 instruments: 120,000 frames (some 25 MB) for it, more than its socket buffers hold and over three times the bound.
    for (let k = 0; k < 60; k++) {
      market.step();
      await new Promise((r) => setImmediate(r));
    }
    const backlog = b.broker.feed.backlog!();
    expect(backlog.inFlight).toBeLessThanOrEqual(MAX_MARKET_BACKLOG);
    expect(backlog.dropped).toBeGreaterThan(0);
    // Dropped for the stalled connection alone (MAX_CONNECTION_BACKLOG_BYTES): the shared bound was never reached.
    expect(backlog.droppedForEveryone).toBe(0);
    // And it holds nothing of the shared backlog: its unsent bytes wait on its own stream. (Held until
    // a 'drain' that a stalled stream never has, its frames stayed in the shared count, some 12,000.)
    await expect.poll(() => b.broker.feed.backlog!().inFlight).toBe(0);

    b.broker.feed.publishOrderUpdate("DEMO1", { note: "after the burst" });
    await expect.poll(() => updates, { timeout: 20_000 }).toContain(JSON.stringify({ note: "after the burst" }));
  });

  it("drops only for the subscriber that stopped reading: another subscriber of the same instrument gets every tick", async () => {
    // The first test's stalled subscriber is still connected and stalled: it must not hold up this one either.
    const token = await b.login("DEMO1");
    const market = b.broker.market;
    const ticking = market.instruments().filter((i) => !i.optionType).slice(0, 2_000);
    const first = ticking[0]!;
    const watched = mwTopic(first.exchange, first.token);
    const slow = await connect(token, "slow2");
    await slow.subscribeAsync(ticking.map((i) => mwTopic(i.exchange, i.token)), { qos: 0 });
    const fast = await connect(token, "fast");
    let frames = 0;
    fast.on("message", (topic) => topic === watched && frames++);
    await fast.subscribeAsync(watched, { qos: 0 });
    (slow.stream as Duplex).pause();
    // Each tick of the instrument is one frame on its topic: the market's own count is what the fast one must get.
    let ticks = 0;
    const stop = market.onTick((_q, inst) => inst.exchange === first.exchange && inst.token === first.token && ticks++);
    const before = frames;
    const droppedBefore = b.broker.feed.backlog!().dropped;

    // The first test's burst again: 60 steps moving the 2,000, far over the bound for the stalled one.
    for (let k = 0; k < 60; k++) {
      market.step();
      await new Promise((r) => setImmediate(r));
    }
    stop();
    expect(ticks).toBeGreaterThan(0);
    await expect.poll(() => frames - before, { timeout: 20_000 }).toBe(ticks);
    const backlog = b.broker.feed.backlog!();
    expect(backlog.dropped).toBeGreaterThan(droppedBefore);
    // Bounded on their own connections: the shared bound, which would have dropped this subscriber's ticks too, was never reached.
    expect(backlog.droppedForEveryone).toBe(0);
  });
});
