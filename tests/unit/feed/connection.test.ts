import { EventEmitter } from "node:events";
import type { IClientOptions, MqttClient } from "mqtt";
import { describe, expect, it } from "vitest";
import { connectFeed, feedClientOptions } from "../../../src/feed/connection";

class FakeClient extends EventEmitter {
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

describe("feed connection on a cluster (issue 36)", () => {
  function openOn(fallbacks: string[]) {
    const fake = new FakeClient();
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
      connect: (_url, o) => ((seen = o), fake as unknown as MqttClient),
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
});
