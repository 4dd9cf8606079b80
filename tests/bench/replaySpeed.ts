import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import mqtt from "mqtt";
import { createMarket } from "../../server/market/sim/market.js";
import { Recorder } from "../../server/replay/recorder.js";
import { decodeFrame } from "../../src/core/frameCodec.js";
import { istDateKey, istSecondsOfDay } from "../../src/core/time.js";
import { mwTopic } from "../../src/core/topics.js";
import type { Exchange } from "../../src/core/types/exchange.js";
import { startBrokerProcess, type BrokerProcess } from "../support/brokerProcess.js";
import { manualClock, masterAt } from "../server/market/fixtures.js";
import { feedSocketUrl, fmt, report, stats } from "./util";

/**
 * Issue 35's replay targets, the broker's side: a recorded design-load day (9,000 instruments at
 * 2 Hz) replayed at 10× and at 100× with a watchlist of 50 instruments subscribed by an MQTT
 * client, as the app's feed subscribes. The tape is recorded first by the real recorder from the
 * simulator at design load (REPLAY_BENCH_MINUTES of broker time, default 5, recorded in about a
 * minute). Each speed replays the tape from its first minute, 100× five times over, and the figures
 * are summed over the runs. Five minutes, not one: at 100× a minute lasts 0.6 s, and the speed of a
 * stretch that short is mostly its start (the driver's first step and the first block's decoding,
 * about 0.1 s, cost a sixth of the speed however fast the replay then runs); the start is in the
 * lag. The broker then runs as `npm run replay` runs it (REPLAY=date), in a process of its own.
 *
 * Printed for each speed: the speed the replay clock achieved (its simTime over the wall clock), the
 * speed the delivered ticks achieved (the newest last-trade time the client saw, over the wall
 * clock), the lag of each frame behind the replay clock when it arrived, and the frames a second
 * delivered (and per replayed second: the same at both speeds when the broker keeps up).
 */
const MINUTES = Number(process.env.REPLAY_BENCH_MINUTES ?? 5);
const DESIGN = 9_000;
const WATCHLIST = 50;
/** Tuesday 24/11/2026, 10:00 IST: a date no sample or import holds. */
const START = "2026-11-24T04:30:00Z";

export interface DesignTape {
  dir: string;
  date: string;
  /** The watchlist's 50 instruments, all on the tape. */
  watchlist: Array<{ exchange: Exchange; token: number }>;
  bytes: number;
  ticks: number;
  /** A folder the caller gave (REPLAY_BENCH_TAPES): not deleted after. */
  kept: boolean;
}

/**
 * Records `minutes` of the simulator at design load with the broker's recorder into a fresh tapes
 * folder; REPLAY_BENCH_TAPES=<folder> reuses a folder an earlier run recorded into (and keeps it):
 * recording takes minutes on the shared machine.
 */
export function recordDesignTape(minutes = MINUTES): DesignTape {
  const reuse = process.env.REPLAY_BENCH_TAPES;
  const dir = reuse ?? fs.mkdtempSync(path.join(os.tmpdir(), "tape-replay-bench-"));
  const clock = manualClock(START);
  const master = masterAt(START);
  const market = createMarket({ master, clock, seed: 7, tickHz: 0 });
  const watchlist: DesignTape["watchlist"] = [];
  let watched = 0;
  for (const inst of master.all) {
    if (watched >= DESIGN) break;
    if (inst.isIndex) continue;
    market.watch(inst.exchange, inst.token);
    // The watchlist: the first 50 cash shares, what a trader's list holds.
    if (watchlist.length < WATCHLIST && inst.insType === "EQ") watchlist.push({ exchange: inst.exchange, token: inst.token });
    watched++;
  }
  if (reuse && fs.existsSync(path.join(reuse, `${istDateKey(new Date(START))}.tape`))) {
    market.stop();
    const bytes = fs.statSync(path.join(reuse, `${istDateKey(new Date(START))}.tape`)).size;
    console.log(`  the tape recorded earlier in ${reuse}: ${fmt(bytes / 1e6, 0)} MB`);
    return { dir, date: istDateKey(new Date(START)), watchlist, bytes, ticks: 0, kept: true };
  }
  let ticks = 0;
  market.onTick(() => void ticks++);
  const recorder = new Recorder(market, { dir, maxBytes: 1e12, wallFlushMs: 0 });
  const t0 = performance.now();
  for (let i = 0; i < minutes * 120; i++) {
    clock.advance(500);
    market.step();
  }
  recorder.close();
  market.stop();
  const bytes = recorder.written;
  console.log(`  recorded ${minutes} min of ${watched} instruments at 2 Hz: ${fmt(ticks)} ticks, ${fmt(bytes / 1e6, 0)} MB, in ${fmt((performance.now() - t0) / 1000, 1)} s`);
  return { dir, date: istDateKey(new Date(START)), watchlist, bytes, ticks, kept: reuse !== undefined };
}

