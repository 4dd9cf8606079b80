import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

export interface BrokerProcess {
  url: string;
  dataDir: string;
  /** SIGKILL, as a crash: nothing is closed cleanly and the data folder stays. */
  kill: () => Promise<void>;
  /** SIGTERM; the data folder goes too when this process made it. */
  stop: () => Promise<void>;
}

/**
 * The paper broker as its own process, exactly as `npm start` runs it (after the build), by
 * default on port 0 with a fresh DATA_DIR. The e2e global setup and the browser benchmarks share
 * it; a restart test passes the port and data folder of the broker it killed.
 */
export async function startBrokerProcess(env: Record<string, string> = {}, at: { port?: number; dataDir?: string } = {}): Promise<BrokerProcess> {
  const ownDir = at.dataDir === undefined;
  const dataDir = at.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), "tape-broker-"));
  const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    env: { ...process.env, PORT: String(at.port ?? 0), DATA_DIR: dataDir, LOG_LEVEL: "warn", SIM_SEED: "7", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let log = "";
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`broker did not start:\n${log}`)), 60_000);
    const onData = (b: Buffer) => {
      log += b.toString();
      const m = /Tape paper broker on (http:\/\/\S+)/.exec(log);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    child.on("exit", (code) => reject(new Error(`broker exited with ${code}:\n${log}`)));
  });
  const end = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill(signal);
      await new Promise((r) => child.once("exit", r));
    }
  };
  return {
    url,
    dataDir,
    kill: () => end("SIGKILL"),
    stop: async () => {
      await end("SIGTERM");
      if (ownDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A port free now, for a broker that must come back on the same one. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const address = srv.address();
      const port = typeof address === "object" && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}
