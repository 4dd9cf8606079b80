import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { spawnBroker, type SpawnedBroker } from "../../support/brokerProcess.js";

type Envelope = { status: string; message: string; result: Array<Record<string, unknown>> };

/**
 * "Replay a day…" closes the broker and listens again on its port (server/main.ts). The clean-clone CI
 * of 26248be saw a broker that never came back after it ("not answering" for 3 minutes). A connection
 * that keeps the close waiting (here a request whose headers never end, under a two-minute HTTP
 * timeout) must not keep the trader without a broker: the switch drops it and comes up replaying.
 */
describe("a replay's switch with a connection that holds the close", () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tape-replay-held-"));
  let broker: SpawnedBroker | undefined;
  let held: net.Socket | undefined;
  afterAll(async () => {
    held?.destroy();
    broker?.child.kill("SIGTERM");
    await broker?.exited();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("drops what is still open after a while and answers in replay, the log saying so", async () => {
    broker = spawnBroker({ PORT: "0", DATA_DIR: dataDir, STATIC_DIR: "", DEV_SESSION: "1", RECORD: "off", HTTP_TIMEOUT_MS: "120000" });
    const url = await broker.url;
    const session = (await (await fetch(`${url}/dev/session`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ userId: "DEMO1" }) })).json()) as Envelope;
    const token = session.result[0]!.accessToken as string;
    const { port } = new URL(url);
    held = net.connect(Number(port), "127.0.0.1");
    await new Promise<void>((r) => held!.once("connect", () => r()));
    let closedByBroker = false;
    held.on("close", () => (closedByBroker = true));
    held.write("GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n"); // the blank line that ends the headers never comes

    const start = (await (await fetch(`${url}/core/v2/replay/start`, { method: "POST", headers: { "content-type": "application/json", authorization: `Bearer ${token}` }, body: JSON.stringify({ date: "2026-11-23" }) })).json()) as Envelope;
    expect(start.status, start.message).toBe("Ok");
    // Until the broker says it is replaying (the test's own time limit is the bound).
    await new Promise<void>((resolve) => {
      const look = () => (/REPLAY of 2026-11-23: clock/.test(broker!.output()) ? resolve() : setTimeout(look, 200));
      look();
    });
    expect(broker.output()).toMatch(/the broker's close took over 10 s: \d+ connections still open are dropped/);
    expect(closedByBroker).toBe(true);
    const health = ((await (await fetch(`${url}/health`)).json()) as { result: Array<{ clockMode: string; replayDate?: string }> }).result[0];
    expect(health).toMatchObject({ clockMode: "replay", replayDate: "2026-11-23" });
  }, 90_000);
});
