import { buildInstrumentIndex } from "../../src/core/search/instrumentIndex";
import { istDateKey } from "../../src/core/time";
import { masterFor } from "../../server/market/instruments/master";

/**
 * Run by search.bench.ts in a process of its own: the index's first build with nothing compiled
 * yet, as the broker pays it at start-up. Prints the wall and CPU milliseconds as JSON.
 */
const now = new Date("2026-11-23T04:30:00Z");
const master = masterFor(istDateKey(now), now);
const c0 = process.cpuUsage();
const t0 = performance.now();
const index = buildInstrumentIndex(master.all);
const wallMs = performance.now() - t0;
const c1 = process.cpuUsage(c0);
console.log(JSON.stringify({ wallMs, cpuMs: (c1.user + c1.system) / 1000, size: index.size }));
