import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { istDateKey } from "../../../src/core/time.js";
import { spawnBroker } from "../../support/brokerProcess.js";

type Envelope = { status: string; message: string; result: Array<Record<string, unknown>> };

describe('"Replay today" at the very start of a session (issue 35)', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tape-replay-early-"));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it("replays the seconds recorded so far, though the recorder has not yet written its first block", async () => {
    // Recording on (the default); its block is written every 10 s, so a call at once finds nothing on disk unless the start writes it.
    const broker = spawnBroker({ PORT: "0", DATA_DIR: dataDir, STATIC_DIR: "", DEV_SESSION: "1" });
    try {
      const url = await broker.url;
      const session = (await (await fetch(`${url}/dev/session`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ userId: "DEMO1" }) })).json()) as Envelope;
      const token = session.result[0]?.accessToken as string;
      const call = async (p: string, body: unknown = {}) =>
        (await (await fetch(`${url}${p}`, { method: "POST", headers: { "content-type": "application/json", authorization: `Bearer ${token}` }, body: JSON.stringify(body) })).json()) as Envelope;
      // Today, as the broker's clock has it (IST date of its simTime).
      const today = istDateKey(new Date((await call("/core/v2/replay/state")).result[0]!.simTime as number));
      expect(fs.existsSync(path.join(dataDir, "tapes", `${today}.tape`))).toBe(false);
      const started = await call("/core/v2/replay/start", { date: today });
      expect(started).toMatchObject({ status: "Ok", result: [{ date: today, switching: true }] });
      // Then the broker comes back replaying today's recording (a refused or failed start would come back live).
      let state: Record<string, unknown> | undefined;
      for (let i = 0; i < 120 && !state?.active; i++) {
        await new Promise((r) => setTimeout(r, 500));
        state = await call("/core/v2/replay/state").then((e) => e.result[0], () => undefined);
      }
      expect(state).toMatchObject({ active: true, date: today, source: "recorded" });
    } finally {
      broker.child.kill("SIGTERM");
      await broker.exited();
    }
  }, 120_000);
});
