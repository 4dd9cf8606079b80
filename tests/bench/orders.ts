import { execFileSync } from "node:child_process";
import { performance } from "node:perf_hooks";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Instrument } from "../../server/market/types.js";
import { startBrokerProcess } from "../support/brokerProcess.js";
import { BENCH_OPEN, BENCH_WARM_UP, openBenchEngine, orderBody } from "./benchEngine.js";
import type { Post } from "./httpClient.js";
import { LONE_WARM_UP, openOrderSession } from "./httpOrders.js";
import { openSplitBroker } from "./orderSplit.js";
import { fmt, report, stats } from "./util.js";

/**
 * The order engine's figures (issues 5 and 18): orders per second through the engine in process
 * (validation, funds, SQLite, matching, portfolio), placed the HTTP door's way (group commit:
 * the orders arriving together share one transaction, acknowledged after its commit) against
 * one transaction each; resting orders re-evaluated per market tick; place-to-acknowledge over
 * HTTP on loopback one at a time (beside its same-run baselines, and split into its steps on a
 * second broker: orderSplit.ts), and with 50 clients at once, against the broker in its own
 * process (`npm start`'s). The market is frozen (TICK_HZ=0) at an open session; data folders are
 * temporary. Measures and prints; never asserts a time.
 */
/** Fresh processes the group-commit figure is measured in (_engineGroup.ts); the median is the figure. */
const GROUP_RUNS = 3;

export async function run(): Promise<void> {
  // BENCH_ORDERS=http: only the HTTP figures (the broker in its own process), for working on that door.
  if (process.env.BENCH_ORDERS !== "http") await inProcess();
  await overHttp();
}

async function inProcess(): Promise<void> {
  const bench = await openBenchEngine("orders");
  try {
    const { market, engine, shares, quoted, fresh } = bench;

    // 1a. One transaction per order (the synchronous in-process door, the GTT engine's): the baseline.
    for (let i = 0; i < 100; i++) engine.placeOrder("DEMO1", orderBody(quoted(shares[i % shares.length]!), i, false)); // warm up
    const single = 2000;
    const t = performance.now();
    for (let i = 0; i < single; i++) {
      const inst = shares[i % shares.length]!;
      if (i % 50 === 0) fresh(inst);
      const r = engine.placeOrder("DEMO1", orderBody(quoted(inst), i, false));
      if (r.status !== "Ok") throw new Error(`bench order refused: ${r.status} ${r.message}`);
    }
    const singleRate = (single / (performance.now() - t)) * 1000;
    console.log(`engine, one transaction per order: ${fmt(singleRate, 0)} market orders/s placed and filled (${single} orders, each its trade, position and charges)`);

    // 1b. Group commit: orders arriving together (200 at a time), acknowledged after their commit,
    // each run in a fresh process (_engineGroup.ts): one process's figure is one draw of this machine.
    const runs = Array.from({ length: GROUP_RUNS }, () => {
      const out = execFileSync(process.execPath, ["--import", "tsx", path.join(import.meta.dirname, "_engineGroup.ts")], { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] });
      return JSON.parse(out.trim().split("\n").pop()!) as { rate: number; cpuUs: number; orders: number; together: number; warmUp: number };
    });
    const byRate = [...runs].sort((a, b) => a.rate - b.rate);
    const median = byRate[Math.floor(byRate.length / 2)]!;
    const { orders: grouped, together, warmUp } = median;
    console.log(
      `engine, group commit: ${fmt(median.rate, 0)} market orders/s placed and acknowledged after their commit, median of ${GROUP_RUNS} fresh processes ` +
        `(${byRate.map((r) => `${fmt(r.rate, 0)}/s at ${fmt(r.cpuUs, 0)} µs CPU`).join(", ")}; ${fmt(grouped, 0)} orders each after ${fmt(warmUp, 0)} to warm up, ${together} arriving together)`,
    );
    report("engine", {
      figure: `${fmt(median.rate, 0)} orders/s wall, median of ${GROUP_RUNS} processes (${fmt(byRate[0]!.rate, 0)}-${fmt(byRate[byRate.length - 1]!.rate, 0)}); ${fmt(median.cpuUs, 0)} µs CPU per order`,
      meets: median.rate >= 20_000,
      ratio: `${fmt(median.rate / singleRate, 1)}x one transaction per order`,
    });

    // 2. Resting orders re-evaluated on ticks of their instrument.
    const resting = 2000;
    for (let i = 0; i < resting; i++) engine.placeOrder("DEMO1", orderBody(quoted(shares[i % shares.length]!), i, true));
    // Warmed up first (the index is sorted once and the JIT settles), then timed in CPU and wall time.
    const ticks = 4000;
    const tickCost = (list: Instrument[]) => {
      for (let i = 0; i < 400; i++) fresh(list[i % list.length]!);
      const c0 = process.cpuUsage();
      const w0 = performance.now();
      for (let i = 0; i < ticks; i++) fresh(list[i % list.length]!);
      const c = process.cpuUsage(c0);
      return { cpu: (c.user + c.system) / 1000 / ticks, wall: (performance.now() - w0) / ticks };
    };
    const busy = tickCost(shares);
    const idle = tickCost([market.bySymbol("NSEEQ", "WIPRO") as Instrument]);
    console.log(
      `tick path: ${fmt(busy.cpu, 3)} ms CPU (${fmt(busy.wall, 3)} ms wall) per tick with ${engine.workingCount()} resting orders (${(resting / shares.length).toFixed(0)} on the ticking instrument), ${ticks} ticks; ` +
        `${fmt(idle.cpu, 3)} ms CPU (${fmt(idle.wall, 3)} ms wall) on an instrument without orders (market setPrice included)`,
    );
    report("tick", { figure: `${fmt(busy.cpu, 3)} ms CPU per tick (${fmt(busy.wall, 3)} ms wall)`, meets: busy.cpu <= 0.05, ratio: `${fmt(idle.cpu, 3)} ms on an instrument without orders` });
    engine.cancelAll("DEMO1");
  } finally {
    await bench.close();
  }
}

