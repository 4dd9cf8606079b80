import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildBroker, type Broker } from "../../server/app.js";
import { readConfig } from "../../server/config.js";

export interface TestBroker {
  broker: Broker;
  url: string;
  dataDir: string;
  /** Signs a demo user in through the paper-mode /dev/session route and returns the bearer. */
  login(userId?: string): Promise<string>;
  /** Closes the broker; `keepData` leaves the folder for a restart test. */
  stop(keepData?: boolean): Promise<void>;
}

/** A real broker on a free loopback port with its own temporary DATA_DIR (or a given one, for restart tests). */
export async function startBroker(env: Record<string, string> = {}, dataDir?: string): Promise<TestBroker> {
  const dir = dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), "tape-test-"));
  // DEV_SESSION=1: the harness signs users in through /dev/session (login()).
  // ORDER_RATE_LIMIT=off: the server tests fire orders as fast as they can; tests/server/orders.rateLimit.test.ts sets its own.
  // WIRE_CHECK=1: an answer its schema would change fails the call (server/http/wire.ts), so every server test checks the answer schemas too.
  // RECORD off: the flight recorder costs a broker a sixth to a third of its CPU (server/README.md); its own
  // tests (tests/server/replay) drive it, and the e2e brokers run the default, recording.
  const config = readConfig({ PORT: "0", DATA_DIR: dir, LOG_LEVEL: "warn", STATIC_DIR: "", SIM_SEED: "7", DEV_SESSION: "1", ORDER_RATE_LIMIT: "off", WIRE_CHECK: "1", RECORD: "off", ...env });
  const broker = await buildBroker(config);
  await broker.app.listen({ port: 0, host: "127.0.0.1" });
  const addr = broker.app.server.address();
  const url = `http://127.0.0.1:${typeof addr === "object" && addr ? addr.port : 0}`;
  return {
    broker,
    url,
    dataDir: dir,
    async login(userId = "DEMO1") {
      const res = await fetch(`${url}/dev/session`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ userId }) });
      const body = (await res.json()) as { result: Array<{ accessToken: string }> };
      const token = body.result[0]?.accessToken;
      if (!token) throw new Error(`login failed for ${userId}`);
      return token;
    },
    async stop(keepData = false) {
      await broker.close();
      if (!keepData) fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
