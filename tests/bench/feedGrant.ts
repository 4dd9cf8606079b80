import mqtt from "mqtt";
import { revokeSession } from "../../server/sessions.js";
import { startBroker } from "../server/harness.js";
import { startTestCluster } from "../support/mosquittoProcess.js";
import { closed, refusal } from "../support/mqttProbe.js";
import { fmt, sleep, stats } from "./util.js";

/**
 * Issue 36: "A login is granted, a logout or expiry disabled, within 250 ms on all of them" (every
 * edge of the cluster). A core and two edges as npm run start:cluster runs them, the paper broker
 * driving dynamic security on both (TICK_HZ 1, the market crossing the bridges meanwhile). Twenty
 * times: a session is made (POST /dev/session) and its feed asked for (GET /core/feed/config),
 * and each edge is tried until it lets the session in: the grant is the time from the session's
 * making to the last edge's CONNACK. Then, connected on both edges, the session is revoked in the
 * broker's store, as a logout or an expiry leaves it: the disable is the time to the last edge
 * closing its connection. Printed, never judged.
 */
export const onlyWhenNamed = true;

const ROUNDS = 20;

export async function run(): Promise<void> {
  const cluster = await startTestCluster(2);
  const b = await startBroker({ ...cluster.brokerEnv, TICK_HZ: "1" });
  const edges = cluster.edges.map((e) => e.process.wsUrl);
  const grants: number[] = [];
  const disables: number[] = [];
  try {
    for (let i = 0; i < ROUNDS; i++) {
      const t0 = performance.now();
      const token = await b.login(i % 2 ? "DEMO2" : "DEMO1");
      const user = i % 2 ? "DEMO2" : "DEMO1";
      await fetch(`${b.url}/core/feed/config`, { headers: { authorization: `Bearer ${token}` } });
      const admitted = await Promise.all(
        edges.map(async (ws) => {
          while ((await refusal(ws, user, token)) !== "connected") await sleep(5);
          return performance.now() - t0;
        }),
      );
      grants.push(Math.max(...admitted));
      const conns = await Promise.all(edges.map((ws) => mqtt.connectAsync(ws, { username: user, password: token, reconnectPeriod: 0, protocolVersion: 4 })));
      const t1 = performance.now();
      revokeSession(b.broker.db, token);
      const gone = await Promise.all(conns.map(async (c) => (await closed(c), performance.now() - t1)));
      disables.push(Math.max(...gone));
      for (const c of conns) await c.endAsync(true);
    }
  } finally {
    await b.stop();
    await cluster.stop();
  }
  const g = stats(grants);
  const d = stats(disables);
  console.log(`  ${ROUNDS} sessions on a core and 2 edges: granted on both edges p50 ${fmt(g.median, 0)} ms, max ${fmt(g.max, 0)} ms (from the session's making, its feed config call included); disabled on both (connections closed) p50 ${fmt(d.median, 0)} ms, max ${fmt(d.max, 0)} ms (target 250 ms)`);
}
