import net from "node:net";
import { Aedes } from "aedes";
import mqtt from "mqtt";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decodeFrame, type MarketSnapshotFrame } from "../../../src/core/frameCodec.js";
import { indexTopic, orderTopic } from "../../../src/core/topics.js";
import { startBroker, type TestBroker } from "../harness.js";

/** MQTT_URL: the paper broker publishes to an external MQTT broker (here a second Aedes on TCP). */
describe("feed to an external broker (MQTT_URL)", () => {
  let external: Aedes;
  let server: net.Server;
  let b: TestBroker;
  let url: string;

  beforeAll(async () => {
    external = await Aedes.createBroker();
    server = net.createServer(external.handle);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const addr = server.address() as net.AddressInfo;
    url = `mqtt://127.0.0.1:${addr.port}`;
    b = await startBroker({ SIM_TIME: "2026-11-23T04:30:00Z", TICK_HZ: "2", MQTT_URL: url });
  });
  afterAll(async () => {
    await b.stop();
    await new Promise<void>((resolve) => external.close(() => resolve()));
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it("publishes index frames and order updates there", async () => {
    const c = await mqtt.connectAsync(url, { reconnectPeriod: 0 });
    await c.subscribeAsync([indexTopic("NSEEQ", 26000), orderTopic("DEMO1")]);
    const frame = await new Promise<MarketSnapshotFrame>((resolve) =>
      c.on("message", (topic, payload) => {
        if (topic !== indexTopic("NSEEQ", 26000)) return;
        const f = decodeFrame(new Uint8Array(payload.buffer, payload.byteOffset, payload.byteLength));
        if (f?.kind === 1) resolve(f);
      }),
    );
    expect(frame.token).toBe(26000);
    expect(frame.lastRate / frame.priceDivisor).toBeGreaterThan(1000);
    const update = new Promise<string>((resolve) => c.on("message", (t, p) => t === orderTopic("DEMO1") && resolve(p.toString())));
    b.broker.feed.publishOrderUpdate("DEMO1", { orderStatus: "complete" });
    expect(JSON.parse(await update)).toEqual({ orderStatus: "complete" });
    await c.endAsync(true);
  });
});
