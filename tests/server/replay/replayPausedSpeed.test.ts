import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startReplayBroker, type ReplayBroker } from "./replayHarness.js";

/**
 * Issue 35, a tester's finding: paused, then "Replay at 50×", the app's badge said only "REPLAY
 * paused". The health answer (what the app reads once a second, also after a reload) says the
 * clock stands (clockSpeed 0) and, apart from that, the speed the replay is set to: what resume plays at.
 */
describe("the health answer of a paused replay", () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tape-replay-paused-speed-"));
  const wall = { now: 0 };
  let r: ReplayBroker;
  const health = async () => JSON.parse((await r.broker.app.inject({ method: "GET", url: "/health" })).body).result[0] as { clockSpeed: number; replaySpeed?: number };

  beforeAll(async () => {
    r = await startReplayBroker(dataDir, wall);
  }, 120_000);
  afterAll(async () => {
    await r?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("names the speed chosen while paused, and runs at it once resumed", async () => {
    expect(await health()).toMatchObject({ clockSpeed: 1, replaySpeed: 1 });
    expect((await r.call("/core/v2/replay/control", { action: "pause" })).status).toBe("Ok");
    expect((await r.call("/core/v2/replay/control", { action: "speed", speed: 50 })).status).toBe("Ok");
    expect(await health()).toMatchObject({ clockSpeed: 0, replaySpeed: 50 });
    expect((await r.call("/core/v2/replay/control", { action: "resume" })).status).toBe("Ok");
    expect(await health()).toMatchObject({ clockSpeed: 50, replaySpeed: 50 });
  });
});
