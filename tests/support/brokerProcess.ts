import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

export interface BrokerProcess {
  url: string;
  dataDir: string;
  /** SIGTERM, then the data folder goes (unless the caller gave it). */
  stop: () => Promise<void>;
  /** Ends the process with SIGKILL, as a crash would; the data folder stays. */
  kill: () => Promise<void>;
}

/**
 * The paper broker as its own process, exactly as `npm start` runs it (after the build), on
 * port 0 with a fresh DATA_DIR. The e2e global setup and the browser benchmarks share it. A test
 * that restarts a broker passes its own port (env PORT) and `dataDir`, which it then owns.
 */
export async function startBrokerProcess(env: Record<string, string> = {}, opts: { dataDir?: string } = {}): Promise<BrokerProcess> {
  const dataDir = opts.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), "tape-broker-"));
  const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    env: { ...process.env, PORT: "0", DATA_DIR: dataDir, LOG_LEVEL: "warn", SIM_SEED: "7", ...env },
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
      const exited = new Promise((r) => child.once("exit", r));
      child.kill(signal);
      await exited;
    }
  };
  return {
    url,
    dataDir,
    stop: async () => {
      await end("SIGTERM");
      if (!opts.dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
    kill: () => end("SIGKILL"),
  };
}
