import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { DYNSEC_ADMIN_USER, mosquittoInstalled, MOSQUITTO_BIN, startMosquitto, type MosquittoProcess } from "../../scripts/mosquitto/process.js";
import { startCluster, type Cluster } from "../../scripts/mosquitto/cluster.js";
import { freePort } from "./brokerProcess.js";

export { mosquittoInstalled };

/** Why a test of the external broker does not run on this machine (CI installs it: .ci/run). */
export const NO_MOSQUITTO = `${MOSQUITTO_BIN} is missing: install Debian's mosquitto (apt-get install -y mosquitto) to run the external-broker tests`;

export interface TestMosquitto {
  mosquitto: MosquittoProcess;
  adminPassword: string;
  /** What a paper broker needs to use it: MQTT_URL, the admin credentials and FEED_PUBLIC_URL. */
  brokerEnv: Record<string, string>;
  stop(): Promise<void>;
}

/** Debian's Mosquitto on free loopback ports with a fresh data folder, as npm run start:mosquitto runs it. */
export async function startTestMosquitto(): Promise<TestMosquitto> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tape-mosquitto-"));
  const adminPassword = crypto.randomBytes(18).toString("base64url");
  const mosquitto = await startMosquitto({ dir, port: await freePort(), wsPort: await freePort(), adminPassword });
  return {
    mosquitto,
    adminPassword,
    brokerEnv: { MQTT_URL: mosquitto.url, MQTT_ADMIN_USER: DYNSEC_ADMIN_USER, MQTT_ADMIN_PASSWORD: adminPassword, FEED_PUBLIC_URL: mosquitto.wsUrl },
    async stop() {
      await mosquitto.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A cluster (issue 36) on free loopback ports with a fresh folder, as npm run start:cluster runs
 * it. Unlike the one-Mosquitto tests, a missing Mosquitto fails here: .ci/run installs it.
 */
export async function startTestCluster(edges = 2): Promise<Cluster & { dir: string }> {
  if (!mosquittoInstalled()) throw new Error(NO_MOSQUITTO);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tape-cluster-"));
  const cluster = await startCluster({ dir, edges, adminPassword: crypto.randomBytes(18).toString("base64url") });
  const stop = cluster.stop;
  return Object.assign(cluster, {
    dir,
    async stop() {
      await stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  });
}
