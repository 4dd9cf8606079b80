import { execFileSync } from "node:child_process";
import { performance } from "node:perf_hooks";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import type { Instrument } from "../../server/market/types.js";
import { startBrokerProcess } from "../support/brokerProcess.js";
import { BENCH_OPEN, BENCH_SYMBOLS, BENCH_WARM_UP, openBenchEngine, orderBody, type Quoted } from "./benchEngine.js";
import { fmt, report, stats } from "./util.js";

/**
 * The order engine's figures (issues 5 and 18): orders per second through the engine in process
 * (validation, funds, SQLite, matching, portfolio), placed the HTTP door's way (group commit:
 * the orders arriving together share one transaction, acknowledged after its commit) against
 * one transaction each; resting orders re-evaluated per market tick; place-to-acknowledge over
 * HTTP on loopback one at a time, and with 50 clients at once, against the broker in its own
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
    let t = performance.now();
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

type Answer = { status: string; message: string; result: Array<Record<string, unknown>> };
type Post = (path: string, body: unknown) => Promise<Answer>;

/**
 * The benchmark's HTTP clients: one kept-alive connection each, speaking HTTP/1.1 over a plain
 * socket (the request written in one piece, the answer read by its Content-Length), as load
 * generators such as wrk and autocannon do. The clients share the broker's two cores: node:http
 * cost them 70-85 µs of CPU per call and this 30 (and `fetch` about four times node:http), CPU
 * the broker then has for itself. Each call still waits for its whole answer, parsed.
 */
function httpClients(url: string, count: number) {
  const { hostname, port } = new URL(url);
  let authorization = "";
  const connections = Array.from({ length: count }, () => connection(hostname, Number(port), () => authorization));
  return {
    connections: connections.map((c) => c.post),
    async signIn(userId: string) {
      const login = await connections[0]!.post("/dev/session", { userId });
      authorization = `Bearer ${login.result[0]?.accessToken as string}`;
    },
    close: () => connections.forEach((c) => c.close()),
  };
}

/**
 * The broker closes a connection idle for 5 s (server/http/limits.ts); one idle nearly that long
 * is replaced before a call rather than risk the broker closing it as the call goes out.
 */
const IDLE_REOPEN_MS = 4_000;

