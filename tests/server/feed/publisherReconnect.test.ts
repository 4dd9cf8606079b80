import net from "node:net";
import mqtt, { type MqttClient } from "mqtt";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mwTopic, orderTopic } from "../../../src/core/topics.js";
import { sendsNow } from "../../../server/feed/external.js";
import { startBroker, type TestBroker } from "../harness.js";
import { nextMessage } from "../../support/mqttProbe.js";
import { freePort } from "../../support/brokerProcess.js";
import { mosquittoInstalled, startTestMosquitto, type TestMosquitto } from "../../support/mosquittoProcess.js";

/**
 * Issue 36: the paper broker's publishing connection to the core (server/feed/external.ts) loses
 * its TCP connection and comes back by itself (reconnectPeriod), and an order update published
 * while it is away (QoS 1, kept in mqtt.js's outgoing store) reaches the client after the
 * reconnect: a lost order update is a trader who never hears of a fill. Prices resume too.
 *
 * The publisher reaches Mosquitto through a TCP proxy in this file that can cut the publisher's
 * connection (told apart by its client id in CONNECT) and refuse its reconnects; the dynamic-security
 * admin connection and the subscriber go straight through, so only the publisher is cut.
 */
/** The market-watch topics' prefix, as marketTopic("mw", ...) spells them. */
const MW = "prod/marketfeed/mw/v1/";
const nextPrice = (c: MqttClient): Promise<void> =>
  new Promise((resolve) => {
    const on = (t: string) => {
      if (!t.startsWith(MW)) return;
      c.off("message", on);
      resolve();
    };
    c.on("message", on);
  });

const PUBLISHER_ID = Buffer.from("tape-paper-broker-");

class PublisherCutter {
  refusing = false;
  private readonly publisherSockets = new Set<net.Socket>();
  private refusedWaiters: Array<() => void> = [];
  readonly server: net.Server;

  constructor(private readonly upstreamPort: number) {
    this.server = net.createServer((client) => {
      client.once("data", (first: Buffer) => {
        const isPublisher = first.includes(PUBLISHER_ID);
        if (isPublisher && this.refusing) {
          client.destroy();
          for (const w of this.refusedWaiters.splice(0)) w();
          return;
        }
        const upstream = net.connect(this.upstreamPort, "127.0.0.1");
        if (isPublisher) {
          this.publisherSockets.add(client);
          client.on("close", () => this.publisherSockets.delete(client));
        }
        upstream.write(first);
        client.pipe(upstream).pipe(client);
        const end = () => {
          client.destroy();
          upstream.destroy();
        };
        client.on("error", end).on("close", end);
        upstream.on("error", end).on("close", end);
      });
      client.on("error", () => client.destroy());
    });
  }

  /** Cuts the publisher's live connection and refuses its reconnects until `allow()`. */
  cut(): void {
    this.refusing = true;
    for (const s of this.publisherSockets) s.destroy();
  }

  allow(): void {
    this.refusing = false;
  }

  /** Resolves at the publisher's next refused reconnect: it knows it is away. */
  nextRefusal(): Promise<void> {
    return new Promise((resolve) => this.refusedWaiters.push(resolve));
  }
}

describe.skipIf(!mosquittoInstalled())("the paper broker's publisher across a dropped connection to Mosquitto", () => {
  let m: TestMosquitto;
  let b: TestBroker;
  let cutter: PublisherCutter;
  let c: MqttClient | undefined;
  beforeAll(async () => {
    m = await startTestMosquitto();
    cutter = new PublisherCutter(Number(new URL(m.mosquitto.url).port));
    const port = await freePort();
    await new Promise<void>((resolve) => cutter.server.listen(port, "127.0.0.1", resolve));
    b = await startBroker({ ...m.brokerEnv, MQTT_URL: `mqtt://127.0.0.1:${port}`, TICK_HZ: "1" });
  }, 90_000);
  afterAll(async () => {
    await c?.endAsync(true);
    await b?.stop();
    cutter?.server.close();
    await m?.stop();
  });

  it("spells the market-watch prefix as the topics do", () => {
    expect(mwTopic("NSEEQ", 2885).startsWith(MW)).toBe(true);
  });

  it("delivers an order update published while the publisher was cut off once it is back, and prices resume", async () => {
    const token = await b.login("DEMO1");
    await fetch(`${b.url}/core/feed/config`, { headers: { authorization: `Bearer ${token}` } });
    c = await mqtt.connectAsync(m.mosquitto.wsUrl, { username: "DEMO1", password: token, reconnectPeriod: 0, connectTimeout: 30_000, protocolVersion: 4 });
    // Every share's market watch (the ACL's pattern): one share alone ticks rarely on a loaded machine.
    await c.subscribeAsync([orderTopic("DEMO1"), `${MW}+/+`], { qos: 1 });
    // A price through the proxy: the publisher is connected.
    await nextPrice(c);

    cutter.cut();
    await cutter.nextRefusal();
    const updates: string[] = [];
    c.on("message", (t, p) => t === orderTopic("DEMO1") && updates.push(p.toString()));
    const gap = nextMessage(c, orderTopic("DEMO1"));
    b.broker.feed.publishOrderUpdate("DEMO1", { orderNo: "GAP1" });
    // Refused once more after the publish: the update was made while the publisher was away.
    await cutter.nextRefusal();
    cutter.allow();

    expect(await gap).toBe(JSON.stringify({ orderNo: "GAP1" }));
    await nextPrice(c);
    // Once, not twice: the store sends it again only until the broker's PUBACK.
    b.broker.feed.publishOrderUpdate("DEMO1", { orderNo: "AFTER" });
    await nextMessage(c, orderTopic("DEMO1"));
    expect(updates).toEqual([JSON.stringify({ orderNo: "GAP1" }), JSON.stringify({ orderNo: "AFTER" })]);
    // A ceiling for a loaded machine, not a timing assertion: every wait above is for an event.
  }, 120_000);
});

describe("which publishes go to the external broker now", () => {
  // The rule (server/feed/external.ts): an order update always; a market frame only when connected
  // and with at most 256 KiB (262,144 bytes) waiting in the socket.
  it("always sends an order update, offline or backed up", () => {
    expect(sendsNow({ isOrderUpdate: true, connected: false, bufferedBytes: 0 })).toBe(true);
    expect(sendsNow({ isOrderUpdate: true, connected: true, bufferedBytes: 10_000_000 })).toBe(true);
  });
  it("drops a market frame while offline or while more than 256 KiB wait in the socket", () => {
    expect(sendsNow({ isOrderUpdate: false, connected: false, bufferedBytes: 0 })).toBe(false);
    expect(sendsNow({ isOrderUpdate: false, connected: true, bufferedBytes: 262_145 })).toBe(false);
    expect(sendsNow({ isOrderUpdate: false, connected: true, bufferedBytes: 262_144 })).toBe(true);
    expect(sendsNow({ isOrderUpdate: false, connected: true, bufferedBytes: 0 })).toBe(true);
  });
});
