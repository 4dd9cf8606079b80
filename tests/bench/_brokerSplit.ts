import fs from "node:fs";
import type { IncomingMessage } from "node:http";
import { syncBuiltinESMExports } from "node:module";
import os from "node:os";
import path from "node:path";
import { PerformanceObserver, performance } from "node:perf_hooks";
import workerThreads from "node:worker_threads";
import { BENCH_OPEN } from "./benchEngine.js";

/**
 * The broker for the split of a lone order's place-to-acknowledge (orderSplit.ts): built and
 * started as server/main.ts starts it (buildBroker, then listen), with the timed broker's settings,
 * and marks on the monotonic clock (which the client's process shares) at each step an order
 * request takes: read, handler, the group's turn, validation, the engine, the SQLite writes, the
 * commit, the publishing of its updates, the answer serialised (handed to the socket at once; the
 * response's 'finish' comes later, often after the client has read it). Also the garbage
 * collections and the WAL checkpoints (server/checkpoints.ts), which run beside the orders. The
 * marks wrap the broker's objects from outside: the broker's code is the same as in production.
 * Run with an IPC channel (fork): "reset" clears the marks, "marks" sends them back, "stop" ends it.
 */
type Trace = Record<string, number>;

/** µs on the monotonic clock (process.hrtime), which every process on the machine shares. */
const now = () => Number(process.hrtime.bigint()) / 1000;
/** performance.now() (ms since this process's time origin) to the monotonic clock's µs. */
const origin = now() - performance.now() * 1000;

/**
 * The checkpointer's runs, in a ring the worker writes (start µs, end µs, frames backfilled so far),
 * by its code with each run timed: the worker is server/checkpoints.ts's own, its one statement
 * wrapped. If that statement ever changes, no checkpoint is seen and the split says so.
 */
const RING = 4096;
const ring = new Float64Array(new SharedArrayBuffer(8 * (1 + 3 * RING)));
const CHECKPOINT = 'db.pragma("wal_checkpoint(PASSIVE)");';
let checkpointsWatched = false;
const RealWorker = workerThreads.Worker;
workerThreads.Worker = class extends RealWorker {
  constructor(code: string | URL, options?: workerThreads.WorkerOptions) {
    if (options?.eval && typeof code === "string" && code.includes(CHECKPOINT)) {
      checkpointsWatched = true;
      code = code.replace(
        CHECKPOINT,
        `{ const t0 = Number(process.hrtime.bigint()) / 1000; const [r] = db.pragma("wal_checkpoint(PASSIVE)");
           const ring = workerData.splitRing; const n = ring[0] % ${RING}; ring[1 + 3 * n] = t0; ring[2 + 3 * n] = Number(process.hrtime.bigint()) / 1000; ring[3 + 3 * n] = r ? r.checkpointed : -1; ring[0]++; }`,
      );
      options = { ...options, workerData: { ...options.workerData, splitRing: ring } };
    }
    super(code, options);
  }
} as typeof RealWorker;
syncBuiltinESMExports();

const { buildBroker } = await import("../../server/app.js");
const { readConfig } = await import("../../server/config.js");

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tape-bench-split-"));
const config = readConfig({ PORT: "0", HOST: "127.0.0.1", DATA_DIR: dir, LOG_LEVEL: "error", STATIC_DIR: "", SIM_SEED: "7", TICK_HZ: "0", SIM_TIME: BENCH_OPEN, DEV_SESSION: "1", ORDER_RATE_LIMIT: "off" });
const broker = await buildBroker(config);

let traces: Trace[] = [];
let current: Trace | undefined;
const mark = (name: string) => {
  if (current) current[name] = now();
};
/** Adds the time `fn` takes to the current trace's `name` (µs): a step a group may take more than once. */
const timed = <T>(name: string, fn: () => T): T => {
  const t = now();
  try {
    return fn();
  } finally {
    if (current) current[name] = (current[name] ?? 0) + now() - t;
  }
};

