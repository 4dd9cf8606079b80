import { fork, type ChildProcess } from "node:child_process";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { BENCH_WARM_UP } from "./benchEngine.js";
import { LONE_WARM_UP, openOrderSession } from "./httpOrders.js";
import { fmt, stats } from "./util.js";

type Trace = Record<string, number>;
type Marks = { traces: Trace[]; gcs: Array<{ at: number; ms: number; kind: number }>; checkpoints: Array<[number, number]> };

/** One answer of the split broker (_brokerSplit.ts) carrying `key`. */
function answer<T>(child: ChildProcess, key: string, ask?: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onMessage = (m: Record<string, unknown>) => {
      if (!(key in m)) return;
      child.off("message", onMessage);
      child.off("exit", onExit);
      resolve(m as T);
    };
    const onExit = (code: number | null) => reject(new Error(`the split broker exited with ${code}`));
    child.on("message", onMessage);
    child.once("exit", onExit);
    if (ask) child.send(ask);
  });
}

/**
 * The steps of a lone order, in the order it takes them, each as the time between two marks (µs):
 * the client's two (request written, answer parsed) and the split broker's.
 */
const STEPS: ReadonlyArray<{ name: string; of: (t: Trace, sent: number, answered: number) => number }> = [
  { name: "to the broker: loopback, the broker's wake-up, HTTP parse", of: (t, sent) => t.read! - sent },
  { name: "fastify: route, session check, JSON body", of: (t) => t.submitted! - t.read! },
  { name: "the group's turn (setImmediate)", of: (t) => t.groupStart! - t.submitted! },
  { name: "validation (request, contract, profile)", of: (t) => t.validation! },
  { name: "engine (holdings, margin, funds, record, fill)", of: (t) => t.place! - t.validation! },
  { name: "SQLite statements (the rows written)", of: (t) => t.sqliteWrite! },
  { name: "commit: WAL write and fsync", of: (t) => t.commit! },
  { name: "publish the order updates (feed)", of: (t) => t.publish ?? 0 },
  { name: "rest of the group (journal, promises)", of: (t) => t.groupEnd! - t.groupStart! - t.place! - t.sqliteWrite! - t.commit! - (t.publish ?? 0) },
  { name: "the answer: handler's turn, envelope, serialisation", of: (t) => t.serialised! - t.groupEnd! },
  { name: "back: socket write, loopback, the client's wake-up, parse", of: (t, _sent, answered) => answered - t.serialised! },
];

/**
 * Where a lone order's place-to-acknowledge goes (issue 30): a broker of its own (_brokerSplit.ts,
 * server/main.ts's broker with marks), warmed up as the timed one, whose lone orders take turns
 * with the timed broker's (orders.ts): one of its orders after each of those, so that both meet
 * the same moments of the machine. Each is split into STEPS by the marks, with the garbage
 * collections and WAL checkpoints that overlapped it. Printed per step: median, p99, and the mean
 * over all orders and over the slowest 1 %; the tail's excess over the median (slowest 1 % mean
 * minus all orders' median) shared out by step, so it says where the tail went.
 */
export async function openSplitBroker() {
  const child = fork(path.join(import.meta.dirname, "_brokerSplit.ts"), [], { execArgv: ["--import", "tsx"], stdio: ["ignore", "inherit", "inherit", "ipc"] });
  const stop = async () => {
    if (child.exitCode !== null) return;
    child.send("stop");
    await new Promise((resolve) => child.once("exit", resolve));
  };
  try {
    const { url, checkpointsWatched } = await answer<{ url: string; checkpointsWatched: boolean }>(child, "url");
    const session = await openOrderSession(url, 50);
    // performance.now() in ms to the monotonic clock in µs, which the split broker's marks use.
    const origin = Number(process.hrtime.bigint()) / 1000 - performance.now() * 1000;
    const sent: Array<[number, number]> = [];
    let k = 0;
    return {
      warmUp: () => session.warmUp(),
      /** Clears what the split broker marked so far (the warm-up's orders). */
      reset: () => answer(child, "reset", "reset").then(() => void (sent.length = 0)),
      /** The next lone order, marked. */
      async placeOne(): Promise<void> {
        await session.placeOne(session.post, 300_000 + k, k++, (t0, t1) => sent.push([origin + t0 * 1000, origin + t1 * 1000]));
      },
      /** The split of the orders placed since the reset. */
      async print(): Promise<void> {
        if (session.refused()) throw new Error(`bench HTTP order refused: ${session.refused()}`);
        const marks = await answer<Marks>(child, "traces", "marks");
        if (marks.traces.length !== sent.length) throw new Error(`the split broker marked ${marks.traces.length} orders of ${sent.length}`);
        printSplit(marks, sent, checkpointsWatched);
      },
      async close() {
        session.close();
        await stop();
      },
    };
  } catch (err) {
    await stop();
    throw err;
  }
}

