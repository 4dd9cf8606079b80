import { afterAll, describe, expect, it } from "vitest";
import { client, findInfy, setPrice, sigkill, startProcess, tempDataDir } from "../crashHarness.js";

/**
 * Issue 33, "each rule survives a broker restart: its state is in SQLite and SIGKILL loses
 * nothing", for the daily loss limits: the limits set and a day that tripped are there after a
 * kill -9, so the restarted broker neither forgets the limits nor trips the day a second time, and
 * its kill switches still refuse (the real process, crashHarness.ts).
 */
describe("daily loss limits across a kill -9 (issue 33)", () => {
  const { dir, remove } = tempDataDir("loss-limits-crash");
  afterAll(remove);

  it("the limits and the tripped state are there after SIGKILL: no second trip, orders still refused", async () => {
    const first = startProcess(dir);
    const url1 = await first.url;
    let call = await client(url1);
    const infy = await findInfy(call);
    await setPrice(url1, infy.token, 1000);
    // DEMO1's carried positions have made `gain` today (from the previous close): INFY must lose that
    // and more. The buy fills at the ask, somewhat under 1,000: counted at 50 a share lost, not 100.
    const gain = Math.max(0, (await call("POST", "/core/v2/risk/limits")).result[0]!.dayPnl as number);
    const quantity = Math.ceil((gain + 1000) / 50);
    expect((await call("POST", "/core/v2/risk/limits/set", { maxLoss: 500, maxOrders: 40, squareOff: false })).status).toBe("Ok");
    const buy = await call("POST", "/core/v2/orders/", { exchange: "NSEEQ", instrumentId: String(infy.token), transactionType: "BUY", quantity, product: "INTRADAY", orderType: "MARKET", validity: "DAY" });
    expect(buy.result[0]?.orderStatus).toBe("complete");
    // `quantity` shares bought a little under 1,000 and the price at 900: the day is over 1,000 down, past the 500.
    await setPrice(url1, infy.token, 900);
    const tripped = async () => (await call("POST", "/core/v2/risk/limits")).result[0]!;
    let before: Record<string, unknown> = {};
    for (let i = 0; i < 50 && before.tripped !== "loss"; i++) before = await tripped();
    expect(before).toMatchObject({ maxLoss: 500, maxOrders: 40, squareOff: false, tripped: "loss" });

    await sigkill(first);

    const second = startProcess(dir);
    try {
      const url2 = await second.url;
      call = await client(url2);
      const after = await tripped();
      // The same limits, the same trip: its time and sentence, not a new one.
      expect(after).toMatchObject({ maxLoss: 500, maxOrders: 40, squareOff: false, tripped: "loss", trippedAt: before.trippedAt, trippedText: before.trippedText });
      await setPrice(url2, infy.token, 850);
      const lower = await tripped();
      expect(lower.trippedAt).toBe(before.trippedAt);
      // The figures it tripped at were kept too: 50 lower, the day still shows the trip's loss.
      expect([lower.dayPnl, lower.headroom]).toEqual([before.dayPnl, before.headroom]);
      const again = await call("POST", "/core/v2/orders/", { exchange: "NSEEQ", instrumentId: String(infy.token), transactionType: "BUY", quantity: 1, product: "INTRADAY", orderType: "MARKET", validity: "DAY" });
      // Refused by the switch the limit turned on: EC712, the limit's code, after the restart too.
      expect(again.status).toBe("EC712");
    } finally {
      second.child.kill("SIGTERM");
      await second.exited();
    }
  }, 120_000);
});
