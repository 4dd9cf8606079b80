import mqtt from "mqtt";
import { MARKET_TOPIC_KINDS, mwTopic } from "../../src/core/topics.js";
import { cashEquities } from "../../server/market/instruments/equities.js";
import { startBrokerProcess, type BrokerProcess } from "../support/brokerProcess.js";
import { mosquittoInstalled, NO_MOSQUITTO, startTestMosquitto, type TestMosquitto } from "../support/mosquittoProcess.js";
import { fmt } from "./util.js";

/**
 * Issue 20: market frames per second reaching one subscriber over the WebSocket the app uses,
 * through Mosquitto (MQTT_URL, dynamic security) against the embedded Aedes broker, in the same
 * run: same seed, same TICK_HZ, same topics (the market-watch topic of every cash share), one
 * broker pair at a time so that they do not share the two cores. With MQTT_URL the paper broker
 * publishes every share, index, near future and index derivative (about 2,900 instruments)
 * whoever subscribes, the embedded one only what is subscribed; the subscriber counts only its
 * own topics. A second subscriber on Mosquitto then takes every market topic by pattern: what the
 * paper broker managed to publish, so that a shortfall can be told apart from Mosquitto's.
 */
type Figures = { fps: number; frames: number; bytes: number };
/** The default TICK_HZ, and a five times faster market that loads the paper broker's publishing. */
const TICK_RATES = (process.env.BENCH_TICK_HZ ?? "2,10").split(",");
const WARM_MS = 3_000;
const MEASURE_MS = Number(process.env.BENCH_SECONDS ?? 10) * 1_000;

async function framesPerSecond(broker: BrokerProcess, topics: string[]): Promise<Figures> {
  const session = (await (await fetch(`${broker.url}/dev/session`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ userId: "DEMO1" }) })).json()) as {
    result: Array<{ accessToken: string }>;
  };
  const token = session.result[0]!.accessToken;
  const config = (await (await fetch(`${broker.url}/core/feed/config`, { headers: { authorization: `Bearer ${token}` } })).json()) as { result: Array<{ url: string }> };
  const configured = config.result[0]!.url;
  const url = configured.startsWith("/") ? `${broker.url.replace(/^http/, "ws")}${configured}` : configured;
  const client = await mqtt.connectAsync(url, { username: "DEMO1", password: token, protocolVersion: 4, reconnectPeriod: 0 });
  let frames = 0;
  let bytes = 0;
  let counting = false;
  client.on("message", (_t, payload) => {
    if (!counting) return;
    frames++;
    bytes += payload.byteLength;
  });
  await client.subscribeAsync(topics);
  await new Promise((r) => setTimeout(r, WARM_MS));
  counting = true;
  const t0 = performance.now();
  await new Promise((r) => setTimeout(r, MEASURE_MS));
  counting = false;
  const seconds = (performance.now() - t0) / 1000;
  await client.endAsync(true);
  return { fps: frames / seconds, frames, bytes };
}

export async function run(): Promise<void> {
  if (!mosquittoInstalled()) {
    console.log(`skipped: ${NO_MOSQUITTO}`);
    return;
  }
  const topics = cashEquities()
    .filter((i) => !i.isIndex)
    .map((i) => mwTopic(i.exchange, i.token));
  const everything = MARKET_TOPIC_KINDS.map((kind) => `prod/marketfeed/${kind}/v1/+/+`);
  console.log(`one subscriber over WebSocket, ${topics.length} market-watch topics (every cash share), ${MEASURE_MS / 1000} s after ${WARM_MS / 1000} s warm-up`);
  const line = (name: string, r: Figures) => console.log(`  ${name.padEnd(52)} ${fmt(r.fps, 0).padStart(7)} frames/s  (${r.frames} frames, ${fmt(r.bytes / 1_048_576, 1)} MiB)`);

  for (const tickHz of TICK_RATES) {
    console.log(`TICK_HZ ${tickHz}`);
    const env = { TICK_HZ: tickHz, LOG_LEVEL: "warn" };
    const embedded = await startBrokerProcess(env);
    try {
      line("embedded (Aedes on /feed)", await framesPerSecond(embedded, topics));
    } finally {
      await embedded.stop();
    }
    let m: TestMosquitto | undefined;
    let external: BrokerProcess | undefined;
    try {
      m = await startTestMosquitto();
      external = await startBrokerProcess({ ...env, ...m.brokerEnv });
      line("Mosquitto 2.0.11 (MQTT_URL, its WebSocket)", await framesPerSecond(external, topics));
      line("  all the paper broker published (pattern subscriber)", await framesPerSecond(external, everything));
    } finally {
      await external?.stop();
      await m?.stop();
    }
  }
}
