import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

/** A paper broker process: `url` settles when it prints where it listens (rejects if it exits first). */
export interface SpawnedBroker {
  child: ChildProcess;
  url: Promise<string>;
  /** Everything it printed so far. */
  output(): string;
  /** Resolves with its exit code once it has exited (at once if it already has). */
  exited(): Promise<number | null>;
}

/**
 * The one way tests start `server/main.ts` as its own process, exactly as `npm start` runs it.
 * `env` decides port, data folder, clock and the rest; a kill -9 or a restart on the same data
 * folder is the caller's business.
 */
export function spawnBroker(env: Record<string, string>, nodeFlags: readonly string[] = [], startMs = 60_000): SpawnedBroker {
  const child = spawn(process.execPath, [...nodeFlags, "--import", "tsx", "server/main.ts"], {
    env: { ...process.env, LOG_LEVEL: "warn", SIM_SEED: "7", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  const url = new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`broker did not start:\n${out}`)), startMs);
    const onData = (b: Buffer) => {
      out += b.toString();
      const m = /Tape paper broker on (http:\/\/\S+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", onData);
    child.on("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`broker exited with ${code}:\n${out}`));
    });
  });
  const exited = () => new Promise<number | null>((r) => (child.exitCode !== null || child.signalCode !== null ? r(child.exitCode) : child.once("exit", (code) => r(code))));
  return { child, url, output: () => out, exited };
}

export interface BrokerProcess {
  url: string;
  dataDir: string;
  /** Its process id (a benchmark reads its CPU time from /proc). */
  pid: number;
  /** Everything it printed so far (a benchmark shows it when asked to: BENCH_LOG=1). */
  output(): string;
  /** SIGKILL, as a crash: nothing is closed cleanly and the data folder stays. */
  kill: () => Promise<void>;
  /** SIGTERM; the data folder goes too when this process made it. */
  stop: () => Promise<void>;
}

/**
 * The paper broker as the e2e worker fixture and the browser benchmarks use it: by default on port 0
 * with a fresh DATA_DIR; a restart test passes the port and data folder of the broker it killed.
 * `nodeFlags` go to node itself (a benchmark's --cpu-prof, which NODE_OPTIONS does not take).
 */
export async function startBrokerProcess(env: Record<string, string> = {}, at: { port?: number; dataDir?: string; nodeFlags?: readonly string[]; startMs?: number } = {}): Promise<BrokerProcess> {
  const ownDir = at.dataDir === undefined;
  const dataDir = at.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), "tape-broker-"));
  // DEV_SESSION=1: the e2e fixtures and the benchmarks sign in through /dev/session.
  const spawnAt = async (port: number) => {
    const b = spawnBroker({ PORT: String(port), DATA_DIR: dataDir, DEV_SESSION: "1", ...env }, at.nodeFlags, at.startMs);
    return { b, url: await b.url };
  };
  // A port of our own choosing when none is given (freePort says why); another process may take it
  // between the check and the broker's listen, so a broker that finds it in use is started on another.
  let started: Awaited<ReturnType<typeof spawnAt>> | undefined;
  for (let tries = 0; !started; tries++) {
    try {
      started = await spawnAt(at.port ?? (await freePort()));
    } catch (err) {
      if (at.port !== undefined || tries >= 4 || !/already in use/.test(String(err))) throw err;
    }
  }
  const { b: broker, url } = started;
  const end = async (signal: NodeJS.Signals) => {
    if (broker.child.exitCode === null && broker.child.signalCode === null) {
      broker.child.kill(signal);
      await broker.exited();
    }
  };
  return {
    url,
    dataDir,
    pid: broker.child.pid as number,
    output: broker.output,
    kill: () => end("SIGKILL"),
    stop: async () => {
      await end("SIGTERM");
      if (ownDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Below Linux's ephemeral range (32768-60999), where the system never hands out a port by itself. */
const OWN_PORTS = { from: 20_000, to: 32_000 };

/**
 * A port free now, for a broker that must come back on the same one: a broker restarted on its port
 * (a crash test, a replay's switch, which closes and listens again) lost it in a clean-clone run to
 * another process, when it was one the system hands out to any listen on port 0 or any outgoing
 * connection (the replay never came back: "Broker unreachable" for 3 minutes). So it is chosen at
 * random below the ephemeral range, where only a process that names it can take it.
 */
export async function freePort(): Promise<number> {
  for (let i = 0; i < 50; i++) {
    const port = OWN_PORTS.from + Math.floor(Math.random() * (OWN_PORTS.to - OWN_PORTS.from));
    if (await canListen(port)) return port;
  }
  throw new Error(`no free port between ${OWN_PORTS.from} and ${OWN_PORTS.to}`);
}

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.once("error", () => resolve(false));
    srv.listen(port, "127.0.0.1", () => srv.close(() => resolve(true)));
  });
}
