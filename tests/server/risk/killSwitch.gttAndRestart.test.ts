import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { spawnBroker } from "../../support/brokerProcess.js";
import { gttClient, singlePayload } from "../gtt/client.js";
import { INFY, startGttBroker } from "../gtt/setup.js";
import { OPEN_TIME } from "../tradingHarness.js";

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
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tape-kill-switch-"));
    const start = () => spawnBroker({ PORT: "0", DATA_DIR: dataDir, STATIC_DIR: "", TICK_HZ: "0", SIM_TIME: OPEN_TIME, DEV_SESSION: "1", ORDER_RATE_LIMIT: "off" });
    const client = async (url: string) => {
      const s = (await (await fetch(`${url}/dev/session`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ userId: "DEMO1" }) })).json()) as { result: Array<{ accessToken: string }> };
      const token = s.result[0]!.accessToken;
      return async (p: string, body: unknown = {}) =>
        (await (await fetch(`${url}${p}`, { method: "POST", headers: { "content-type": "application/json", authorization: `Bearer ${token}` }, body: JSON.stringify(body) })).json()) as { status: string; result: Array<Record<string, unknown>> };
    };
    const order = { exchange: INFY.exchange, instrumentId: String(INFY.token), transactionType: "BUY", quantity: 1, product: "DELIVERY", orderType: "MARKET", validity: "DAY" };
    const first = start();
    let until: unknown;
    try {
      const call = await client(await first.url);
      const on = await call("/core/v2/risk/killswitch/on", { segment: "equity", hours: 24 });
      expect(on.status).toBe("Ok");
      until = on.result[0]!.until;
      first.child.kill("SIGKILL");
      await first.exited();
    } finally {
      first.child.kill("SIGKILL");
    }
    const second = start();
    try {
      const call = await client(await second.url);
      expect((await call("/core/v2/orders/", order)).status).toBe("EC710");
      const listed = (await call("/core/v2/risk/killswitch")).result.find((r) => r.segment === "equity");
      expect(listed).toMatchObject({ on: true, until });
    } finally {
      second.child.kill("SIGTERM");
      await second.exited();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
