import { istDateKey } from "../../src/core/time";
import { masterFor } from "../../server/market/instruments/master";
import { openSearchIndex } from "../../server/market/instruments/searchIndex";
import { buildInstrumentIndex } from "../../src/core/search/instrumentIndex";

/**
 * Run by search.bench.ts in a process of its own: the broker's start-up step that makes the search
 * index (read back from the data folder given, or built and stored there), with nothing of it
 * compiled yet, as the broker pays it; with no folder given, the plain build alone. Prints the
 * wall and CPU milliseconds as JSON.
 */
const now = new Date("2026-11-23T04:30:00Z");
const master = masterFor(istDateKey(now), now);
const dataDir = process.argv[2];
const c0 = process.cpuUsage();
const t0 = performance.now();
const { index, loaded } = dataDir ? openSearchIndex(master.all, dataDir) : { index: buildInstrumentIndex(master.all), loaded: false };
const wallMs = performance.now() - t0;
const c1 = process.cpuUsage(c0);
console.log(JSON.stringify({ wallMs, cpuMs: (c1.user + c1.system) / 1000, loaded, size: index.size }));
