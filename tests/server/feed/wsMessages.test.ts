import mqttPacket from "mqtt-packet";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { mwTopic } from "../../../src/core/topics.js";
import { startBroker, type TestBroker } from "../harness.js";

/**
 * How the embedded feed puts MQTT on the WebSocket (issue 18, memory soak at 9,000 instruments):
 * aedes writes a packet in parts, and each part went out as a WebSocket message of its own, five
 * per market frame; a browser pays per message, and the app took under a tenth of the design load.
 * A tick's frames now go out in a few messages, each carrying whole packets.
 */
describe("embedded feed on the WebSocket", () => {
  let b: TestBroker;
  let ws: WebSocket | undefined;

  beforeAll(async () => {
    b = await startBroker({ SIM_TIME: "2026-11-23T04:30:00Z", TICK_HZ: "0" });
  });
  afterAll(async () => {
    ws?.close();
    await b.stop();
  });

  it("sends a tick's frames in fewer WebSocket messages than frames, every packet whole", async () => {
    const token = await b.login("DEMO1");
    const market = b.broker.market;
    const shares = market.instruments().filter((i) => i.exchange === "NSEEQ" && i.insType === "EQ").slice(0, 50);
    ws = new WebSocket(`${b.url.replace("http", "ws")}/feed`, "mqtt");
    await new Promise((resolve, reject) => {
      ws!.once("open", resolve);
      ws!.once("error", reject);
    });
    const parser = mqttPacket.parser({ protocolVersion: 4 });
    let messages = 0;
    const packets: string[] = [];
    parser.on("packet", (p) => packets.push(p.cmd));
    ws.on("message", (data: Buffer) => {
      messages++;
      parser.parse(data);
    });
    ws.send(mqttPacket.generate({ cmd: "connect", protocolId: "MQTT", protocolVersion: 4, clean: true, clientId: `DEMO1-ws-${Date.now()}`, keepalive: 60, username: "DEMO1", password: Buffer.from(token) }));
    await expect.poll(() => packets, { timeout: 20_000 }).toContain("connack");
    ws.send(mqttPacket.generate({ cmd: "subscribe", messageId: 1, subscriptions: shares.map((i) => ({ topic: mwTopic(i.exchange, i.token), qos: 0 as const })) }));
    // The SUBACK and each instrument's first frame.
    await expect.poll(() => packets.filter((c) => c === "publish").length, { timeout: 20_000 }).toBe(shares.length);

    const [messagesBefore, publishesBefore] = [messages, packets.filter((c) => c === "publish").length];
    const seq = () => shares.map((i) => market.quote(i.exchange, i.token)!.seq);
    const before = seq();
    market.step();
    // The frames this step sends: one per share that traded (its sequence moved), by the market's own count.
    const traded = seq().filter((n, k) => n !== before[k]).length;
    expect(traded).toBeGreaterThan(0);
    await expect.poll(() => packets.filter((c) => c === "publish").length - publishesBefore, { timeout: 20_000 }).toBe(traded);
    const frames = traded;
    const sent = messages - messagesBefore;
    // Five messages a frame before; the parser saw only whole packets (a part alone is no packet).
    expect(sent).toBeLessThan(frames);
    expect(packets.every((c) => ["connack", "suback", "publish"].includes(c))).toBe(true);
  });
});
