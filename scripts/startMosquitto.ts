import { spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import path from "node:path";
import { DYNSEC_ADMIN_USER, mosquittoInstalled, MOSQUITTO_BIN, startMosquitto } from "./mosquitto/process.js";

/**
 * `npm run start:mosquitto` (after the build): Debian's Mosquitto from the repo's template, with
 * its WebSocket listener and dynamic security, and the paper broker publishing the feed to it
 * (MQTT_URL) and managing who may connect and subscribe there. Both stop together: a signal
 * stops both, and when one exits the other is stopped.
 */
const port = Number(process.env.MQTT_PORT ?? 1883);
const wsPort = Number(process.env.MQTT_WS_PORT ?? 9001);
const dataDir = path.resolve(process.env.DATA_DIR ?? "data");
// The admin password drives dynamic security only; made for this run unless given, and never sent to the app.
const adminPassword = process.env.MQTT_ADMIN_PASSWORD || crypto.randomBytes(24).toString("base64url");

if (!mosquittoInstalled()) {
  console.error(`\n  Mosquitto is not installed (${MOSQUITTO_BIN}): apt-get install -y mosquitto\n`);
  process.exit(1);
}

const mosquitto = await startMosquitto({ dir: path.join(dataDir, "mosquitto"), port, wsPort, adminPassword }, "inherit").catch((err: Error) => {
  console.error(`\n  Mosquitto did not start: ${err.message}\n`);
  process.exit(1);
});
console.log(`\n  Mosquitto on ${mosquitto.url} and ${mosquitto.wsUrl} (dynamic security in ${path.join(dataDir, "mosquitto")})`);

const broker = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
  stdio: "inherit",
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    MQTT_URL: mosquitto.url,
    MQTT_ADMIN_USER: DYNSEC_ADMIN_USER,
    MQTT_ADMIN_PASSWORD: adminPassword,
    FEED_PUBLIC_URL: process.env.FEED_PUBLIC_URL || mosquitto.wsUrl,
  },
});

const alive = (c: ChildProcess) => c.exitCode === null && c.signalCode === null;
let stopping = false;
async function stop(code: number): Promise<void> {
  if (stopping) return;
  stopping = true;
  // The paper broker first, so that it closes its connections to Mosquitto cleanly.
  if (alive(broker)) {
    broker.kill("SIGTERM");
    await new Promise((r) => broker.once("exit", r));
  }
  await mosquitto.stop();
  process.exit(code);
}
process.on("SIGINT", () => void stop(0));
process.on("SIGTERM", () => void stop(0));
broker.on("exit", (code) => void stop(code ?? 1));
mosquitto.child.on("exit", (code) => {
  if (!stopping) console.error(`\n  Mosquitto exited (${code}): stopping the paper broker.`);
  void stop(code ?? 1);
});
