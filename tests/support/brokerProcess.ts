import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * The paper broker as its own process, exactly as `npm start` runs it (after the build), on
 * port 0 with a fresh DATA_DIR. The e2e global setup and the browser benchmarks share it.
 */
export async function startBrokerProcess(env: Record<string, string> = {}): Promise<{ url: string; dataDir: string; stop: () => Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tape-broker-"));
  const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    // DEV_SESSION=1: the e2e fixtures and the benchmarks sign in through /dev/session.
    env: { ...process.env, PORT: "0", DATA_DIR: dataDir, LOG_LEVEL: "warn", SIM_SEED: "7", DEV_SESSION: "1", ...env },
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
  return {
    url,
    dataDir,
    stop: async () => {
      if (child.exitCode === null) {
        child.kill("SIGTERM");
        await new Promise((r) => child.once("exit", r));
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
