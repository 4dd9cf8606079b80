import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { snapshotFrame } from "../../server/feed/frames.js";
import { createMarket } from "../../server/market/sim/market.js";
import { Recorder } from "../../server/replay/recorder.js";
import { FRAME_TICKS, listTapes, readTapeIndex } from "../../server/replay/tapeFile.js";
import { manualClock, masterAt, OPEN } from "../server/market/fixtures.js";
import { fmt, report } from "./util";

/**
 * The flight recorder at design load (issue 35): 9,000 instruments at 2 Hz. The first 9,000
 * instruments of the master that are not indices are watched, so each is priced on every step
 * and its quote built and framed as the feed would publish it: that is the broker's work. The
 * same steps (same seed, same instruments, so the same ticks) are run with and without the
 * recorder attached, alternately, three times each (RECORDER_RUNS); its share is the extra CPU (median with less
 * median without) over the median with. CPU is the process's user+system time, every thread
 * (zlib's compression included), and the recorder's closing flush is inside the measured span.
 *
 * Size: a day's tape is chains of blocks (tapeCodec.ts): a chain's first (key) block codes every
 * instrument from nothing, the others carry on. The run is 30 s, one chain of three blocks, so an
 * hour is counted as the recorder writes it: 12 chains (chainMs 5 min) of one key block and 29
 * blocks like the run's others (flushMs 10 s). A tick's bytes are the hour's over the hour's ticks.
 */
const STEPS = Number(process.env.RECORDER_STEPS ?? 60);
/** Runs of each (without, with), alternately (RECORDER_RUNS, as recorderProcess): more make a steadier median on a shared machine. */
const RUNS = Number(process.env.RECORDER_RUNS ?? 3);
const DESIGN = 9_000;

function runOnce(withRecorder: boolean, dir: string): { cpuMs: number; ticks: number; bytes: number; simSeconds: number; key: number; carryOn: number[] } {
  const clock = manualClock(OPEN);
  const master = masterAt(OPEN);
  const market = createMarket({ master, clock, seed: 7, tickHz: 0 });
  let watched = 0;
  for (const inst of master.all) {
    if (watched >= DESIGN) break;
    if (inst.isIndex) continue;
    market.watch(inst.exchange, inst.token);
    watched++;
  }
  let ticks = 0;
  let frameBytes = 0;
  // The feed's work per tick: the frame it would publish.
  market.onTick((q, inst) => {
    ticks++;
    frameBytes += snapshotFrame(inst, q).length;
  });
  const recorder = withRecorder ? new Recorder(market, { dir, maxBytes: 1e12, wallFlushMs: 0 }) : undefined;
  // Warm-up: a few steps not measured (JIT, first books).
  for (let i = 0; i < 4; i++) {
    clock.advance(500);
    market.step();
  }
  ticks = 0;
  const before = process.cpuUsage();
  for (let i = 0; i < STEPS; i++) {
    clock.advance(500);
    market.step();
  }
  recorder?.close();
  const used = process.cpuUsage(before);
  market.stop();
  // The frames are made and counted so the feed's work is not optimised away.
  if (frameBytes === 0) console.log("  (no frames made)");
  const tape = withRecorder ? readTapeIndex(listTapes(dir)[0]!.file)! : undefined;
  const sizes = (tape?.frames ?? []).filter((f) => f.kind === FRAME_TICKS).map((f) => f.length + 24);
  return { cpuMs: (used.user + used.system) / 1000, ticks, bytes: recorder?.written ?? 0, simSeconds: STEPS / 2, key: sizes[0] ?? 0, carryOn: sizes.slice(1) };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export async function run(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tape-bench-"));
  try {
    // Alternately, RUNS times each: the machine is shared, and its load moves.
    const plain: ReturnType<typeof runOnce>[] = [];
    const recorded: ReturnType<typeof runOnce>[] = [];
    for (let i = 0; i < RUNS; i++) {
      plain.push(runOnce(false, dir));
      recorded.push(runOnce(true, path.join(dir, `r${i}`)));
    }
    const base = median(plain.map((r) => r.cpuMs));
    const withRec = median(recorded.map((r) => r.cpuMs));
    const r = recorded[0]!;
    const share = Math.max(0, (withRec - base) / withRec);
    const ticksPerSecond = r.ticks / r.simSeconds;
    // The run's ticks include its key block's; the blocks after it hold (simSeconds - 10) s of ticks.
    const carryOnPerBlock = r.carryOn.reduce((a, b) => a + b, 0) / Math.max(1, r.carryOn.length);
    const perHour = 12 * (r.key + 29 * carryOnPerBlock);
    const perTick = perHour / (ticksPerSecond * 3600);
    const perDay = perHour * 6.25;
    console.log(`  ${fmt(r.ticks)} ticks over ${r.simSeconds} s of broker time (${fmt(ticksPerSecond, 0)} ticks/s; design load is 9,000 x 2 = 18,000)`);
    console.log(`  broker CPU without the recorder ${plain.map((x) => fmt(x.cpuMs, 0)).join(", ")} ms; with it ${recorded.map((x) => fmt(x.cpuMs, 0)).join(", ")} ms: medians ${fmt(base, 0)} and ${fmt(withRec, 0)}, the recorder's share ${fmt(share * 100, 1)} %`);
    console.log(`  tape: a key block ${fmt(r.key / 1e6, 2)} MB, the others ${fmt(carryOnPerBlock / 1e6, 2)} MB per 10 s; ${fmt(perTick, 2)} bytes a tick, ${fmt(perHour / 1e6, 0)} MB an hour, ${fmt(perDay / 1e9, 2)} GB a 6.25-hour NSE day (at 18,000 ticks/s: ${fmt((perTick * 18_000 * 3600 * 6.25) / 1e9, 2)} GB)`);
    report("recorderCpu", { figure: `${fmt(share * 100, 1)} % of the broker's CPU at ${fmt(ticksPerSecond, 0)} ticks/s`, meets: share <= 0.05 });
    report("recorderDay", { figure: `${fmt(perDay / 1e9, 2)} GB a day (${fmt(perHour / 1e6, 0)} MB an hour, ${fmt(perTick, 2)} B a tick)`, meets: perDay <= 1e9 });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
