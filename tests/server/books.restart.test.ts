import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { Instrument } from "../../server/market/types.js";
import type { HoldingRow } from "../../server/portfolio/portfolio.js";
import { startTrading } from "./tradingHarness.js";

/** "A restart of the paper broker loses nothing": today's shares and their cost outlive a restart (issue 28). */
describe("a holding's T1 shares across a restart", () => {
  it("buy 10 INFY for delivery, restart, convert them to INTRADAY: the holding is 60 @ 979.30 again", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tape-books-restart-"));
    const infyHolding = async (b: Awaited<ReturnType<typeof startTrading>>) => (await b.call<HoldingRow>("POST", "/core/v2/holdings")).result.find((h) => h.nseTradingSymbol === "INFY-EQ" && h.product === "DELIVERY")!;
    let b = await startTrading(undefined, dir);
    try {
      const infy = b.market.bySymbol("NSEEQ", "INFY") as Instrument;
      const bought = await b.call("POST", "/core/v2/orders/", { exchange: "NSEEQ", instrumentId: String(infy.token), transactionType: "BUY", quantity: 10, product: "DELIVERY", orderType: "MARKET", validity: "DAY" });
      expect(bought.status).toBe("Ok");
      const before = await infyHolding(b);
      expect([before.totalQuantity, before.t1Quantity]).toEqual([70, 10]);
      await b.stop(true);
      b = await startTrading(undefined, dir);
      const after = await infyHolding(b);
      expect(after).toMatchObject({ totalQuantity: 70, t1Quantity: 10, averageTradedPrice: before.averageTradedPrice });
      const r = await b.call("PUT", "/core/v2/positions", { exchange: "NSEEQ", instrumentId: String(infy.token), transactionType: "BUY", quantity: 10, oldProduct: "DELIVERY", newProduct: "INTRADAY" });
      expect(r.status, r.message).toBe("Ok");
      expect(await infyHolding(b)).toMatchObject({ totalQuantity: 60, t1Quantity: 0, averageTradedPrice: 979.3 });
    } finally {
      await b.stop();
    }
  }, 120_000);
});