/** CPU time (user + system, ms) a process or thread has used so far, from its /proc stat file; undefined where there is none. */
function cpuMsIn(statFile: string): number | undefined {
  try {
    const fields = fs.readFileSync(statFile, "utf8").split(") ")[1]!.split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // clock ticks of 1/100 s (USER_HZ)
  } catch {
    return undefined;
  }
}

const cpuMsOf = (pid: number) => cpuMsIn(`/proc/${pid}/stat`);

/**
 * CPU (ms) the process's threads other than its main one have used so far: V8's compiler and
 * garbage collector threads, libuv's pool, the WAL checkpointer. Near zero over a timed phase is
 * the sign of a broker in its steady state, its hot path compiled.
 */
function helperThreadsCpuMs(pid: number): number | undefined {
  try {
    const threads = fs.readdirSync(`/proc/${pid}/task`).filter((tid) => tid !== String(pid));
    return threads.reduce((sum, tid) => sum + (cpuMsIn(`/proc/${pid}/task/${tid}/stat`) ?? 0), 0);
  } catch {
    return undefined;
  }
}

/**
 * A bare durable write of a lone order's size on the disk the broker writes to (the temporary
 * folder): 6 pages with their WAL frame headers (what a marketable order's commit appends to the
 * WAL) written into a file already grown to 16 MB (the WAL once it has wrapped, which it overwrites
 * from its start), then fdatasync. Each call writes the next 6 pages; the file goes with close().
 */
