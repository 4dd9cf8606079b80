import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { buildInstrumentIndex } from "../../src/core/search/instrumentIndex";
import { istDateKey } from "../../src/core/time";
import { masterFor } from "../../server/market/instruments/master";
import { searchIndexOf } from "../../server/market/instruments/searchIndex";
import { fmt, report, stats } from "./util";

/**
 * Lines as traders type them, one letter at a time from the second: bare symbols (the two-letter
 * prefixes "ni", "ba", "re", "in", "hd", "ta" match thousands of contracts each), company names,
 * `<symbol>fut` and `<symbol> fut`, and contract lines ("nifty 27nov 24500 ce" has no November
 * 2027 contract and goes empty part way, as a mistyped line does).
 */
const LINES = [
  "nifty 26nov 24500 ce",
  "nifty 27nov 24500 ce",
  "nifty 24nov 24600 pe",
  "banknifty 26dec 52000 pe",
  "banknifty fut",
  "niftyfut",
  "reliance",
  "reliance 29dec 1400 ce",
  "infy",
  "infyfut",
  "infy 26nov 1500 ce",
  "infosys",
  "hdfc bank",
  "hdfcbank fut",
  "icici bank",
  "sbin fut",
  "tata motors",
  "tatasteel 26dec 150 pe",
  "bajaj finance",
  "maruti",
  "adani ports",
  "axis bank",
  "m&m",
  "ongc",
  "gold 26dec fut",
  "crudeoil",
  "usdinr 26dec",
  "sensex 26nov 80000 ce",
];

const keystrokes = LINES.flatMap((line) => Array.from({ length: line.length - 1 }, (_, i) => line.slice(0, i + 2)));

/** Search index build and latency per keystroke over the whole instrument master, the index the broker serves. */
export async function run(): Promise<void> {
  const now = new Date("2026-11-23T04:30:00Z");
  const master = masterFor(istDateKey(now), now);
  // The broker's build, the first in a process with nothing compiled yet, as at start-up: in a
  // process of its own, since another bench of this run may already have built this master's index.
  const cold = spawnSync(process.execPath, ["--import", "tsx", fileURLToPath(new URL("./_searchColdBuild.ts", import.meta.url))], { encoding: "utf8" });
  const first = JSON.parse(cold.stdout.trim().split("\n").pop() ?? "{}") as { wallMs: number; cpuMs: number };
  const buildMs = first.wallMs;
  const index = searchIndexOf(master.all);
  const again: number[] = [];
  for (let i = 0; i < 5; i++) {
    const t = performance.now();
    buildInstrumentIndex(master.all);
    again.push(performance.now() - t);
  }
  const rebuild = stats(again);

  // One pass to compile the query code, then every keystroke once; the index keeps no results.
  for (const q of keystrokes) index.search(q, { limit: 20 });
  const samples: number[] = [];
  const worst: Array<[string, number, number]> = [];
  for (const q of keystrokes) {
    const t = performance.now();
    const r = index.search(q, { limit: 20 });
    const ms = performance.now() - t;
    samples.push(ms);
    worst.push([q, ms, r.total]);
  }
  const s = stats(samples);
  worst.sort((a, b) => b[1] - a[1]);
  console.log(`search over ${fmt(index.size, 0)} instruments`);
  console.log(
    `  index build at start-up (first in a fresh process) ${fmt(buildMs, 0)} ms (${fmt(first.cpuMs, 0)} ms CPU); rebuilt once compiled: median ${fmt(rebuild.median, 0)} ms`,
  );
  console.log(`  per keystroke (${samples.length} keystrokes of ${LINES.length} lines): median ${fmt(s.median)} ms, p95 ${fmt(s.p95)} ms, max ${fmt(s.max)} ms`);
  console.log(`  slowest: ${worst.slice(0, 6).map(([q, ms, total]) => `"${q}" ${fmt(ms, 2)} ms (${fmt(total, 0)} matches)`).join(", ")}`);
  report("searchBuild", {
    figure: `first build ${fmt(buildMs, 0)} ms for ${fmt(index.size, 0)} contracts, before the broker listens (rebuilt once compiled: ${fmt(rebuild.median, 0)} ms)`,
    meets: buildMs <= 100 && index.size >= 100_000,
  });
  report("searchKey", { figure: `p95 ${fmt(s.p95, 2)} ms, median ${fmt(s.median, 2)} ms`, meets: s.p95 <= 1 });
}
