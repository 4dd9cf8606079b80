import mqtt, { type MqttClient } from "mqtt";
import { FEED_CONNECT_TIMEOUT_MS, FEED_KEEPALIVE_S, FEED_RECONNECT_MS, followEdges } from "../../src/feed/connection.js";
import { EdgeRotation } from "../../src/feed/failover.js";

/**
 * One worker process of the feedCluster bench (tests/bench/feedCluster.ts): a share of the
 * simulated subscribers (WebSocket MQTT clients, as the app connects) and one tap. The tap is a
 * plain MQTT client on the broker the paper broker publishes to (the core, or the one Mosquitto),
 * subscribed to every topic this worker's subscribers take: the time it sees a frame stands for
 * the frame's publish time. A subscriber's latency is its receive time less the tap's for the same
 * frame (topic and payload), both read on this process's clock. Expected deliveries are the frames
 * the tap saw in the window times the subscribers of their topic; delivered, those that arrived.
 */
export interface WorkerJob {
  /** Subscriber i connects first to urls[i % urls.length] and fails over round the list, as the app does. */
  urls: string[];
  tapUrl: string;
  tap: { username: string; password: string };
  /** Feed credentials, used in turn (a client code's session may have many connections). */
  creds: Array<{ username: string; password: string }>;
  /** Global index of this worker's first subscriber and how many it runs. */
  first: number;
  count: number;
  /** Each subscriber's topics: topicsOf[i % topicsOf.length]. */
  topicsOf: string[][];
}

export type ToWorker = { kind: "job"; job: WorkerJob } | { kind: "window"; from: number; to: number } | { kind: "report" } | { kind: "reconnects" } | { kind: "onEdge"; url: string } | { kind: "exit" };

export interface WorkerReport {
  delivered: number;
  expected: number;
  latencies: number[];
  maxLatency: number;
  connected: number;
  /** Every frame this worker's tap and subscribers handled, in the window or not (a row with none expected says which side went quiet). */
  tapFrames: number;
  subscriberFrames: number;
}

const RESERVOIR = 20_000;

/** FNV-1a over the payload: the frame's identity within its topic. */
function hash(b: Uint8Array): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < b.length; i++) h = Math.imul(h ^ b[i]!, 0x01000193);
  return h >>> 0;
}

/**
 * The measured window, in wall-clock ms (Date.now(), one clock for every process), sent before it
 * starts. A frame is in it by when this process first handles it. Not an "on" and an "off" message:
 * a worker behind its sockets handled both in one turn of its loop, with no frame between them, and
 * the row read "nothing reached the core" while millions of frames came (4,000 on two edges).
 */
let measured = { from: Infinity, to: -Infinity };
const counting = (): boolean => {
  const now = Date.now();
  return now >= measured.from && now < measured.to;
};
/** Per topic: frame hash to when it was first seen (tap or subscriber) and whether inside the window. */
const seen = new Map<string, Map<number, { t: number; win: boolean }>>();
const subscribersOf = new Map<string, number>();
const subs: MqttClient[] = [];
/** Each subscriber's edge rotation: while connected, current() is the edge it is on. */
const rotations: EdgeRotation[] = [];
let delivered = 0;
let tapFrames = 0;
let subscriberFrames = 0;
let maxLatency = 0;
let samples = 0;
const latencies: number[] = [];
/** Per subscriber that lost its connection: when, for the failover figure. */
const droppedAt = new Map<number, number>();
const reconnectMs: number[] = [];

function entry(topic: string, payload: Uint8Array): { t: number; win: boolean; fresh: boolean } {
  let m = seen.get(topic);
  if (!m) seen.set(topic, (m = new Map()));
  const h = hash(payload);
  const e = m.get(h);
  if (e) return { ...e, fresh: false };
  const made = { t: performance.now(), win: counting() };
  m.set(h, made);
  return { ...made, fresh: true };
}

