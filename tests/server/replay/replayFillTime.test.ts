import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { at, startReplayBroker, type ReplayBroker } from "./replayHarness.js";

/**
 * Issue 35, a replay's trade marker once drawn a bar off (useTradeMarks.ts buckets a fill by its trade time).
 * A resting order is filled by the tape's row that crosses it; the driver plays the rows up to the clock a
 * step at a time (50 ms of wall time, 5 s of the day at 100x), so the clock has run on past the row.
 */
describe("a replay's fill is timed at the tape's row that filled it", () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tape-replay-filltime-"));
  const wall = { now: 0 };
  let r: ReplayBroker;
  let infy: { token: number };
  beforeAll(async () => {
    r = await startReplayBroker(dataDir, wall);
    infy = r.market.bySymbol("NSEEQ", "INFY-EQ")!;
    expect((await r.call("/core/v2/replay/control", { action: "pause" })).status).toBe("Ok");
  }, 120_000);
  afterAll(async () => {
    await r?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("a buy resting at 1,139.80 from 10:14:00 fills in the 10:14 minute, not at the clock the step reached", async () => {
    expect((await r.call("/core/v2/replay/control", { action: "jump", time: "10:14" })).status).toBe("Ok");
    // The sample's INFY 10:14 bar (O 1,139.90 H 1,141.60 L 1,139.70 C 1,139.70; 10:13 closed at 1,139.90) as
    // barTicks.ts makes it: falling, so up to the high at tick 40, then down to the low at tick 80 in steps of
    // 1.90 / 40 = 0.0475, on the 0.10 grid: tick 78 at 1,139.795 -> 1,139.80, tick 79 at 1,139.7475 -> 1,139.70.
    // After a downtick the best ask is a tick over the price (syntheticBook), after an uptick the price, and
    // with no move a tick over: the ask is first at or under 1,139.80 at tick 79, 10:14:39.5.
    const placed = await r.call("/core/v2/orders/", { exchange: "NSEEQ", instrumentId: String(infy.token), transactionType: "BUY", quantity: 1, product: "INTRADAY", validity: "DAY", orderType: "LIMIT", price: 1139.8 });
    expect(placed.result[0]?.orderStatus, placed.message).toBe("open");
    // At 100x (a wall ms is 100 ms of the day), driver steps to 10:14:30 (the ask still over 1,140) and then to
    // 10:15:05, a step of 35 s of the day (the rows are played one by one, each heard: a step over 60 s is played silently).
    expect((await r.call("/core/v2/replay/control", { action: "speed", speed: 100 })).status).toBe("Ok");
    expect((await r.call("/core/v2/replay/control", { action: "resume" })).status).toBe("Ok");
    wall.now += 300;
    r.market.step();
    expect((await r.call("/core/v2/orders/trades")).result).toEqual([]);
    wall.now += 350;
    r.market.step();
    const trade = (await r.call("/core/v2/orders/trades")).result.find((t) => t.orderNo === placed.result[0]!.orderNo);
    expect(trade?.tradedPrice).toBe(1139.8);
    // 10:14:39.5, the row's time (it was the clock's 10:15:05, and the marker went on the 10:15 bar).
    expect(Date.parse(trade!.tradeTime as string)).toBe(at("10:14") + 39_500);
  });
});
