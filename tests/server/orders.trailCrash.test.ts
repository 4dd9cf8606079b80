import { afterAll, describe, expect, it } from "vitest";
import { client, findInfy, setPrice, sigkill, startProcess, tempDataDir } from "./crashHarness.js";

/**
 * Issue 33, "each rule survives a broker restart: its state is in SQLite and SIGKILL loses
 * nothing": the real server/main.ts process, a trailing stop moved by /dev/price, kill -9, a new
 * process on the same data folder (crashHarness.ts).
 */
describe("a trailing stop across a kill -9 (issue 33)", () => {
  const { dir: dataDir, remove } = tempDataDir("trail-crash");
  afterAll(remove);

  it("the trigger the trail reached and the trail itself are there after SIGKILL, and it trails on", async () => {
    const first = startProcess(dataDir);
    const url1 = await first.url;
    let call = await client(url1);
    const infy = await findInfy(call);
    const price = (url: string, p: number) => setPrice(url, infy.token, p);
    await price(url1, 1000);
    const placed = await call("POST", "/core/v2/orders/", { exchange: "NSEEQ", instrumentId: String(infy.token), transactionType: "SELL", quantity: 1, product: "INTRADAY", orderType: "SLM", slTriggerPrice: 980, trailValue: 5, trailJump: 1, validity: "DAY" });
    expect(placed.status, placed.message).toBe("Ok");
    const no = placed.result[0]!.orderNo as string;
    await price(url1, 1010); // 1,005
    const row = async () => (await call("POST", "/core/v2/orders/book")).result.find((r) => r.orderNo === no)!;
    expect((await row()).triggerPrice).toBe(1005);

    await sigkill(first);

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
