import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { snapshotFrame } from "../../server/feed/frames.js";
import { createMarket } from "../../server/market/sim/market.js";
import { Recorder } from "../../server/replay/recorder.js";
import { manualClock, masterAt, OPEN } from "../server/market/fixtures.js";

/**
 * The recorder's profile script (server/README.md, the recorder's figures): the design load's market
 * (9,000 watched instruments, each tick framed as the feed would) for 120 steps of 500 ms, with the
 * recorder attached, or without it when NOREC is set. Run it under a CPU profile and read the
 * recorder's functions' self time:
 *   node --import tsx --cpu-prof --cpu-prof-dir=/tmp/prof tests/bench/_recorderProfile.ts
 * It prints the CPU the steps took; `npm run bench -- recorder` is the measure of the target.
 */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tape-recorder-profile-"));
const clock = manualClock(OPEN);
const master = masterAt(OPEN);
const market = createMarket({ master, clock, seed: 7, tickHz: 0 });
let watched = 0;
for (const inst of master.all) {
  if (watched >= 9_000) break;
  if (inst.isIndex) continue;
  market.watch(inst.exchange, inst.token);
  watched++;
}
let frameBytes = 0;
market.onTick((q, inst) => {
  frameBytes += snapshotFrame(inst, q).length;
});
const recorder = process.env.NOREC ? undefined : new Recorder(market, { dir, maxBytes: 1e12, wallFlushMs: 0 });
for (let i = 0; i < 4; i++) {
  clock.advance(500);
  market.step();
}
const before = process.cpuUsage();
for (let i = 0; i < 120; i++) {
  clock.advance(500);
  market.step();
}
recorder?.close();
const used = process.cpuUsage(before);
market.stop();
fs.rmSync(dir, { recursive: true, force: true });
console.log(`${recorder ? "with" : "without"} the recorder: ${((used.user + used.system) / 1000).toFixed(0)} ms of CPU for 120 steps (${(frameBytes / 1e6).toFixed(0)} MB of frames)`);