/** One client's connection, one call at a time; reopened if the broker closed it (or may be about to) while idle. */
function connection(host: string, port: number, authorization: () => string): { post: Post; close(): void } {
  let socket: net.Socket | undefined;
  let lastUsed = 0;
  let waiting: { resolve: (a: Answer) => void; reject: (err: Error) => void } | undefined;
  let received: Buffer = Buffer.alloc(0);
  const fail = (err: Error) => {
    const w = waiting;
    waiting = undefined;
    w?.reject(err);
  };
  const read = (chunk: Buffer) => {
    received = received.length === 0 ? chunk : Buffer.concat([received, chunk]);
    const headEnd = received.indexOf("\r\n\r\n");
    if (headEnd < 0) return;
    const head = received.toString("latin1", 0, headEnd);
    const length = /\r\ncontent-length: *(\d+)/i.exec(head)?.[1];
    if (length === undefined) return fail(new Error(`an answer without Content-Length: ${head}`));
    const end = headEnd + 4 + Number(length);
    if (received.length < end) return;
    const body = received.toString("utf8", headEnd + 4, end);
    received = received.subarray(end);
    const w = waiting;
    waiting = undefined;
    lastUsed = performance.now();
    try {
      w?.resolve(JSON.parse(body) as Answer);
    } catch (err) {
      w?.reject(err as Error);
    }
  };
  const open = () => {
    const s = net.connect({ host, port, noDelay: true });
    // Only the current socket speaks: one replaced while idle may still report its closing.
    s.on("data", (chunk: Buffer) => socket === s && read(chunk));
    s.on("error", (err) => socket === s && fail(err));
    s.on("close", () => {
      if (socket !== s) return;
      socket = undefined;
      received = Buffer.alloc(0);
      fail(new Error("the broker closed the connection during a call"));
    });
    return s;
  };
  const post: Post = (path, body) =>
    new Promise<Answer>((resolve, reject) => {
      if (waiting) return reject(new Error("one call at a time on a connection"));
      waiting = { resolve, reject };
      const payload = JSON.stringify(body);
      const auth = authorization();
      const now = performance.now();
      if (socket && now - lastUsed > IDLE_REOPEN_MS) {
        socket.destroy();
        socket = undefined;
      }
      lastUsed = now;
      socket ??= open();
      socket.write(
        `POST ${path} HTTP/1.1\r\nHost: ${host}:${port}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(payload)}\r\n${auth ? `Authorization: ${auth}\r\n` : ""}\r\n${payload}`,
      );
    });
  return { post, close: () => socket?.destroy() };
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
 * The floor under a lone order's acknowledgement on this disk: one durable SQLite commit (WAL,
 * synchronous=FULL, the broker's settings) of one small row, which is one fsync of the WAL.
 */
function loneCommitFloor(): { median: number; p99: number } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tape-bench-fsync-"));
  const db = new Database(path.join(dir, "floor.sqlite"));
  try {
    db.pragma("journal_mode = WAL");
    db.pragma("synchronous = FULL");
    db.exec("CREATE TABLE t (id INTEGER PRIMARY KEY, data TEXT NOT NULL)");
    const insert = db.prepare("INSERT INTO t (data) VALUES (?)");
    const commit = db.transaction((data: string) => insert.run(data));
    const samples: number[] = [];
    for (let i = 0; i < 500; i++) {
      const t0 = performance.now();
      commit("x".repeat(500));
      samples.push(performance.now() - t0);
    }
    return stats(samples);
  } finally {
    db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Place-to-acknowledge over HTTP on loopback against the broker in its own process (so the
 * clients' HTTP work is not the broker's), half the orders marketable, every one acknowledged
 * only after its transaction committed: one client at a time, then 50 clients at once, each
 * placing its next order as soon as the last is acknowledged. Both are timed after a warm-up.
 */
async function overHttp(): Promise<void> {
  // Measured first: a pause between the timed phases would let the kept-alive connections time out.
  const floor = loneCommitFloor();
  const profileDir = process.env.BENCH_PROFILE ? fs.mkdtempSync(path.join(os.tmpdir(), "tape-bench-broker-prof-")) : undefined;
  const nodeFlags = profileDir ? ["--cpu-prof", "--cpu-prof-interval=250", `--cpu-prof-dir=${profileDir}`] : [];
  const broker = await startBrokerProcess({ TICK_HZ: "0", SIM_TIME: BENCH_OPEN, ORDER_RATE_LIMIT: "off", LOG_LEVEL: "error" }, { nodeFlags });
  const windows: Record<string, [number, number]> = {};
  const clients = 50;
  const client = httpClients(broker.url, clients);
  try {
    await client.signIn("DEMO1");
    const post = client.connections[0]!;
    await post("/core/v2/funds/add", { amount: 90_000_000 });
    const shares: Array<Quoted & { ltp: number }> = [];
    for (const symbol of BENCH_SYMBOLS) {
      const found = (await post("/core/search", { searchText: symbol, exchange: ["NSEEQ"], pageSize: 5, currentPage: 1 })).result.find((r) => r.tradingSymbol === `${symbol}-EQ`)!;
      const info = (await post("/core/v2/security/info", { exchange: "NSEEQ", token: found.token })).result[0]!;
      shares.push({ token: found.token as number, lowerCircuit: info.lowerCircuit as number, upperCircuit: info.upperCircuit as number, ltp: (info.ltp ?? info.lastTradedPrice ?? info.pdc) as number });
    }
    let refused = "";
    /** Places `count` orders one after another on one client's connection (order numbers from `first`); the latencies go to `into`. */
    const place = async (post: Post, first: number, count: number, into?: number[]) => {
      for (let k = 0; k < count; k++) {
        const i = first + k;
        const inst = shares[i % shares.length]!;
        // Fresh depth now and then, as ticks would bring (not timed).
        if (k % 40 === 0 && inst.ltp) {
          const moved = await post("/dev/price", { exchange: "NSEEQ", token: inst.token, price: inst.ltp });
          if (moved.status !== "Ok") refused ||= `price: ${moved.status} ${moved.message}`;
        }
        const t0 = performance.now();
        const answer = await post("/core/v2/orders/", orderBody(inst, i, i % 2 === 1));
        into?.push(performance.now() - t0);
        if (answer.status !== "Ok") refused ||= `${answer.status} ${answer.message}`;
      }
    };
    const timed = async (run: () => Promise<unknown>, samples: number[]) => {
      const cpu0 = cpuMsOf(broker.pid);
      const own0 = process.cpuUsage();
      const t = performance.now();
      await run();
      const seconds = (performance.now() - t) / 1000;
      const own = process.cpuUsage(own0);
      const cpu1 = cpuMsOf(broker.pid);
      if (refused) throw new Error(`bench HTTP order refused: ${refused}`);
      const perOrder = (ms: number) => `${fmt((ms * 1000) / samples.length, 0)} µs`;
      const cpu = `CPU per order: broker ${cpu0 === undefined || cpu1 === undefined ? "not measured" : perOrder(cpu1 - cpu0)}, clients ${perOrder((own.user + own.system) / 1000)}`;
      return { rate: samples.length / seconds, s: stats(samples), cpu };
    };
    // Warm-up (BENCH_WARM_UP): the broker's hot path compiled and its caches filled before anything is
    // timed. With 1,000 orders only, V8 was still compiling through the timed phase on threads that
    // took 220 ms of the two cores in 1,000 lone orders, and the one-at-a-time p99 was 4 ms, not 1.5.
    const warmPerClient = BENCH_WARM_UP / clients;
    await Promise.all(client.connections.map((post, c) => place(post, 100_000 + c * warmPerClient, warmPerClient)));
    const loneWarmUp = 1000; // and the lone order's own path: a group of one, nothing queued behind it
    await place(post, 200_000, loneWarmUp);

    const one: number[] = [];
    const oneFrom = nowMicros();
    const helpers0 = helperThreadsCpuMs(broker.pid);
    const lone = await timed(() => place(post, 0, 1000, one), one);
    const helpers1 = helperThreadsCpuMs(broker.pid);
    windows.one = [oneFrom, nowMicros()];
    const helpers = helpers0 === undefined || helpers1 === undefined ? "not measured" : `${fmt(helpers1 - helpers0, 0)} ms`;
    console.log(
      `place-to-acknowledge over HTTP (loopback, one at a time, half marketable): median ${fmt(lone.s.median, 2)} ms, p99 ${fmt(lone.s.p99, 2)} ms ` +
        `(${one.length} orders after ${fmt(BENCH_WARM_UP, 0)} grouped and ${fmt(loneWarmUp, 0)} lone ones to warm up; ${lone.cpu}; the broker's other threads, V8's compiler and collector among them, ${helpers} of CPU in all)`,
    );
    console.log(`  its floor, one durable SQLite commit (WAL, synchronous=FULL) on this disk: median ${fmt(floor.median, 2)} ms, p99 ${fmt(floor.p99, 2)} ms`);
    report("httpOne", { figure: `p99 ${fmt(lone.s.p99, 2)} ms, median ${fmt(lone.s.median, 2)} ms`, meets: lone.s.p99 <= 5, ratio: `floor: a lone durable commit, p99 ${fmt(floor.p99, 2)} ms` });

    const perClient = 200;
    const many: number[] = [];
    const from = nowMicros();
    const crowd = await timed(() => Promise.all(client.connections.map((post, c) => place(post, 10_000 + c * perClient, perClient, many))), many);
    windows.orders = [from, nowMicros()];
    console.log(`place-to-acknowledge over HTTP, ${clients} clients at once: ${fmt(crowd.rate, 0)} orders/s, median ${fmt(crowd.s.median, 2)} ms, p99 ${fmt(crowd.s.p99, 2)} ms (${many.length} orders; ${crowd.cpu})`);

    // The door's own cost, same run: as many calls of a guarded route that does next to nothing (the
    // rate budget: the session check, the JSON envelope both ways), from the same 50 clients.
    const bare: number[] = [];
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
    windows.door = [doorFrom, nowMicros()];
    console.log(`  the HTTP door alone, ${clients} clients calling a guarded route that does next to nothing: ${fmt(door.rate, 0)} calls/s, p99 ${fmt(door.s.p99, 2)} ms (${bare.length} calls; ${door.cpu.replace(/per order/, "per call")})`);
    report("httpMany", {
      figure: `${fmt(crowd.rate, 0)} orders/s, p99 ${fmt(crowd.s.p99, 1)} ms`,
      meets: crowd.rate >= 5000 && crowd.s.p99 <= 25,
      ratio: `the door alone: ${fmt(door.rate, 0)} calls/s, p99 ${fmt(door.s.p99, 1)} ms`,
    });
  } finally {
    client.close();
    await broker.stop();
  }
  if (!profileDir) return;
  fs.writeFileSync(path.join(profileDir, "windows.json"), JSON.stringify(windows)); // for a closer look at the profile
  for (const [name, window] of Object.entries(windows)) printBrokerProfile(profileDir, name, window);
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
