import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
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
export function spawnBroker(env: Record<string, string>): SpawnedBroker {
  const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    env: { ...process.env, LOG_LEVEL: "warn", SIM_SEED: "7", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  const url = new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`broker did not start:\n${out}`)), 60_000);
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

/**
 * The paper broker on port 0 with a fresh DATA_DIR, as the e2e global setup and the browser
 * benchmarks use it; `stop` ends it and removes its data.
 */
export async function startBrokerProcess(env: Record<string, string> = {}): Promise<{ url: string; dataDir: string; stop: () => Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tape-broker-"));
  // DEV_SESSION=1: the e2e fixtures and the benchmarks sign in through /dev/session.
  const broker = spawnBroker({ PORT: "0", DATA_DIR: dataDir, DEV_SESSION: "1", ...env });
  const url = await broker.url;
  return {
    url,
    dataDir,
    stop: async () => {
      if (broker.child.exitCode === null) {
        broker.child.kill("SIGTERM");
        await broker.exited();
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
