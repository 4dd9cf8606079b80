import { EventEmitter } from "node:events";
import type { IClientOptions, MqttClient } from "mqtt";
import { describe, expect, it } from "vitest";
import { connectFeed, feedClientOptions } from "../../../src/feed/connection";

class FakeClient extends EventEmitter {
  options: IClientOptions = {};
  subscribed: string[][] = [];
  unsubscribed: string[][] = [];
  subscribe(t: string | string[], _o: unknown, cb?: (e: Error | null) => void) {
    this.subscribed.push(Array.isArray(t) ? t : [t]);
    cb?.(null);
  }
  unsubscribe(t: string[], cb?: (e?: Error) => void) {
    this.unsubscribed.push(t);
    cb?.();
  }
  async endAsync() {}
}

function open() {
  const fake = new FakeClient();
  let seen: IClientOptions | undefined;
  const orders: unknown[] = [];
  const refused: number[] = [];
  const conn = connectFeed({
    url: "ws://x/feed",
    clientCode: "DEMO1",
    accessToken: "tok",
    onMarketFrame: () => {},
    onOrderUpdate: (u) => orders.push(u),
    onRefused: () => refused.push(1),
    connect: (_url, o) => ((seen = o), fake as unknown as MqttClient),
    now: () => 1700000000000,
    log: () => {},
  });
  return { fake, conn, options: () => seen, orders, refused };
}

describe("feed connection", () => {
  it("uses the spec's settings: clean session, keepalive 30 s, connect timeout 30 s, reconnect 2 s, protocol v4", () => {
    const o = feedClientOptions({ clientCode: "DEMO1", accessToken: "tok", now: () => 42 });
    expect(o).toMatchObject({ clean: true, keepalive: 30, connectTimeout: 30_000, reconnectPeriod: 2_000, protocolVersion: 4, username: "DEMO1", password: "tok" });
    expect(o.clientId).toBe("DEMO1_TAPEWEB_42");
  });

  it("on connect subscribes the user's order topic and the topics declared while offline", () => {
    const { fake, conn } = open();
    conn.subscriptions.setTopics("marketWatch", ["prod/marketfeed/mw/v1/NSEEQ/1244"]);
    expect(fake.subscribed).toEqual([]);
    fake.emit("connect");
    expect(fake.subscribed).toEqual([["prod/updates/order/v1/DEMO1"], ["prod/marketfeed/mw/v1/NSEEQ/1244"]]);
  });

  it("re-subscribes everything after a reconnect", () => {
    const { fake, conn } = open();
    fake.emit("connect");
    conn.subscriptions.setTopics("marketWatch", ["a", "b"]);
    fake.emit("close");
    expect(conn.isConnected()).toBe(false);
    fake.subscribed = [];
    fake.emit("connect");
    expect(fake.subscribed).toEqual([["prod/updates/order/v1/DEMO1"], ["a", "b"]]);
  });

  // mqtt.js stops reconnecting after a refused CONNACK unless told otherwise: a broker that refused
  // once (restarting, or behind an external broker still warming up) would leave the feed dead
  // until a reload, the light down for good.
  it("keeps reconnecting after a refused connect", () => {
    expect(feedClientOptions({ clientCode: "DEMO1", accessToken: "tok" }).reconnectOnConnackError).toBe(true);
  });

  it("a refusal of the credentials (CONNACK 4 or 5) ends the session like a 401; other errors do not", () => {
    const { fake, refused } = open();
    fake.emit("error", Object.assign(new Error("Connection refused: Server unavailable"), { code: 3 }));
    fake.emit("error", Object.assign(new Error("socket hang up"), { code: "ECONNRESET" }));
    expect(refused).toEqual([]);
    fake.emit("error", Object.assign(new Error("Connection refused: Bad username or password"), { code: 4 }));
    expect(refused).toEqual([1]);
  });

  it("hands order updates over as parsed JSON and survives a bad one", () => {
    const { fake, orders } = open();
    fake.emit("message", "prod/updates/order/v1/DEMO1", Buffer.from('{"orderStatus":"open"}'));
    fake.emit("message", "prod/updates/order/v1/DEMO1", Buffer.from("{oops"));
    expect(orders).toEqual([{ orderStatus: "open" }]);
  });
});

/** As mqtt.js does: its own close handler, added when the client is made, arms the reconnect timer with options.reconnectPeriod as it is then. */
class ReconnectingFake extends FakeClient {
  armed: number[] = [];
  constructor() {
    super();
    this.on("close", () => this.armed.push(this.options.reconnectPeriod!));
  }
}

describe("feed connection on a cluster (issue 36)", () => {
  function openOn(fallbacks: string[], random = () => 0.5) {
    const fake = new ReconnectingFake();
    let seen: IClientOptions | undefined;
    const refused: number[] = [];
    connectFeed({
      url: "ws://edge-1",
      fallbacks,
      clientCode: "DEMO1",
      accessToken: "tok",
      onMarketFrame: () => {},
      onOrderUpdate: () => {},
      onRefused: () => refused.push(1),
      connect: (_url, o) => ((seen = o), (fake.options = { ...o }), fake as unknown as MqttClient),
      random,
      log: () => {},
    });
    const next = () => seen!.transformWsUrl!("ws://edge-1:80/", seen!, fake as unknown as MqttClient);
    return { fake, next, refused };
  }

  it("reconnects to the next edge when its own drops, and back round the list", () => {
    const { fake, next } = openOn(["ws://edge-2"]);
    expect(next()).toBe("ws://edge-1");
    fake.emit("connect");
    fake.emit("close");
    expect(next()).toBe("ws://edge-2");
    fake.emit("close");
    expect(next()).toBe("ws://edge-1");
  });

  it("signs out only when both edges refused the credentials in a row", () => {
    const { fake, refused } = openOn(["ws://edge-2"]);
    const refuse = () => fake.emit("error", Object.assign(new Error("Connection refused: Not authorized"), { code: 5 }));
    refuse();
    expect(refused).toEqual([]);
    fake.emit("connect");
    refuse();
    expect(refused).toEqual([]);
    refuse();
    expect(refused).toEqual([1]);
  });

  // A dead edge's clients go to another edge at once, spread over 0-1 s, rather than all after
  // mqtt.js's fixed 2 s (the spec's reconnect period), which made failover take 6-8 s under load.
  it("reconnects to an untried edge after the spread (random × 1 s), and to a tried one after the 2 s period", () => {
    const { fake, next } = openOn(["ws://edge-2", "ws://edge-3"], () => 0.25);
    fake.emit("connect");
    fake.emit("close"); // edge-1 dropped: edge-2 untried since the connect
    expect(fake.armed).toEqual([250]);
    expect(next()).toBe("ws://edge-2");
    fake.emit("close"); // edge-2 failed: edge-3 untried
    expect(fake.armed).toEqual([250, 250]);
    fake.emit("close"); // edge-3 failed: back to edge-1, which dropped
    expect(fake.armed).toEqual([250, 250, 2_000]);
    expect(next()).toBe("ws://edge-1");
    fake.emit("connect");
    // Connected again: the wait after the next drop is armed already (mqtt.js arms a keep-alive timeout's reconnect before its close).
    expect(fake.options.reconnectPeriod).toBe(250);
  });
});
