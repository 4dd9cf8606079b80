import mqtt, { type MqttClient } from "mqtt";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MARKET_TOPIC_KINDS, marketTopic, orderTopic } from "../../../src/core/topics.js";
import { revokeSession } from "../../../server/sessions.js";
import { startBroker, type TestBroker } from "../harness.js";
import { refusal, subscribed } from "../../support/mqttProbe.js";
import { startTestCluster } from "../../support/mosquittoProcess.js";

/**
 * Issue 36: the feed on a bridged Mosquitto cluster (one core, two edges), as npm run start:cluster
 * runs it. The per-user rules hold on every edge (anonymous refused, DEMO2 refused DEMO1's order
 * topic, each client's order updates reach it on whichever edge it is on); a logout closes the
 * session on whichever edge it was; an edge that was down is brought in line on its return; with
 * the core down the edges keep their clients, and prices resume when it is back. A missing
 * Mosquitto fails this file (startTestCluster throws): CI installs it.
 */
type Config = { status: string; result: Array<{ url: string; fallbacks: string[] }> };
const feedConfig = async (b: TestBroker, token: string) => (await (await fetch(`${b.url}/core/feed/config`, { headers: { authorization: `Bearer ${token}` } })).json()) as Config;

const clients: MqttClient[] = [];
async function connect(url: string, username?: string, password?: string): Promise<MqttClient> {
  const c = await mqtt.connectAsync(url, { username, password, reconnectPeriod: 0, connectTimeout: 20_000, protocolVersion: 4 });
  clients.push(c);
  return c;
}

const closedFlag = (c: MqttClient) => {
  const state = { closed: false };
  c.on("close", () => (state.closed = true));
  return state;
};

