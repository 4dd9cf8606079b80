import mqtt, { type MqttClient } from "mqtt";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decodeFrame, type FeedFrame, type MarketSnapshotFrame, type PriceInfoFrame } from "../../../src/core/frameCodec.js";
import { mwTopic, oiTopic, orderTopic, piTopic, indexTopic } from "../../../src/core/topics.js";
import { isOnTick } from "../../../src/core/rules/tick.js";
import { startBroker, type TestBroker } from "../harness.js";

/** Live-feed conformance over a real WebSocket with the mqtt client (DESIGN.md section 5). */
describe("feed over WebSocket", () => {
  let b: TestBroker;
  let token1: string;
  const clients: MqttClient[] = [];
  const wsUrl = () => `${b.url.replace("http", "ws")}/feed`;
  const connect = async (username: string, password: string) => {
    const c = await mqtt.connectAsync(wsUrl(), { username, password, clean: true, protocolVersion: 4, reconnectPeriod: 0, connectTimeout: 5000, clientId: `${username}-test-${Date.now()}` });
    clients.push(c);
    return c;
  };

  beforeAll(async () => {
    b = await startBroker({ SIM_TIME: "2026-11-23T04:30:00Z", TICK_HZ: "20" });
    token1 = await b.login("DEMO1");
  });
  afterAll(async () => {
    for (const c of clients) await c.endAsync(true);
    await b.stop();
  });

  it("sends 196/24/28-byte frames with prices on tick, inside circuits and bids below asks", async () => {
    const market = b.broker.market;
    const infy = market.bySymbol("NSEEQ", "INFY")!;
    const fut = market.bySymbol("NSEFO", "NIFTY26DECFUT")!;
    const c = await connect("DEMO1", token1);
    const frames: Array<{ topic: string; bytes: number; frame: FeedFrame | null }> = [];
    c.on("message", (topic, payload) => frames.push({ topic, bytes: payload.byteLength, frame: decodeFrame(new Uint8Array(payload.buffer, payload.byteOffset, payload.byteLength)) }));
    await c.subscribeAsync([mwTopic("NSEEQ", infy.token), piTopic("NSEEQ", infy.token), mwTopic("NSEFO", fut.token), oiTopic("NSEFO", fut.token), indexTopic("NSEEQ", 26000)]);
    await new Promise<void>((resolve) => {
      const check = () => (frames.filter((f) => f.frame?.kind === 1 && f.frame.token === infy.token).length >= 5 && frames.some((f) => f.frame?.kind === 2) && frames.some((f) => f.frame?.kind === 3) ? resolve() : setTimeout(check, 50));
      check();
    });
    for (const f of frames) {
      expect(f.frame).not.toBeNull();
      expect(f.bytes).toBe({ 1: 196, 2: 24, 3: 28 }[f.frame!.kind]);
    }
    const pi = frames.find((f) => f.frame?.kind === 3)!.frame as PriceInfoFrame;
    for (const f of frames) {
      if (f.frame?.kind !== 1 || f.topic.includes("/index/")) continue;
      const s = f.frame as MarketSnapshotFrame;
      const inst = market.instrument(s.exchange, s.token)!;
      const tickInt = Math.round(inst.tickSize * s.priceDivisor);
      expect(s.lastRate % tickInt).toBe(0);
      expect(isOnTick(s.lastRate / s.priceDivisor, inst.tickSize)).toBe(true);
      if (s.token === infy.token) {
        expect(s.lastRate).toBeLessThanOrEqual(pi.upperCircuitLimit);
        expect(s.lastRate).toBeGreaterThanOrEqual(pi.lowerCircuitLimit);
      }
      if (s.bids[0]!.quantity > 0 && s.asks[0]!.quantity > 0) expect(s.bids[0]!.price).toBeLessThan(s.asks[0]!.price);
      expect(s.bidRate).toBe(s.bids[0]!.price);
    }
    const seqs = frames.filter((f) => f.frame?.kind === 1 && f.frame.token === infy.token).map((f) => (f.frame as MarketSnapshotFrame).seq);
    for (let i = 1; i < seqs.length; i++) expect(seqs[i]!).toBeGreaterThanOrEqual(seqs[i - 1]!);
  });

  it("lets a client read its own order topic and refuses another user's", async () => {
    const token2 = await b.login("DEMO2");
    const own = await connect("DEMO1", token1);
    const other = await connect("DEMO2", token2);
    // The broker grants 0x80 (failure) in the SUBACK; mqtt.js reports it as a subscribe error.
    await expect(other.subscribeAsync(orderTopic("DEMO1"))).rejects.toThrow(/Subscribe error/);
    await expect(other.subscribeAsync("prod/updates/order/v1/#")).rejects.toThrow(/Subscribe error/);
    await expect(other.subscribeAsync("#")).rejects.toThrow(/Subscribe error/);
    const mine = await own.subscribeAsync(orderTopic("DEMO1"));
    expect(mine[0]!.qos).toBe(0);
    const leaked: string[] = [];
    other.on("message", (t) => leaked.push(t));
    const got = new Promise<string>((resolve) => own.on("message", (t, p) => t === orderTopic("DEMO1") && resolve(p.toString("utf8"))));
    b.broker.feed.publishOrderUpdate("DEMO1", { brokerOrderId: "X1", orderStatus: "open" });
    expect(JSON.parse(await got)).toEqual({ brokerOrderId: "X1", orderStatus: "open" });
    expect(leaked).toEqual([]);
  });

  it("refuses a bad token and a token of another user", async () => {
    await expect(mqtt.connectAsync(wsUrl(), { username: "DEMO1", password: "not-a-token", reconnectPeriod: 0, connectTimeout: 5000 })).rejects.toThrow();
    const token2 = await b.login("DEMO2");
    await expect(mqtt.connectAsync(wsUrl(), { username: "DEMO1", password: token2, reconnectPeriod: 0, connectTimeout: 5000 })).rejects.toThrow();
  });
});