/** The broker replaying the tape's day, as `npm run replay` starts it, and a session on it. */
export async function replayBroker(tape: DesignTape): Promise<{ broker: BrokerProcess; token: string; control: (body: object) => Promise<ReplayStateAnswer>; state: () => Promise<ReplayStateAnswer> }> {
  // The replay reads its whole tape before it listens: minutes on a loaded machine.
  const broker = await startBrokerProcess({ REPLAY: tape.date, RECORD_DIR: tape.dir, RECORD: "off", LOG_LEVEL: "warn" }, { startMs: 600_000 });
  const session = (await (await fetch(`${broker.url}/dev/session`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ userId: "DEMO1" }) })).json()) as { result: Array<{ accessToken: string }> };
  const token = session.result[0]!.accessToken;
  const call = async (p: string, body: object) => {
    const res = await fetch(`${broker.url}/core/v2/replay/${p}`, { method: "POST", headers: { "content-type": "application/json", authorization: `Bearer ${token}` }, body: JSON.stringify(body) });
    const env = (await res.json()) as { status: string; message: string; result: ReplayStateAnswer[] };
    if (env.status !== "Ok") throw new Error(`replay/${p}: ${env.message}`);
    return env.result[0]!;
  };
  return { broker, token, control: (body) => call("control", body), state: () => call("state", {}) };
}

interface ReplayStateAnswer {
  speed: number;
  paused: boolean;
  ended: boolean;
  start: number;
  end: number;
  simTime: number;
}

interface Stretch {
  speed: number;
  wallS: number;
  /** Wall seconds from the start to the newest tick's arrival (the stretch, less the wait after a tape's end). */
  activeS: number;
  clockSpeed: number;
  tickSpeed: number;
  frames: number;
  lagS: number[];
}

/** One stretch at `speed` from the tape's start, until `seconds` of wall clock pass or the tape ends. */
async function stretch(tape: DesignTape, speed: number, seconds: number, url: string, token: string, control: (b: object) => Promise<ReplayStateAnswer>, state: () => Promise<ReplayStateAnswer>): Promise<Stretch> {
  const client = await mqtt.connectAsync(await feedSocketUrl(url, token), { username: "DEMO1", password: token, protocolVersion: 4, reconnectPeriod: 0 });
  // Paused at the day's first minute while the client subscribes, then the speed and go.
  await control({ action: "pause" });
  const first = await control({ action: "jump", time: new Date(Date.parse(START) + 330 * 60_000).toISOString().slice(11, 16) });
  await client.subscribeAsync(tape.watchlist.map((w) => mwTopic(w.exchange, w.token)));
  await new Promise((r) => setTimeout(r, 1_000));
  let counting = false;
  let frames = 0;
  let newest = 0;
  let newestWall = 0;
  const lagS: number[] = [];
  let clockAt = { sim: first.simTime, wall: performance.now() };
  // The replay clock as the broker runs it: where it was last read, plus the wall time since at `speed`.
  const clockNow = () => clockAt.sim + (performance.now() - clockAt.wall) * speed;
  const dayStart = first.simTime - istSecondsOfDay(new Date(first.simTime)) * 1000 - (first.simTime % 1000);
  client.on("message", (_t, payload) => {
    if (!counting) return;
    const f = decodeFrame(new Uint8Array(payload.buffer, payload.byteOffset, payload.byteLength));
    if (!f || f.kind !== 1) return;
    frames++;
    // The frame's last trade, seconds of the IST day, to the second.
    const at = dayStart + f.lastTradedTime * 1000;
    if (at > newest) {
      newest = at;
      newestWall = performance.now();
    }
    lagS.push((clockNow() - at) / 1000);
  });
  await control({ action: "speed", speed });
  const go = await control({ action: "resume" });
  clockAt = { sim: go.simTime, wall: performance.now() };
  const wall0 = performance.now();
  counting = true;
  // The clock's speed from the last reading before the tape's end (the clock stops there).
  let last = { sim: go.simTime, wall: wall0 };
  for (let ended = false; performance.now() - wall0 < seconds * 1000 && !ended; ) {
    await new Promise((r) => setTimeout(r, 100));
    const s = await state();
    clockAt = { sim: s.simTime, wall: performance.now() };
    ended = s.ended;
    if (!ended) last = clockAt;
  }
  // Ticks still on their way when the clock reached the tape's end (a broker slower than the speed) are
  // waited for, until none came for a second, so the ticks' speed is what the broker achieved, not what
  // it had sent by the clock's end (at 100× a minute of tape lasts 0.6 s of clock).
  while (performance.now() - Math.max(newestWall, wall0) < 1_000 && performance.now() - wall0 < (seconds + 30) * 1000) await new Promise((r) => setTimeout(r, 100));
  counting = false;
  const wallS = (performance.now() - wall0) / 1000;
  await client.endAsync(true);
  // The ticks' speed up to the newest trade time seen, at the wall time it came.
  // No tick at all (newest 0): no active time, no tick speed.
  return { speed, wallS, activeS: newest > 0 ? (newestWall - wall0) / 1000 : 0, clockSpeed: last.wall > wall0 ? (last.sim - go.simTime) / (last.wall - wall0) : Number.NaN, tickSpeed: newest > 0 ? (newest - go.simTime) / (newestWall - wall0) : 0, frames, lagS };
}