// The request has been read (its head parsed; the bench writes a request in one piece).
broker.app.server.prependListener("request", (req: IncomingMessage) => {
  current = undefined;
  if (req.method !== "POST" || req.url !== "/core/v2/orders/") return;
  current = { read: now() };
  traces.push(current);
});
// After the session check and the JSON body: the route's handler is next.
broker.app.addHook("preHandler", (_req, _reply, done) => {
  mark("handler");
  done();
});
broker.app.addHook("onSend", (_req, _reply, payload, done) => {
  mark("serialised");
  done(null, payload);
});

/** The engine's parts the marks wrap (private in TypeScript, plain properties at run time). */
type Internals = {
  group: { flush(): void };
  intake: { place(userId: string, raw: unknown): unknown; check(...a: unknown[]): unknown };
  journal: { tx(fn: () => void): void; writeBack(): void; events: { emit(clientCode: string, update: object): void } };
  submitOrder(userId: string, raw: unknown): Promise<unknown>;
};
const engine = broker.orders as unknown as Internals;
const submit = engine.submitOrder.bind(engine);
engine.submitOrder = (userId, raw) => {
  mark("submitted");
  return submit(userId, raw);
};
const flush = engine.group.flush.bind(engine.group);
engine.group.flush = () => {
  mark("groupStart");
  flush();
  mark("groupEnd");
};
const check = engine.intake.check.bind(engine.intake);
engine.intake.check = (...a: unknown[]) => timed("validation", () => check(...a));
const place = engine.intake.place.bind(engine.intake);
engine.intake.place = (userId, raw) => timed("place", () => place(userId, raw));
const writeBack = engine.journal.writeBack.bind(engine.journal);
engine.journal.writeBack = () => timed("sqliteWrite", writeBack);
const tx = engine.journal.tx;
// The transaction wrapper's own time, outside the work it wraps: BEGIN, and COMMIT with its WAL write and fsync.
engine.journal.tx = (fn) => {
  const t0 = now();
  let inner = 0;
  tx(() => {
    const t = now();
    try {
      fn();
    } finally {
      inner = now() - t;
    }
  });
  if (current) current.commit = (current.commit ?? 0) + now() - t0 - inner;
};
const emit = engine.journal.events.emit.bind(engine.journal.events);
engine.journal.events.emit = (clientCode, update) => timed("publish", () => emit(clientCode, update));

const gcs: Array<{ at: number; ms: number; kind: number }> = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) gcs.push({ at: origin + e.startTime * 1000, ms: e.duration, kind: (e as { detail?: { kind?: number } }).detail?.kind ?? 0 });
}).observe({ entryTypes: ["gc"] });

/** The checkpoints run since `from` (µs) that backfilled frames, as [start, end] in µs. */
function checkpointsSince(from: number): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  const count = ring[0]!;
  let backfilled = -1;
  for (let k = Math.max(0, count - RING); k < count; k++) {
    const n = k % RING;
    const [start, end, frames] = [ring[1 + 3 * n]!, ring[2 + 3 * n]!, ring[3 + 3 * n]!];
    // A run that found nothing new to copy left the count of frames where it was.
    if (start >= from && frames !== backfilled) out.push([start, end]);
    backfilled = frames;
  }
  return out;
}

await broker.app.listen({ port: 0, host: "127.0.0.1" });
const address = broker.app.server.address();
process.send!({ url: `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`, checkpointsWatched });

let since = now();
process.on("message", (m: string) => {
  if (m === "reset") {
    traces = [];
    gcs.length = 0;
    since = now();
    process.send!({ reset: true });
  } else if (m === "marks") {
    // Garbage collection entries are delivered asynchronously: let the last ones arrive.
    setTimeout(() => process.send!({ traces, gcs, checkpoints: checkpointsSince(since) }), 20);
  } else if (m === "stop") {
    void broker.close().then(() => {
      fs.rmSync(dir, { recursive: true, force: true });
      process.exit(0);
    });
  }
});
