import { spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import path from "node:path";
import { startCluster, type Cluster } from "./mosquitto/cluster.js";
import { mosquittoInstalled, MOSQUITTO_BIN } from "./mosquitto/process.js";

/**
 * `npm run start:cluster` (after the build): the feed past one machine on this one (issue 36).
 * One core Mosquitto the paper broker publishes to, FEED_EDGES edge Mosquittos (default 2) each
 * bridged to it (`topic prod/# in 0`) with dynamic security and no anonymous connects, and the
 * paper broker driving every edge's dynamic security and spreading the app over the edges
 * (GET /core/feed/config). All on 127.0.0.1 on free ports; everything stops together: a signal
 * stops all, and when any one process exits the others are stopped.
 */
const edgeCount = Number(process.env.FEED_EDGES ?? 2);
if (!Number.isInteger(edgeCount) || edgeCount < 1 || edgeCount > 32) {
  console.error(`\n  FEED_EDGES must be a whole number from 1 to 32, not "${process.env.FEED_EDGES}"\n`);
  process.exit(1);
}
const dataDir = path.resolve(process.env.DATA_DIR ?? "data");
// One admin password for the run (every member's dynamic security), never sent to the app.
const adminPassword = process.env.MQTT_ADMIN_PASSWORD || crypto.randomBytes(24).toString("base64url");

if (!mosquittoInstalled()) {
  console.error(`\n  Mosquitto is not installed (${MOSQUITTO_BIN}): apt-get install -y mosquitto\n`);
  process.exit(1);
}

// Set once started; a signal may arrive before.
const started: { cluster?: Cluster; broker?: ChildProcess } = {};
let stopping = false;
const alive = (c: ChildProcess | undefined) => c !== undefined && c.exitCode === null && c.signalCode === null;

async function stop(code: number): Promise<void> {
  if (stopping) return;
  stopping = true;
  // The paper broker first, so that it closes its connections to the Mosquittos cleanly.
  const broker = started.broker;
  if (broker && alive(broker)) {
    broker.kill("SIGTERM");
    await new Promise((r) => broker.once("exit", r));
  }
  await started.cluster?.stop();
  process.exit(code);
}
process.on("SIGINT", () => void stop(0));
process.on("SIGTERM", () => void stop(0));
process.on("SIGHUP", () => void stop(0));

const cluster = await startCluster({ dir: path.join(dataDir, "cluster"), edges: edgeCount, adminPassword, stdio: "inherit" }).catch((err: Error) => {
  console.error(`\n  The Mosquitto cluster did not start: ${err.message}\n`);
  process.exit(1);
});
started.cluster = cluster;
if (stopping) await stop(0);
for (const member of [cluster.core, ...cluster.edges]) {
  member.process.child.on("exit", (code, signal) => {
    if (!stopping) console.error(`\n  Mosquitto ${member.name} exited (${code ?? signal}): stopping the cluster and the paper broker.`);
    void stop(code ?? 1);
  });
}
console.log(`\n  Core Mosquitto on ${cluster.core.process.url}`);
for (const e of cluster.edges) console.log(`  ${e.name}: ${e.process.wsUrl} for the app, ${e.process.url} for dynamic security, bridged to the core`);
console.log(`  (configuration and dynamic security in ${path.join(dataDir, "cluster")})`);

const broker = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
  stdio: "inherit",
  env: { ...process.env, DATA_DIR: dataDir, ...cluster.brokerEnv },
});
started.broker = broker;
broker.on("exit", (code) => void stop(code ?? 1));
