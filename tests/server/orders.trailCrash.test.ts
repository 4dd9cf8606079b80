import { spawnBroker } from "../support/brokerProcess.js";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { OPEN_TIME } from "./tradingHarness.js";

/**
 * Issue 33, "each rule survives a broker restart: its state is in SQLite and SIGKILL loses
 * nothing": the real server/main.ts process, a trailing stop moved by /dev/price, kill -9, a new
 * process on the same data folder. TICK_HZ=0: only the test moves the price.
 */
const startProcess = (dataDir: string) => spawnBroker({ PORT: "0", DATA_DIR: dataDir, STATIC_DIR: "", TICK_HZ: "0", SIM_TIME: OPEN_TIME, DEV_SESSION: "1", ORDER_RATE_LIMIT: "off" });

type Envelope = { status: string; message: string; result: Array<Record<string, unknown>> };

async function client(url: string) {
  const session = (await (await fetch(`${url}/dev/session`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ userId: "DEMO1" }) })).json()) as Envelope;
  const token = session.result[0]?.accessToken as string;
  return async (method: string, p: string, body: unknown = {}): Promise<Envelope> =>
    (await fetch(`${url}${p}`, { method, headers: { "content-type": "application/json", authorization: `Bearer ${token}` }, body: JSON.stringify(body) })).json() as Promise<Envelope>;
}

describe("a trailing stop across a kill -9 (issue 33)", () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tape-trail-crash-"));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it("the trigger the trail reached and the trail itself are there after SIGKILL, and it trails on", async () => {
    const first = startProcess(dataDir);
    const url1 = await first.url;
    let call = await client(url1);
    const infy = (await call("POST", "/core/search", { searchText: "INFY", exchange: ["NSEEQ"], pageSize: 5, currentPage: 1 })).result.find((r) => r.tradingSymbol === "INFY-EQ")!;
    const price = async (url: string, p: number) => (await fetch(`${url}/dev/price`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ exchange: "NSEEQ", token: infy.token, price: p }) })).json();
    await price(url1, 1000);
    const placed = await call("POST", "/core/v2/orders/", { exchange: "NSEEQ", instrumentId: String(infy.token), transactionType: "SELL", quantity: 1, product: "INTRADAY", orderType: "SLM", slTriggerPrice: 980, trailValue: 5, trailJump: 1, validity: "DAY" });
    expect(placed.status, placed.message).toBe("Ok");
    const no = placed.result[0]!.orderNo as string;
    await price(url1, 1010); // 1,005
    const row = async () => (await call("POST", "/core/v2/orders/book")).result.find((r) => r.orderNo === no)!;
    expect((await row()).triggerPrice).toBe(1005);

    first.child.kill("SIGKILL");
    await first.exited();

    const second = startProcess(dataDir);
    try {
      const url2 = await second.url;
      call = await client(url2);
      expect(await row()).toMatchObject({ orderStatus: "trigger pending", triggerPrice: 1005, trailValue: 5, trailUnit: "POINTS", trailJump: 1 });
      await price(url2, 1020); // 1,015
      expect((await row()).triggerPrice).toBe(1015);
    } finally {
      second.child.kill("SIGTERM");
      await second.exited();
    }
  }, 120_000);
});