/** Several stretches at one speed as one: times, frames and replayed time added, lags pooled. */
function summed(all: Stretch[]): Stretch {
  const activeS = all.reduce((a, s) => a + s.activeS, 0);
  const wallS = all.reduce((a, s) => a + s.wallS, 0);
  const simTicks = all.reduce((a, s) => a + s.tickSpeed * s.activeS, 0);
  const timed = all.filter((s) => Number.isFinite(s.clockSpeed));
  const simClock = timed.reduce((a, s) => a + s.clockSpeed * s.activeS, 0) / Math.max(1e-9, timed.reduce((a, s) => a + s.activeS, 0));
  return { speed: all[0]!.speed, wallS, activeS, clockSpeed: simClock, tickSpeed: activeS > 0 ? simTicks / activeS : 0, frames: all.reduce((a, s) => a + s.frames, 0), lagS: all.flatMap((s) => s.lagS) };
}

export async function run(): Promise<void> {
  const tape = recordDesignTape();
  try {
    const { broker, token, control, state } = await replayBroker(tape);
    try {
      console.log(`  replaying ${tape.date} (${MINUTES} min of tape, 10× once, 100× five times) with ${tape.watchlist.length} instruments subscribed by one MQTT client over WebSocket`);
      const kept: string[] = [];
      let keeps = true;
      for (const [speed, runs] of [[10, 1], [100, 5]] as const) {
        const all: Stretch[] = [];
        for (let i = 0; i < runs; i++) all.push(await stretch(tape, speed, 20, broker.url, token, control, state));
        const s = summed(all);
        const lag = stats(s.lagS);
        const simS = s.activeS * s.tickSpeed;
        console.log(
          `  ${speed}×: over ${fmt(s.activeS, 1)} s of wall clock the replay clock ran at ${fmt(s.clockSpeed, 1)}× and the delivered ticks at ${fmt(s.tickSpeed, 1)}×; ` +
            `${fmt(s.activeS > 0 ? s.frames / s.activeS : 0, 0)} frames/s delivered (${fmt(s.frames / Math.max(1, simS), 1)} per replayed second); ` +
            `lag of a frame behind the replay clock (to the second of its trade time) median ${fmt(lag.median, 1)} s, p95 ${fmt(lag.p95, 1)} s, max ${fmt(lag.max, 1)} s of replay time (${fmt((lag.p95 / speed) * 1000, 0)} ms of wall clock at p95)`,
        );
        // Kept: the ticks delivered run at 95 % of the speed or more, and reach the client within a second of wall clock (p95).
        keeps &&= s.tickSpeed >= speed * 0.95 && lag.p95 / speed <= 1;
        kept.push(`${speed}×: ticks at ${fmt(s.tickSpeed, 1)}×, ${fmt(s.activeS > 0 ? s.frames / s.activeS : 0, 0)} frames/s, p95 lag ${fmt((lag.p95 / speed) * 1000, 0)} ms`);
      }
      report("replaySpeed", { figure: kept.join("; "), meets: keeps });
    } finally {
      await broker.stop();
    }
  } finally {
    if (!tape.kept) fs.rmSync(tape.dir, { recursive: true, force: true });
  }
}
