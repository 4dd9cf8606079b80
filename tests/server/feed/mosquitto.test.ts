import mqtt, { type MqttClient } from "mqtt";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { marketTopic, orderTopic } from "../../../src/core/topics.js";
import { openDb } from "../../../server/db.js";
import { revokeSession } from "../../../server/sessions.js";
import { startBroker, type TestBroker } from "../harness.js";
import { closed, nextMessage, refusal, subscribed } from "../../support/mqttProbe.js";
import { mosquittoInstalled, startTestMosquitto, type TestMosquitto } from "../../support/mosquittoProcess.js";

/**
 * Issue 20: the external broker (Debian's Mosquitto with its dynamic-security plugin) enforces
 * the embedded broker's rules, driven by the paper broker: username the client code, password
 * the access token (DESIGN.md section 5); a client may subscribe to market topics and to its own
 * order topic only, and publish nothing; logout disables the credentials and closes the connection.
 */
const feedConfig = async (b: TestBroker, token: string) =>
  (await (await fetch(`${b.url}/core/feed/config`, { headers: { authorization: `Bearer ${token}` } })).json()) as { status: string; result: Array<{ url: string }> };

// 30 s to connect: a loaded machine is slow to answer (a ceiling, not a timing assertion).
const connect = (url: string, username?: string, password?: string): Promise<MqttClient> =>
  mqtt.connectAsync(url, { username, password, reconnectPeriod: 0, connectTimeout: 30_000, protocolVersion: 4 });

describe("GET /core/feed/config on the embedded broker", () => {
  it("answers the same-origin /feed", async () => {
    const b = await startBroker();
    try {
      expect((await feedConfig(b, await b.login("DEMO1"))).result).toEqual([{ url: "/feed", fallbacks: [] }]);
    } finally {
      await b.stop();
    }
  });
});

