import { spawnBroker } from "../support/brokerProcess.js";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { OPEN_TIME } from "./tradingHarness.js";

/**
 * Issue 33, bracket templates at the broker, and "each rule survives a broker restart: its state
 * is in SQLite and SIGKILL loses nothing": the real server/main.ts process, prices moved by
 * /dev/price, kill -9, a new process on the same data folder. TICK_HZ=0: only the test moves the price.
 *
 * scalp3: targets +5 / +10 / +20 points for 50 / 30 / 20 % of 30 (15, 9 and 6), stop 8 points
 * below, break-even after the first target. Entry BUY 30 LIMIT 1,000.
 */
const startProcess = (dataDir: string) => spawnBroker({ PORT: "0", DATA_DIR: dataDir, STATIC_DIR: "", TICK_HZ: "0", SIM_TIME: OPEN_TIME, DEV_SESSION: "1", ORDER_RATE_LIMIT: "off" });

type Envelope = { status: string; message: string; result: Array<Record<string, unknown>> };

async function client(url: string) {
  const session = (await (await fetch(`${url}/dev/session`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ userId: "DEMO1" }) })).json()) as Envelope;
  const token = session.result[0]?.accessToken as string;
  return async (method: string, p: string, body: unknown = {}): Promise<Envelope> =>
    (await fetch(`${url}${p}`, { method, headers: { "content-type": "application/json", authorization: `Bearer ${token}` }, body: JSON.stringify(body) })).json() as Promise<Envelope>;
}

describe("a bracket template across a kill -9 (issue 33)", () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tape-bracket-crash-"));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it("the legs, the stop's reduced quantity and its break-even are there after SIGKILL, and the bracket works on", async () => {
    const first = startProcess(dataDir);
    const url1 = await first.url;
    let call = await client(url1);
    const infy = (await call("POST", "/core/search", { searchText: "INFY", exchange: ["NSEEQ"], pageSize: 5, currentPage: 1 })).result.find((r) => r.tradingSymbol === "INFY-EQ")!;
    const price = async (url: string, p: number) => (await fetch(`${url}/dev/price`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ exchange: "NSEEQ", token: infy.token, price: p }) })).json();
    const saved = await call("POST", "/core/v2/desk/brackets/save", { name: "scalp3", targets: [{ points: 5, share: 50 }, { points: 10, share: 30 }, { points: 20, share: 20 }], stopPoints: 8, breakEven: { after: "target" } });
    expect(saved.status, saved.message).toBe("Ok");
    expect((await call("POST", "/core/v2/orders/", { exchange: "NSEEQ", instrumentId: String(infy.token), transactionType: "BUY", quantity: 30, product: "INTRADAY", orderType: "LIMIT", price: 1000, bracket: "nosuch" })).status).toBe("EC721");
    expect((await call("POST", "/core/v2/orders/", { exchange: "NSEEQ", instrumentId: String(infy.token), transactionType: "BUY", quantity: 30, product: "INTRADAY", orderType: "SL", price: 1000, slTriggerPrice: 999, bracket: "scalp3" })).status).toBe("EC726");
    // 2 split 50/30/20 leaves targets with nothing: floor(1) = 1, floor(0.6) = 0.
    expect((await call("POST", "/core/v2/orders/", { exchange: "NSEEQ", instrumentId: String(infy.token), transactionType: "BUY", quantity: 2, product: "INTRADAY", orderType: "LIMIT", price: 1000, bracket: "scalp3" })).status).toBe("EC728");

    await price(url1, 1002);
    const placed = await call("POST", "/core/v2/orders/", { exchange: "NSEEQ", instrumentId: String(infy.token), transactionType: "BUY", quantity: 30, product: "INTRADAY", orderType: "LIMIT", price: 1000, bracket: "scalp3" });
    expect(placed.status, placed.message).toBe("Ok");
    const entryNo = placed.result[0]!.orderNo as string;
    const book = async () => (await call("POST", "/core/v2/orders/book")).result;
    const legs = async () => Object.fromEntries((await book()).filter((r) => r.mainLegOrderId === entryNo).map((r) => [r.bracket as string, r]));
    expect((await book()).find((r) => r.orderNo === entryNo)).toMatchObject({ bracket: "scalp3", orderStatus: "open" });
    expect(await legs()).toEqual({});

    await price(url1, 999); // the entry fills at the asks, at most 1,000
    expect((await book()).find((r) => r.orderNo === entryNo)).toMatchObject({ orderStatus: "complete", filledQuantity: 30 });
    let l = await legs();
    expect(l.T1).toMatchObject({ transactionType: "SELL", orderType: "LIMIT", price: 1005, quantity: 15, pendingQuantity: 15 });
    expect(l.T2).toMatchObject({ price: 1010, quantity: 9 });
    expect(l.T3).toMatchObject({ price: 1020, quantity: 6 });
    expect(l.SL).toMatchObject({ transactionType: "SELL", orderType: "SLM", triggerPrice: 992, pendingQuantity: 30 });

    await price(url1, 1007); // the first target fills: the stop covers the other 15 and moves to the entry's price
    l = await legs();
    expect(l.T1).toMatchObject({ orderStatus: "complete", filledQuantity: 15 });
    const avg = (await book()).find((r) => r.orderNo === entryNo)!.averageTradedPrice as number;
    expect(l.SL).toMatchObject({ pendingQuantity: 15, triggerPrice: Math.round(avg * 20) / 20 });

    first.child.kill("SIGKILL");
    await first.exited();

    const second = startProcess(dataDir);
    try {
      const url2 = await second.url;
      call = await client(url2);
      l = await legs();
      expect(l.SL).toMatchObject({ orderStatus: "trigger pending", pendingQuantity: 15, triggerPrice: Math.round(avg * 20) / 20 });
      expect(l.T2).toMatchObject({ orderStatus: "open", pendingQuantity: 9 });
      await price(url2, 1012); // the second target fills: the stop drops to 6
      l = await legs();
      expect(l.T2).toMatchObject({ orderStatus: "complete", filledQuantity: 9 });
      expect(l.SL).toMatchObject({ pendingQuantity: 6 });
      // A target's fill lowers only the stop: the third target keeps its 6 (BO's one-target OCO would cut it too).
      expect(l.T3).toMatchObject({ orderStatus: "open", pendingQuantity: 6 });
      await price(url2, 990); // the stop triggers and fills: the third target is cancelled, nothing more is sold than was bought
      l = await legs();
      expect(l.SL).toMatchObject({ orderStatus: "complete", filledQuantity: 6 });
      expect(l.T3).toMatchObject({ orderStatus: "cancelled", filledQuantity: 0 });
      const sold = Object.values(l).reduce((a, r) => a + (r.filledQuantity as number), 0);
      expect(sold).toBe(30);
    } finally {
      second.child.kill("SIGTERM");
      await second.exited();
    }
  }, 120_000);
});