function printSplit({ traces, gcs, checkpoints }: Marks, sent: Array<[number, number]>, checkpointsWatched: boolean): void {
  const overlap = (list: Array<[number, number]>, [from, to]: [number, number]) => list.reduce((sum, [a, b]) => sum + Math.max(0, Math.min(b, to) - Math.max(a, from)), 0);
  const gcSpans = gcs.map((g): [number, number] => [g.at, g.at + g.ms * 1000]);
  const rows = traces.map((t, k) => {
    const [s, a] = sent[k]!;
    return { total: a - s, steps: STEPS.map((step) => step.of(t, s, a)), gc: overlap(gcSpans, [s, a]), checkpoint: overlap(checkpoints, [s, a]) };
  });
  const total = stats(rows.map((r) => r.total));
  const tail = rows.filter((r) => r.total >= total.p99);
  const mean = (list: typeof rows, f: (r: (typeof rows)[0]) => number) => list.reduce((sum, r) => sum + f(r), 0) / Math.max(1, list.length);
  const tailExcess = mean(tail, (r) => r.total) - total.median;
  const us = (n: number) => fmt(n, 0).padStart(7);
  const lines = STEPS.map((step, i) => {
    const v = stats(rows.map((r) => r.steps[i]!));
    const inTail = mean(tail, (r) => r.steps[i]!);
    const share = ((inTail - v.median) / tailExcess) * 100;
    return `    ${step.name.padEnd(52)} ${us(v.median)} ${us(v.p99)} ${us(v.mean)} ${us(inTail)}   ${fmt(share, 0).padStart(4)} %`;
  });
  const during = (f: (r: (typeof rows)[0]) => number, list: typeof rows) => `${list.filter((r) => f(r) > 0).length} of ${list.length}`;
  console.log(
    `the split of a lone order (a broker of its own, server/main.ts's with marks, its orders in turn with the timed ones; ${fmt(traces.length, 0)} lone orders after ${fmt(BENCH_WARM_UP, 0)} grouped and ${fmt(LONE_WARM_UP, 0)} lone): ` +
      `median ${fmt(total.median / 1000, 2)} ms, p99 ${fmt(total.p99 / 1000, 2)} ms; the slowest 1 % (${tail.length}) took ${fmt(mean(tail, (r) => r.total) / 1000, 2)} ms on average\n` +
      `    ${"step (µs)".padEnd(52)}  median     p99    mean  slowest 1 %  share of the tail's excess\n${lines.join("\n")}\n` +
      `    garbage collection in the broker during an order: ${during((r) => r.gc, rows)} orders, ${during((r) => r.gc, tail)} of the slowest 1 %, ${us(mean(tail, (r) => r.gc)).trim()} µs on average there ` +
      `(${gcs.length} collections in the run, ${gcs.filter((g) => g.kind === 4).length} of them major, longest ${fmt(Math.max(0, ...gcs.map((g) => g.ms)), 2)} ms)\n` +
      (checkpointsWatched
        ? `    a WAL checkpoint (its own thread, server/checkpoints.ts) running during an order: ${during((r) => r.checkpoint, rows)} orders, ${during((r) => r.checkpoint, tail)} of the slowest 1 % ` +
          `(${checkpoints.length} checkpoints that copied frames, ${fmt(stats(checkpoints.map(([a, b]) => (b - a) / 1000)).median, 2)} ms median, longest ${fmt(Math.max(0, ...checkpoints.map(([a, b]) => (b - a) / 1000)), 2)} ms)`
        : "    the WAL checkpoints were not seen (server/checkpoints.ts's worker code changed): their overlap is not measured"),
  );
}
