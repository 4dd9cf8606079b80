import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { snapshotFrame } from "../../server/feed/frames.js";
import { createMarket } from "../../server/market/sim/market.js";
import { Recorder } from "../../server/replay/recorder.js";
import { manualClock, masterAt, OPEN } from "../server/market/fixtures.js";
import { fmt, report } from "./util";

/**
 * The flight recorder at design load (issue 35): 9,000 instruments at 2 Hz. Every driver
 * (about 1,050) and enough derivatives to make 9,000 are watched, so each is priced on every step
 * and its quote built and framed as the feed would publish it: that is the broker's work. The
 * same steps are run again with the recorder attached; its share is the extra CPU over the total.
 * CPU is the process's user+system time (zlib's compression runs on this thread: deflateRawSync).
 */
const STEPS = Number(process.env.RECORDER_STEPS ?? 60);
const DESIGN = 9_000;

function runOnce(withRecorder: boolean, dir: string): { cpuMs: number; ticks: number; bytes: number; simSeconds: number } {
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
  return { cpuMs: (used.user + used.system) / 1000, ticks, bytes: recorder?.written ?? 0, simSeconds: STEPS / 2 };
}

export async function run(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tape-bench-"));
  try {
    // Alternate, twice each, and take the lower of each: the machine is shared.
    const plain = [runOnce(false, dir), runOnce(false, dir)];
    const recorded = [runOnce(true, path.join(dir, "a")), runOnce(true, path.join(dir, "b"))];
    const base = Math.min(...plain.map((r) => r.cpuMs));
    const withRec = Math.min(...recorded.map((r) => r.cpuMs));
    const r = recorded[0]!;
    const share = Math.max(0, (withRec - base) / withRec);
    const perHour = (r.bytes / r.simSeconds) * 3600;
    const perDay = perHour * 6.25;
    const ticksPerSecond = r.ticks / r.simSeconds;
    console.log(`  ${fmt(r.ticks)} ticks over ${r.simSeconds} s of broker time (${fmt(ticksPerSecond, 0)} ticks/s; design load is 9,000 x 2 = 18,000)`);
    console.log(`  broker CPU ${fmt(base, 0)} ms without the recorder, ${fmt(withRec, 0)} ms with it: the recorder's share ${fmt(share * 100, 1)} %`);
    console.log(`  tape: ${fmt(r.bytes / r.ticks, 1)} bytes a tick, ${fmt(perHour / 1e6, 0)} MB an hour, ${fmt(perDay / 1e9, 2)} GB a 6.25-hour NSE day`);
    report("recorderCpu", { figure: `${fmt(share * 100, 1)} % of the broker's CPU at ${fmt(ticksPerSecond, 0)} ticks/s`, meets: share <= 0.05 });
    report("recorderDay", { figure: `${fmt(perDay / 1e9, 2)} GB a day (${fmt(perHour / 1e6, 0)} MB an hour, ${fmt(r.bytes / r.ticks, 1)} B a tick)`, meets: perDay <= 1e9 });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