function bareDurableWrite(): { write(): number; close(): void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tape-bench-fsync-"));
  const file = path.join(dir, "bare.wal");
  const size = 16 * 1024 * 1024;
  const fd = fs.openSync(file, "w+");
  fs.writeSync(fd, Buffer.alloc(size));
  fs.fsyncSync(fd);
  const pages = Buffer.alloc(6 * (24 + 4096), 7);
  let at = 0;
  return {
    write() {
      at = at + pages.length > size ? 0 : at;
      const t0 = performance.now();
      fs.writeSync(fd, pages, 0, pages.length, at);
      fs.fdatasyncSync(fd);
      const ms = performance.now() - t0;
      at += pages.length;
      return ms;
    },
    close() {
      fs.closeSync(fd);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Lone orders timed, each followed by its two baselines. */
const LONE = 2_000;

/**
 * Place-to-acknowledge over HTTP on loopback against the broker in its own process (so the
 * clients' HTTP work is not the broker's), half the orders marketable, every one acknowledged
 * only after its transaction committed: one client at a time, then 50 clients at once, each
 * placing its next order as soon as the last is acknowledged. Both are timed after a warm-up.
 *
 * A lone order takes turns with its two baselines, so that all three meet the same machine (two
 * cores shared with other work, whose load comes and goes within seconds): after each order, a
 * GET /health on the same connection (the HTTP door with nothing behind it) and a bare durable
 * write of the order's size (bareDurableWrite). "A durable write should cost at most /health plus
 * one fsync": both sums are printed, of the two p99s, and the p99 of the sums taken turn by turn.
 * And after each, an order to a second broker, whose time is split into its steps (orderSplit.ts).
 */
async function overHttp(): Promise<void> {
  const profileDir = process.env.BENCH_PROFILE ? fs.mkdtempSync(path.join(os.tmpdir(), "tape-bench-broker-prof-")) : undefined;
  const nodeFlags = profileDir ? ["--cpu-prof", "--cpu-prof-interval=250", `--cpu-prof-dir=${profileDir}`] : [];
  const broker = await startBrokerProcess({ TICK_HZ: "0", SIM_TIME: BENCH_OPEN, ORDER_RATE_LIMIT: "off", LOG_LEVEL: "error" }, { nodeFlags });
  const windows: Record<string, [number, number]> = {};
  const clients = 50;
  const session = await openOrderSession(broker.url, clients);
  const { client, post, place, placeOne } = session;
  const disk = bareDurableWrite();
  const split = await openSplitBroker();
  try {
    const timed = async (run: () => Promise<unknown>, samples: number[]) => {
      const cpu0 = cpuMsOf(broker.pid);
      const own0 = process.cpuUsage();
      const t = performance.now();
      await run();
      const seconds = (performance.now() - t) / 1000;
      const own = process.cpuUsage(own0);
      const cpu1 = cpuMsOf(broker.pid);
      if (session.refused()) throw new Error(`bench HTTP order refused: ${session.refused()}`);
      const perOrder = (ms: number) => `${fmt((ms * 1000) / samples.length, 0)} µs`;
      const cpu = `CPU per order: broker ${cpu0 === undefined || cpu1 === undefined ? "not measured" : perOrder(cpu1 - cpu0)}, clients ${perOrder((own.user + own.system) / 1000)}`;
      return { rate: samples.length / seconds, s: stats(samples), cpu };
    };
    await session.warmUp();
    await split.warmUp();
    await split.reset();

    const one: number[] = [];
    const health: number[] = [];
    const fsyncs: number[] = [];
    const get = client.gets[0]!;
    const oneFrom = nowMicros();
    const helpers0 = helperThreadsCpuMs(broker.pid);
    const lone = await timed(async () => {
      for (let k = 0; k < LONE; k++) {
        one.push(await placeOne(post, k, k));
        const t0 = performance.now();
        const up = await get("/health");
        health.push(performance.now() - t0);
        if (up.status !== "Ok") throw new Error(`GET /health: ${up.status} ${up.message}`);
        fsyncs.push(disk.write());
        await split.placeOne();
      }
    }, one);
    const helpers1 = helperThreadsCpuMs(broker.pid);
    windows.one = [oneFrom, nowMicros()];
    const helpers = helpers0 === undefined || helpers1 === undefined ? "not measured" : `${fmt(helpers1 - helpers0, 0)} ms`;
    const h = stats(health);
    const f = stats(fsyncs);
    const turnByTurn = stats(health.map((ms, k) => ms + fsyncs[k]!));
    const bound = h.p99 + f.p99;
    console.log(
      `place-to-acknowledge over HTTP (loopback, one at a time, half marketable): median ${fmt(lone.s.median, 2)} ms, p99 ${fmt(lone.s.p99, 2)} ms ` +
        `(${one.length} orders after ${fmt(BENCH_WARM_UP, 0)} grouped and ${fmt(LONE_WARM_UP, 0)} lone ones to warm up; ${lone.cpu.replace("clients", "client (with its baselines)")}; the broker's other threads, V8's compiler and collector among them, ${helpers} of CPU in all)`,
    );
    console.log(
      `  same run, in turn with each order: GET /health median ${fmt(h.median, 2)} ms, p99 ${fmt(h.p99, 2)} ms; a bare 6-page write + fdatasync median ${fmt(f.median, 2)} ms, p99 ${fmt(f.p99, 2)} ms; ` +
        `/health p99 + fdatasync p99 = ${fmt(bound, 2)} ms (turn by turn, /health + fdatasync: median ${fmt(turnByTurn.median, 2)} ms, p99 ${fmt(turnByTurn.p99, 2)} ms); ` +
        `the order's p99 is ${fmt(lone.s.p99 / h.p99, 2)}x /health's and ${fmt(lone.s.p99 / bound, 2)}x the sum`,
    );
    report("httpOne", {
      figure: `p99 ${fmt(lone.s.p99, 2)} ms, median ${fmt(lone.s.median, 2)} ms`,
      meets: lone.s.p99 <= 5,
      ratio: `${fmt(lone.s.p99 / h.p99, 1)}x GET /health p99 ${fmt(h.p99, 2)} ms; ${fmt(lone.s.p99 / bound, 2)}x /health p99 + a bare 6-page fdatasync p99 ${fmt(f.p99, 2)} ms`,
    });
    await split.print();

    const perClient = 200;
    const many: number[] = [];
    const from = nowMicros();
    const crowd = await timed(() => Promise.all(client.connections.map((post, c) => place(post, 10_000 + c * perClient, perClient, many))), many);
    windows.orders = [from, nowMicros()];
    console.log(`place-to-acknowledge over HTTP, ${clients} clients at once: ${fmt(crowd.rate, 0)} orders/s, median ${fmt(crowd.s.median, 2)} ms, p99 ${fmt(crowd.s.p99, 2)} ms (${many.length} orders; ${crowd.cpu})`);

    // The door's own cost, same run: as many calls of a guarded route that does next to nothing (the
    // rate budget: the session check, the JSON envelope both ways), from the same 50 clients.
    const bare: number[] = [];
    let refused = "";
    const ask = async (post: Post, count: number) => {
      for (let k = 0; k < count; k++) {
        const t0 = performance.now();
        const answer = await post("/core/v2/orders/rateBudget", {});
        bare.push(performance.now() - t0);
        if (answer.status !== "Ok") refused ||= `${answer.status} ${answer.message}`;
      }
    };
    const doorFrom = nowMicros();
    const door = await timed(() => Promise.all(client.connections.map((post) => ask(post, perClient))), bare);
    if (refused) throw new Error(`the rate budget refused: ${refused}`);
    windows.door = [doorFrom, nowMicros()];
    console.log(`  the HTTP door alone, ${clients} clients calling a guarded route that does next to nothing: ${fmt(door.rate, 0)} calls/s, p99 ${fmt(door.s.p99, 2)} ms (${bare.length} calls; ${door.cpu.replace(/per order/, "per call")})`);
    report("httpMany", {
      figure: `${fmt(crowd.rate, 0)} orders/s, p99 ${fmt(crowd.s.p99, 1)} ms`,
      meets: crowd.rate >= 5000 && crowd.s.p99 <= 25,
      ratio: `the door alone: ${fmt(door.rate, 0)} calls/s, p99 ${fmt(door.s.p99, 1)} ms`,
    });
  } finally {
    disk.close();
    session.close();
    await split.close();
    await broker.stop();
  }
  if (profileDir) {
    fs.writeFileSync(path.join(profileDir, "windows.json"), JSON.stringify(windows)); // for a closer look at the profile
    for (const [name, window] of Object.entries(windows)) printBrokerProfile(profileDir, name, window);
  }
}

/** The monotonic clock in µs: the clock V8 stamps a CPU profile's samples with (CLOCK_MONOTONIC on Linux). */
const nowMicros = () => Number(process.hrtime.bigint() / 1000n);

type CpuProfile = { nodes: Array<{ id: number; callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number } }>; startTime: number; samples: number[]; timeDeltas: number[] };

/**
 * With BENCH_PROFILE=1 the broker process runs with --cpu-prof: of its profile, the samples taken
 * while the 50 clients ran one phase (orders, the bare door), as self time per function and per area.
 */
function printBrokerProfile(dir: string, name: string, [from, to]: [number, number]): void {
  const file = fs.readdirSync(dir).find((f) => f.endsWith(".cpuprofile"));
  if (!file) return void console.log(`  no broker profile was written in ${dir}`);
  const profile = JSON.parse(fs.readFileSync(path.join(dir, file), "utf8")) as CpuProfile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  const areas = new Map<string, number>();
  let t = profile.startTime;
  profile.samples.forEach((id, i) => {
    t += profile.timeDeltas[i] ?? 0;
    if (t < from || t > to) return;
    const { functionName, url, lineNumber, columnNumber } = byId.get(id)!.callFrame;
    const where = url.replace(/^file:\/\//, "").replace(`${process.cwd()}/`, "");
    const ms = (profile.timeDeltas[i] ?? 0) / 1000;
    const key = `${functionName || "(anonymous)"} ${where.split("/").slice(-2).join("/")}:${lineNumber + 1}:${columnNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + ms);
    const area = where.startsWith("server/") ? where.split("/").slice(0, 2).join("/") : where.includes("node_modules/") ? `node_modules/${where.split("node_modules/").pop()!.split("/")[0]}` : where.startsWith("node:") ? where.split("/")[0]! : functionName || "(native)";
    areas.set(area, (areas.get(area) ?? 0) + ms);
  });
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  const top = (m: Map<string, number>, n: number) => [...m.entries()].sort((a, b) => b[1] - a[1]).slice(0, n).map(([k, ms]) => `  ${fmt(ms, 0).padStart(6)} ms ${fmt((ms / total) * 100, 1).padStart(5)} %  ${k}`).join("\n");
  console.log(`broker CPU profile, 50 clients, ${name} (${path.join(dir, file)}), ${fmt(total, 0)} ms of samples; by area:\n${top(areas, 20)}\nby function (self time):\n${top(self, 30)}`);
}
