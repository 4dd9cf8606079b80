import mqttPacket from "mqtt-packet";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { mwTopic } from "../../../src/core/topics.js";
import { decodeFrame } from "../../../src/core/frameCodec.js";
import { startBroker, type TestBroker } from "../harness.js";

/**
 * A subscription is answered with the topic's frame as it stands, to the subscriber alone; a topic
 * subscribed again is answered again (the app asks so for a depth it wants after the instrument's
 * last frame: in a market that does not tick, the book would otherwise wait for the next trade).
 */
describe("the frame a subscription is answered with", () => {
  let b: TestBroker;
  const sockets: WebSocket[] = [];

  beforeAll(async () => {
    b = await startBroker({ SIM_TIME: "2026-11-23T04:30:00Z", TICK_HZ: "0" });
  });
  afterAll(async () => {
    for (const ws of sockets) ws.close();
    await b.stop();
  });

  async function client(name: string) {
    const token = await b.login("DEMO1");
    const ws = new WebSocket(`${b.url.replace("http", "ws")}/feed`, "mqtt");
    sockets.push(ws);
    await new Promise((resolve, reject) => {
      ws.once("open", resolve);
      ws.once("error", reject);
    });
    const parser = mqttPacket.parser({ protocolVersion: 4 });
    const publishes: Buffer[] = [];
    const acks: string[] = [];
    parser.on("packet", (p) => {
      if (p.cmd === "publish") publishes.push(p.payload as Buffer);
      else acks.push(p.cmd);
    });
    ws.on("message", (data: Buffer) => parser.parse(data));
    ws.send(mqttPacket.generate({ cmd: "connect", protocolId: "MQTT", protocolVersion: 4, clean: true, clientId: `DEMO1-${name}-${Date.now()}`, keepalive: 60, username: "DEMO1", password: Buffer.from(token) }));
    await expect.poll(() => acks, { timeout: 20_000 }).toContain("connack");
    let id = 0;
    const subscribe = (topic: string) => ws.send(mqttPacket.generate({ cmd: "subscribe", messageId: ++id, subscriptions: [{ topic, qos: 0 }] }));
    return { publishes, acks, subscribe };
  }

  it("sends each subscriber its own first frame, and a topic subscribed again its frame again, with the book", async () => {
    const infy = b.broker.market.instruments().find((i) => i.exchange === "NSEEQ" && i.symbol === "INFY")!;
    const topic = mwTopic(infy.exchange, infy.token);
    const a = await client("a");
    const other = await client("b");
    a.subscribe(topic);
    await expect.poll(() => a.publishes.length, { timeout: 20_000 }).toBe(1);
    other.subscribe(topic);
    await expect.poll(() => other.publishes.length, { timeout: 20_000 }).toBe(1);
    // A subscribes again: its SUBACK and one frame more, the same seq (the market stands), with the market's book.
    a.subscribe(topic);
    await expect.poll(() => a.acks.filter((c) => c === "suback").length, { timeout: 20_000 }).toBe(2);
    await expect.poll(() => a.publishes.length, { timeout: 20_000 }).toBe(2);
    const [first, again] = a.publishes.map((p) => decodeFrame(new Uint8Array(p)));
    expect(again).toMatchObject({ kind: 1, token: infy.token });
    expect((again as { seq: number }).seq).toBe((first as { seq: number }).seq);
    const book = b.broker.market.quote(infy.exchange, infy.token)!;
    expect(book.bids.length).toBeGreaterThan(0);
    expect((again as { bids: Array<{ price: number }> }).bids[0]!.price).toBe(Math.round(book.bids[0]!.price * 100));
    // The other subscriber got nothing of A's subscriptions: its next frame is the one it asks for
    // now, after A's was sent (a frame for it of A's asking would have gone out before this one).
    const tcs = b.broker.market.instruments().find((i) => i.exchange === "NSEEQ" && i.symbol === "TCS")!;
    other.subscribe(mwTopic(tcs.exchange, tcs.token));
    await expect.poll(() => other.publishes.length, { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
    expect(other.publishes.map((p) => (decodeFrame(new Uint8Array(p)) as { token: number }).token)).toEqual([infy.token, tcs.token]);
  });
});