function onSubscriberFrame(topic: string, payload: Uint8Array): void {
  subscriberFrames++;
  const e = entry(topic, payload);
  if (!e.win) return;
  delivered++;
  const latency = e.fresh ? 0 : performance.now() - e.t;
  if (latency > maxLatency) maxLatency = latency;
  // Reservoir sampling: every delivery equally likely to be kept.
  samples++;
  if (latencies.length < RESERVOIR) latencies.push(latency);
  else {
    const j = Math.floor(Math.random() * samples);
    if (j < RESERVOIR) latencies[j] = latency;
  }
}

async function start(job: WorkerJob): Promise<void> {
  const union = [...new Set(job.topicsOf.flat())];
  const tap = await mqtt.connectAsync(job.tapUrl, { ...job.tap, protocolVersion: 4, reconnectPeriod: 1000, clean: true });
  tap.on("message", (topic, payload) => {
    tapFrames++;
    entry(topic, payload);
  });
  for (let i = 0; i < union.length; i += 500) await tap.subscribeAsync(union.slice(i, i + 500));

  const open = async (i: number): Promise<void> => {
    const g = job.first + i;
    const topics = job.topicsOf[g % job.topicsOf.length]!;
    for (const t of topics) subscribersOf.set(t, (subscribersOf.get(t) ?? 0) + 1);
    const rotation = new EdgeRotation([...job.urls.slice(g % job.urls.length), ...job.urls.slice(0, g % job.urls.length)]);
    const c = mqtt.connect(rotation.current(), {
      ...job.creds[g % job.creds.length]!,
      clientId: `bench-${process.pid}-${g}`,
      protocolVersion: 4,
      clean: true,
      keepalive: FEED_KEEPALIVE_S,
      reconnectPeriod: FEED_RECONNECT_MS,
      connectTimeout: FEED_CONNECT_TIMEOUT_MS,
      resubscribe: false,
      transformWsUrl: () => rotation.current(),
    });
    // The app's own failover rule: the next edge at once, spread over 0-1 s; the period once every edge was tried.
    followEdges(c, rotation);
    subs.push(c);
    rotations.push(rotation);
    c.on("message", onSubscriberFrame);
    c.on("close", () => {
      if (!droppedAt.has(g)) droppedAt.set(g, performance.now());
    });
    c.on("error", () => undefined);
    await new Promise<void>((resolve) => {
      c.on("connect", () => {
        const since = droppedAt.get(g);
        if (since !== undefined) {
          reconnectMs.push(performance.now() - since);
          droppedAt.delete(g);
        }
        // A clean session holds nothing: subscribe on every connect, as the app does.
        c.subscribe(topics, { qos: 0 }, () => resolve());
      });
    });
  };
  for (let i = 0; i < job.count; i += 25) await Promise.all(Array.from({ length: Math.min(25, job.count - i) }, (_, k) => open(i + k)));
  process.send!({ kind: "ready" });
}

function report(): WorkerReport {
  let expected = 0;
  for (const [topic, frames] of seen) {
    const n = subscribersOf.get(topic) ?? 0;
    for (const e of frames.values()) if (e.win) expected += n;
  }
  return { delivered, expected, latencies, maxLatency, connected: subs.filter((c) => c.connected).length, tapFrames, subscriberFrames };
}

process.on("message", (m: ToWorker) => {
  if (m.kind === "job") void start(m.job).catch((err: Error) => process.send!({ kind: "failed", error: err.message }));
  else if (m.kind === "window") measured = { from: m.from, to: m.to };
  else if (m.kind === "report") process.send!({ kind: "report", report: report() });
  else if (m.kind === "reconnects") process.send!({ kind: "reconnects", reconnectMs, stillDown: droppedAt.size, connected: subs.filter((c) => c.connected).length });
  else if (m.kind === "onEdge") process.send!({ kind: "onEdge", n: subs.filter((c, i) => c.connected && rotations[i]!.current() === m.url).length });
  else if (m.kind === "exit") {
    for (const c of subs) c.end(true);
    process.exit(0);
  }
});