describe("the feed on a bridged Mosquitto cluster", () => {
  let cluster: Awaited<ReturnType<typeof startTestCluster>>;
  let b: TestBroker;
  let edges: string[];
  beforeAll(async () => {
    cluster = await startTestCluster(2);
    // One tick a second: the whole market crosses every bridge whoever subscribes, and the machine is shared.
    b = await startBroker({ ...cluster.brokerEnv, TICK_HZ: "1" });
    edges = cluster.edges.map((e) => e.process.wsUrl);
  }, 90_000);
  afterAll(async () => {
    for (const c of clients) await c.endAsync(true).catch(() => undefined);
    await b?.stop();
    await cluster?.stop();
  });

  it("tells the app one edge and the other as its fallback, spread by client code, and refuses anonymous connects on every edge", async () => {
    const one = await feedConfig(b, await b.login("DEMO1"));
    const two = await feedConfig(b, await b.login("DEMO2"));
    for (const answer of [one, two]) {
      expect(answer.status).toBe("Ok");
      // Both edges are named once: the client's own first, then where it fails over to.
      expect([answer.result[0]!.url, ...answer.result[0]!.fallbacks].sort()).toEqual([...edges].sort());
    }
    // The spread is by client code: asked again, DEMO1 gets the same edge.
    expect((await feedConfig(b, await b.login("DEMO1"))).result[0]!.url).toBe(one.result[0]!.url);
    for (const ws of edges) expect(await refusal(ws)).toBe(5);
  }, 120_000);

  it("refuses DEMO2 DEMO1's order topic on every edge, and delivers each client's order updates on whichever edge it is on", async () => {
    const t1 = await b.login("DEMO1");
    const t2 = await b.login("DEMO2");
    await feedConfig(b, t1);
    await feedConfig(b, t2);
    const seen = new Map<MqttClient, string[]>();
    const on = async (ws: string, user: string, token: string) => {
      const c = await connect(ws, user, token);
      seen.set(c, []);
      c.on("message", (topic, payload) => seen.get(c)!.push(`${topic} ${payload.toString()}`));
      return c;
    };
    const demo1 = await Promise.all(edges.map((ws) => on(ws, "DEMO1", t1)));
    const demo2 = await Promise.all(edges.map((ws) => on(ws, "DEMO2", t2)));
    for (const c of demo2) {
      expect(await subscribed(c, orderTopic("DEMO1"))).toBe(false);
      expect(await subscribed(c, "prod/updates/order/v1/+")).toBe(false);
      expect(await subscribed(c, "#")).toBe(false);
      expect(await subscribed(c, orderTopic("DEMO2"))).toBe(true);
      expect(await subscribed(c, marketTopic("mw", "NSEEQ", 2885))).toBe(true);
    }
    for (const c of demo1) expect(await subscribed(c, orderTopic("DEMO1"))).toBe(true);
    // Market frames on every connection first: the chain paper broker, core, bridge, edge is up.
    for (const c of [...demo1, ...demo2]) {
      await c.subscribeAsync("prod/marketfeed/index/v1/+/+");
      await expect.poll(() => seen.get(c)!.length, { timeout: 20_000 }).toBeGreaterThan(0);
    }
    const orders = (c: MqttClient) => seen.get(c)!.filter((m) => m.startsWith("prod/updates/"));
    b.broker.feed.publishOrderUpdate("DEMO1", { orderNo: "C1" });
    b.broker.feed.publishOrderUpdate("DEMO2", { orderNo: "C2" });
    // Published to the core, bridged to both edges: each client has its own on the edge it is on.
    for (const c of demo1) await expect.poll(() => orders(c), { timeout: 30_000 }).toEqual([`${orderTopic("DEMO1")} {"orderNo":"C1"}`]);
    for (const c of demo2) await expect.poll(() => orders(c), { timeout: 30_000 }).toEqual([`${orderTopic("DEMO2")} {"orderNo":"C2"}`]);
    // DEMO2's own update came after DEMO1's from one publisher: had DEMO1's reached DEMO2 it would be there by now.
    for (const c of demo1) expect(orders(c)).toEqual([`${orderTopic("DEMO1")} {"orderNo":"C1"}`]);
  }, 180_000);

  it("closes a logged-out session's connection on whichever edge it was on, and refuses its password on all", async () => {
    const token = await b.login("DEMO1");
    await feedConfig(b, token);
    const conns = await Promise.all(edges.map((ws) => connect(ws, "DEMO1", token)));
    const flags = conns.map(closedFlag);
    revokeSession(b.broker.db, token);
    for (const f of flags) await expect.poll(() => f.closed, { timeout: 5_000 }).toBe(true);
    for (const ws of edges) expect(await refusal(ws, "DEMO1", token)).toBe(5);
  }, 120_000);

  it("brings an edge that was down in line when it returns: the session that ended meanwhile is refused there, the one that began is let in", async () => {
    const edge = cluster.edges[1]!;
    const ws = edge.process.wsUrl;
    const old = await b.login("DEMO2");
    await feedConfig(b, old);
    expect(await refusal(ws, "DEMO2", old)).toBe("connected");
    edge.process.child.kill("SIGKILL");
    await edge.process.exited();
    // While it is down: DEMO2 logs out and logs in again; only the other edge hears of it.
    revokeSession(b.broker.db, old);
    const fresh = await b.login("DEMO2");
    const answer = await feedConfig(b, fresh);
    expect(answer.status).toBe("Ok");
    // The edge that is down is not the one a client is sent to first.
    await expect.poll(async () => (await feedConfig(b, await b.login("DEMO1"))).result[0]!.url, { timeout: 5_000 }).toBe(cluster.edges[0]!.process.wsUrl);
    await cluster.restart(edge);
    await expect.poll(() => refusal(ws, "DEMO2", fresh), { timeout: 10_000 }).toBe("connected");
    expect(await refusal(ws, "DEMO2", old)).toBe(5);
  }, 120_000);

  it("keeps the edges' clients while the core is down, and prices resume through the bridges when it returns", async () => {
    const token = await b.login("DEMO1");
    await feedConfig(b, token);
    const onEdges = await Promise.all(edges.map((ws) => connect(ws, "DEMO1", token)));
    const counts = onEdges.map(() => ({ frames: 0 }));
    const flags = onEdges.map(closedFlag);
    for (const [i, c] of onEdges.entries()) {
      c.on("message", () => counts[i]!.frames++);
      await c.subscribeAsync(MARKET_TOPIC_KINDS.map((kind) => `prod/marketfeed/${kind}/v1/+/+`));
    }
    for (const n of counts) await expect.poll(() => n.frames, { timeout: 15_000 }).toBeGreaterThan(0);
    cluster.core.process.child.kill("SIGKILL");
    await cluster.core.process.exited();
    // The bridges notice the core is gone (their keepalive) and the ticks stop arriving.
    const settle = async () => {
      const before = counts.map((n) => n.frames);
      await new Promise((r) => setTimeout(r, 1_500));
      return counts.map((n, i) => n.frames - before[i]!);
    };
    await expect.poll(settle, { timeout: 30_000, interval: 0 }).toEqual([0, 0]);
    expect(flags.map((f) => f.closed)).toEqual([false, false]);
    await cluster.restart(cluster.core);
    const resumedFrom = counts.map((n) => n.frames);
    for (const [i, n] of counts.entries()) await expect.poll(() => n.frames, { timeout: 20_000 }).toBeGreaterThan(resumedFrom[i]!);
    expect(flags.map((f) => f.closed)).toEqual([false, false]);
  }, 180_000);
});
