import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { Instrument } from "../../../server/market/types.js";
import { startBroker } from "../harness.js";
import { startTrading } from "../tradingHarness.js";

/**
 * Issue 29, "after a broker restart the simulated day continues", through the real broker's
 * start and stop on one DATA_DIR (server/app.ts: the shutdown snapshot, the resumed market, the
 * resumed clock and rate counts). The in-process model test (simDay.model.test.ts) covers sequences.
 */
describe("a paper-broker restart on the same trading day", () => {
  it("RELIANCE keeps its open, high, low, volume and last price; the clock does not go back to 10:00", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tape-simday-restart-"));
    // No SIM_TIME: the default start, the one a trader gets from `npm start`.
    let b = await startBroker({ TICK_HZ: "0" }, dir);
    try {
      const m = () => b.broker.market;
      const reliance = m().bySymbol("NSEEQ", "RELIANCE") as Instrument;
      for (let i = 0; i < 20; i++) m().step();
      // A rise of 3% then a fall back: the high is above the last price, as on the screen.
      const up = m().setPrice("NSEEQ", reliance.token, m().quote("NSEEQ", reliance.token)!.ltp * 1.03)!;
      m().setPrice("NSEEQ", reliance.token, up.ltp * 0.985);
      const before = m().quote("NSEEQ", reliance.token)!;
      expect(before.high).toBeGreaterThan(before.ltp);
      const clockBefore = b.broker.ctx.clock.now().getTime();
      await b.stop(true);

      b = await startBroker({ TICK_HZ: "0" }, dir);
      const after = b.broker.market.quote("NSEEQ", reliance.token)!;
      expect({ open: after.open, high: after.high, low: after.low, volume: after.volume, ltp: after.ltp, pClose: after.pClose }).toEqual({
        open: before.open, high: before.high, low: before.low, volume: before.volume, ltp: before.ltp, pClose: before.pClose,
      });
      // The default start carries on from the last snapshot's clock (the market being closed on the wall clock or not).
      expect(b.broker.ctx.clock.now().getTime()).toBeGreaterThanOrEqual(clockBefore);
    } finally {
      await b.stop();
    }
  }, 120_000);

  it("the day's order-rate count is kept: 2/day, two orders, a restart, the third is refused EC970", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tape-rate-restart-"));
    const env = { ORDER_RATE_LIMIT: "2/day" };
    let b = await startTrading(undefined, dir, "DEMO1", env);
    const order = (token: number) => ({ exchange: "NSEEQ", instrumentId: String(token), transactionType: "BUY", quantity: 1, product: "INTRADAY", orderType: "MARKET", validity: "DAY" });
    try {
      const infy = b.market.bySymbol("NSEEQ", "INFY") as Instrument;
      for (let i = 0; i < 2; i++) {
        const r = await b.call("POST", "/core/v2/orders/", order(infy.token));
        expect(r.status, r.message).toBe("Ok");
      }
      await b.stop(true);
      b = await startTrading(undefined, dir, "DEMO1", env);
      const third = await b.call("POST", "/core/v2/orders/", order(infy.token));
      expect(third.status).not.toBe("Ok");
      expect(JSON.stringify(third)).toContain("EC970");
    } finally {
      await b.stop();
    }
  }, 120_000);
});