describe.skipIf(!mosquittoInstalled())("the feed on Mosquitto", () => {
  let m: TestMosquitto;
  let b: TestBroker;
  let ws: string;
  beforeAll(async () => {
    m = await startTestMosquitto();
    b = await startBroker(m.brokerEnv);
    ws = m.mosquitto.wsUrl;
  });
  afterAll(async () => {
    await b?.stop();
    await m?.stop();
  });

  it("tells the app the external WebSocket and refuses anonymous connects", async () => {
    const token = await b.login("DEMO1");
    expect(await feedConfig(b, token)).toMatchObject({ status: "Ok", result: [{ url: ws, fallbacks: [] }] });
    expect(await refusal(ws)).toBe(5);
    // A client code that asked for nothing has no credentials.
    expect(await refusal(ws, "DORMANT1", token)).toBe(5);
  });

  it("lets a client read market frames and its own order topic only", async () => {
    const t1 = await b.login("DEMO1");
    const t2 = await b.login("DEMO2");
    await feedConfig(b, t1);
    await feedConfig(b, t2);
    const demo1 = await connect(ws, "DEMO1", t1);
    const demo2 = await connect(ws, "DEMO2", t2);
    try {
      // SUBACK 128 (failure) for another client's order topic and for a wildcard over them; granted for its own and a market topic.
      expect(await subscribed(demo2, orderTopic("DEMO1"))).toBe(false);
      expect(await subscribed(demo2, "prod/updates/order/v1/+")).toBe(false);
      expect(await subscribed(demo2, "#")).toBe(false);
      expect(await subscribed(demo2, orderTopic("DEMO2"))).toBe(true);
      expect(await subscribed(demo2, marketTopic("mw", "NSEEQ", 2885))).toBe(true);
      await demo1.subscribeAsync(orderTopic("DEMO1"));
      const demo2Updates: string[] = [];
      demo2.on("message", (t) => t.startsWith("prod/updates/") && demo2Updates.push(t));
      // A client's publish is dropped: the other client never receives it.
      await demo1.publishAsync(orderTopic("DEMO2"), "forged");
      // Each update is waited for as it arrives (no clock: a loaded machine is slow, not wrong).
      const toDemo1 = nextMessage(demo1, orderTopic("DEMO1"));
      b.broker.feed.publishOrderUpdate("DEMO1", { orderNo: "T1" });
      expect(await toDemo1).toBe(JSON.stringify({ orderNo: "T1" }));
      const toDemo2 = nextMessage(demo2, orderTopic("DEMO2"));
      b.broker.feed.publishOrderUpdate("DEMO2", { orderNo: "T2" });
      expect(await toDemo2).toBe(JSON.stringify({ orderNo: "T2" }));
      expect(demo2Updates).toEqual([orderTopic("DEMO2")]);
    } finally {
      await demo1.endAsync(true);
      await demo2.endAsync(true);
    }
    // A generous ceiling for a loaded machine, not a timing assertion: the waits above are for events.
  }, 180_000);

  it("answers a subscription with the topic's last frame (retained), and a subscription made again with it again", async () => {
    const token = await b.login("DEMO1");
    await feedConfig(b, token);
    const c = await connect(ws, "DEMO1", token);
    try {
      const infy = b.broker.market.bySymbol("NSEEQ", "INFY-EQ")!;
      const topic = marketTopic("mw", infy.exchange, infy.token);
      // The broker publishes INFY's frames from its start (external.ts: every cash share); Mosquitto keeps the last.
      const firstFrame = () =>
        new Promise<boolean>((resolve) => {
          const on = (t: string, _p: Buffer, packet: { retain: boolean }) => {
            if (t !== topic) return;
            c.off("message", on);
            resolve(packet.retain);
          };
          c.on("message", on);
        });
      // A frame of INFY's, kept or live (a broker just started may not have published INFY yet).
      const any = firstFrame();
      expect(await subscribed(c, topic)).toBe(true);
      await any;
      // Subscribed again (the app's depth asked for after the last tick): the frame Mosquitto kept comes
      // again, its retain flag set (a live tick may come first: this client holds the topic already).
      const keptAgain = new Promise<void>((resolve) => {
        const on = (t: string, _p: Buffer, packet: { retain: boolean }) => {
          if (t !== topic || !packet.retain) return;
          c.off("message", on);
          resolve();
        };
        c.on("message", on);
      });
      expect(await subscribed(c, topic)).toBe(true);
      await keptAgain;
      // And a new subscriber's first frame is the kept one too: a price in a market that does not tick.
      const other = await connect(ws, "DEMO1", token);
      try {
        const on = new Promise<boolean>((resolve) => other.on("message", (t, _p, packet) => t === topic && resolve(packet.retain)));
        expect(await subscribed(other, topic)).toBe(true);
        expect(await on).toBe(true);
      } finally {
        await other.endAsync(true);
      }
      // An order update is news once: not kept for a later subscriber. R1 is seen delivered (to c) before
      // the later one subscribes: a publish still on its way to Mosquitto would reach it live, kept or not.
      expect(await subscribed(c, orderTopic("DEMO1"))).toBe(true);
      const delivered = nextMessage(c, orderTopic("DEMO1"));
      b.broker.feed.publishOrderUpdate("DEMO1", { orderNo: "R1" });
      expect(await delivered).toBe(JSON.stringify({ orderNo: "R1" }));
      const late = await connect(ws, "DEMO1", token);
      try {
        const got: string[] = [];
        late.on("message", (t) => got.push(t));
        expect(await subscribed(late, orderTopic("DEMO1"))).toBe(true);
        const marker = nextMessage(late, orderTopic("DEMO1"));
        b.broker.feed.publishOrderUpdate("DEMO1", { orderNo: "R2" });
        expect(await marker).toBe(JSON.stringify({ orderNo: "R2" }));
        expect(got).toEqual([orderTopic("DEMO1")]);
      } finally {
        await late.endAsync(true);
      }
    } finally {
      await c.endAsync(true);
    }
  }, 180_000);

  it("closes the live connection at logout and refuses the old password", async () => {
    const token = await b.login("DEMO1");
    await feedConfig(b, token);
    const c = await connect(ws, "DEMO1", token);
    const gone = closed(c);
    // Logout is the revocation of the session (server/auth/session.ts), as a password reset is. The
    // close is waited for as an event (the 250 ms promise is cluster.test.ts's and the sweep's, not a clock here).
    revokeSession(b.broker.db, token);
    await gone;
    await c.endAsync(true);
    expect(await refusal(ws, "DEMO1", token)).toBe(5);
    // A new login gives the client code its feed again.
    const next = await b.login("DEMO1");
    await feedConfig(b, next);
    expect(await refusal(ws, "DEMO1", next)).toBe("connected");
  }, 180_000);

  it("after a restart of the paper broker keeps the feed of a live session and disables one that ended meanwhile", async () => {
    const live = await b.login("DEMO2");
    const ended = await b.login("DEMO1");
    await feedConfig(b, live);
    await feedConfig(b, ended);
    const kept = await connect(ws, "DEMO2", live);
    let keptClosed = false;
    kept.on("close", () => (keptClosed = true));
    const dataDir = b.dataDir;
    await b.stop(true);
    // DEMO1's session ends while the paper broker is down (as a password reset on another broker would).
    const db = openDb(dataDir);
    db.prepare("UPDATE sessions SET revoked = 1 WHERE access_token = ?").run(ended);
    db.close();
    b = await startBroker(m.brokerEnv, dataDir);
    expect(await refusal(ws, "DEMO1", ended)).toBe(5);
    expect(await refusal(ws, "DEMO2", live)).toBe("connected");
    expect(keptClosed).toBe(false);
    await kept.endAsync(true);
    // Two broker starts in one test (each builds the master and the market): the file's 60 s ceiling is one start's.
  }, 180_000);
});
