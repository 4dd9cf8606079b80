import { describe, expect, it } from "vitest";
import { client, sigkill, startProcess, tempDataDir } from "../crashHarness.js";
import { gttClient, singlePayload } from "../gtt/client.js";
import { INFY, startGttBroker } from "../gtt/setup.js";

describe("kill switch: the GTT door and a kill -9 (issue 33)", () => {
  it("a GTT that triggers while equity's switch is on places nothing and keeps EC710 as its reason", async () => {
    const b = await startGttBroker();
    try {
      const bearer = await b.login();
      const api = gttClient(b.url, bearer);
      const jwt = await api.jwt();
      const id = (await api.place(singlePayload(jwt, { Leg1: { TriggerPrice: 1100, EntryPrice: 1101 } }))).body.GTTID!;
      const on = await fetch(`${b.url}/core/v2/risk/killswitch/on`, { method: "POST", headers: { authorization: `Bearer ${bearer}`, "content-type": "application/json" }, body: JSON.stringify({ segment: "equity", hours: 1 }) });
      expect(((await on.json()) as { status: string }).status).toBe("Ok");
      b.setPrice(1099);
      await b.settled();
      expect(await b.gttOrders(id)).toEqual([]);
      const row = b.broker.ctx.db.prepare("SELECT state, note FROM gtts WHERE gtt_id = ?").get(id) as { state: string; note: string };
      expect(row.state).toBe("FAILED");
      expect(row.note).toMatch(/^EC710/);
    } finally {
      await b.stop();
    }
  }, 60_000);

  it("a switch answered as on is still on after SIGKILL and a restart, with the same end", async () => {
    const { dir: dataDir, remove } = tempDataDir("kill-switch");
    const start = () => startProcess(dataDir);
    const order = { exchange: INFY.exchange, instrumentId: String(INFY.token), transactionType: "BUY", quantity: 1, product: "DELIVERY", orderType: "MARKET", validity: "DAY" };
    const first = start();
    let until: unknown;
    try {
      const call = await client(await first.url);
      const on = await call("POST", "/core/v2/risk/killswitch/on", { segment: "equity", hours: 24 });
      expect(on.status).toBe("Ok");
      until = on.result[0]!.until;
      await sigkill(first);
    } finally {
      first.child.kill("SIGKILL");
    }
    const second = start();
    try {
      const call = await client(await second.url);
      expect((await call("POST", "/core/v2/orders/", order)).status).toBe("EC710");
      const listed = (await call("POST", "/core/v2/risk/killswitch")).result.find((r) => r.segment === "equity");
      expect(listed).toMatchObject({ on: true, until });
    } finally {
      second.child.kill("SIGTERM");
      await second.exited();
      remove();
    }
  }, 120_000);
});
