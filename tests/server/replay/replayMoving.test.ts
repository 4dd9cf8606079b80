import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { at, barAt, sampleBars, startReplayBroker, type ReplayBroker } from "./replayHarness.js";

/**
 * Issue 35, from a trader's practice run: an order placed while a jump is being played (another
 * window, another request) was matched against the tape's earlier quotes while the clock already
 * said the new time. The rule now (server/replay/moving.ts): while the tape is behind the clock by
 * more than the driver's normal lag, the trader's new orders and modifies are refused with EC757,
 * "The replay is moving to HH:MM: place the order once it has arrived"; a cancel always goes through;
 * once the tape has arrived, an order fills at a price of the new time.
 */
describe("orders while the replay moves to another time", () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tape-replay-moving-"));
  const wall = { now: 0 };
  let r: ReplayBroker;
  let infy: { token: number; tickSize: number };
  const order = (over: Record<string, unknown>) => ({ exchange: "NSEEQ", instrumentId: String(infy.token), transactionType: "BUY", quantity: 1, product: "INTRADAY", validity: "DAY", orderType: "MARKET", ...over });

  beforeAll(async () => {
    r = await startReplayBroker(dataDir, wall);
    infy = r.market.bySymbol("NSEEQ", "INFY-EQ")!;
    expect((await r.call("/core/v2/replay/control", { action: "pause" })).status).toBe("Ok");
  }, 120_000);
  afterAll(async () => {
    await r?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("refuses a new order and a modify while the tape is behind the clock, lets a cancel through, and fills at the new time once there", async () => {
    // A resting buy far under the price (INFY trades about 1,140 to 1,180 that day), placed at 09:20 with the tape there.
    expect((await r.call("/core/v2/replay/control", { action: "jump", time: "09:20" })).status).toBe("Ok");
    const resting = await r.call("/core/v2/orders/", order({ orderType: "LIMIT", price: 1000 }));
    expect(resting.result[0]?.orderStatus, resting.message).toBe("open");
    const orderNo = resting.result[0]!.orderNo as string;

    // The moment of a jump to 14:00 being played: the clock says 14:00, the tape is still at 09:20.
    // Running (the wall clock here is the test's own and stands), so only the move stands the clock.
    expect((await r.call("/core/v2/replay/control", { action: "resume" })).status).toBe("Ok");
    r.clock.hold();
    r.clock.jump(at("14:00"));
    // The app is told the clock stands at 14:00 because the tape is moving there, not that it runs on at the
    // replay's speed (its status bar ran the clock ahead, then it snapped back) nor that it is paused.
    const health = async () => JSON.parse((await r.broker.app.inject({ method: "GET", url: "/health" })).body).result[0] as { simTime: string; clockSpeed: number; replayMoving?: boolean };
    expect(await health()).toMatchObject({ simTime: new Date(at("14:00")).toISOString(), clockSpeed: 0, replayMoving: true });
    expect((await r.call("/core/v2/replay/state")).result[0]).toMatchObject({ simTime: at("14:00"), moving: true, paused: false });
    const placed = await r.call("/core/v2/orders/", order({}));
    expect(placed.status).toBe("EC757");
    expect(placed.message).toBe("The replay is moving to 14:00: place the order once it has arrived");
    const modified = await r.call(`/core/v2/orders/${orderNo}`, { price: 1010 }, "PUT");
    expect(modified.status).toBe("EC757");
    expect(modified.message).toBe("The replay is moving to 14:00: change the order once it has arrived");
    const cancelled = await r.call(`/core/v2/orders/${orderNo}`, {}, "DELETE");
    expect(cancelled.status, cancelled.message).toBe("Ok");

    // Arrived: the same order fills at a price of 14:00's bar. "A market order fills at a price the bar
    // traded or a tick from it" (server/README.md, the depth of an imported day).
    expect(await r.market.playTo(at("14:00"))).toBe(true);
    r.clock.release();
    expect(await health()).toMatchObject({ clockSpeed: 1, replayMoving: false });
    expect((await r.call("/core/v2/replay/state")).result[0]).toMatchObject({ moving: false, paused: false });
    expect((await r.call("/core/v2/replay/control", { action: "pause" })).status).toBe("Ok");
    const filled = await r.call("/core/v2/orders/", order({ clientOrderKey: "moving-after" }));
    expect(filled.result[0]?.orderStatus, filled.message).toBe("complete");
    const trade = (await r.call("/core/v2/orders/trades")).result.find((t) => t.orderNo === filled.result[0]!.orderNo)!;
    const bar = barAt(sampleBars("INFY"), at("14:00"))!;
    expect(trade.tradedPrice as number).toBeGreaterThanOrEqual(bar.low - infy.tickSize - 1e-9);
    expect(trade.tradedPrice as number).toBeLessThanOrEqual(bar.high + infy.tickSize + 1e-9);
    // The key already answered is answered again, moving or not (one submit, one order).
    r.clock.hold();
    r.clock.jump(at("15:00"));
    expect((await r.call("/core/v2/orders/", order({ clientOrderKey: "moving-after" }))).result[0]?.orderNo).toBe(filled.result[0]!.orderNo);
    expect(await r.market.playTo(at("15:00"))).toBe(true);
    r.clock.release();
  });

  it("at the day's end /health says so (replayEnded), so the app says the day ended rather than \"paused\"", async () => {
    const health = async () => JSON.parse((await r.broker.app.inject({ method: "GET", url: "/health" })).body).result[0] as { clockSpeed: number; replayEnded?: boolean };
    expect((await r.call("/core/v2/replay/control", { action: "jump", time: "15:00" })).status).toBe("Ok");
    expect(await health()).toMatchObject({ replayEnded: false });
    r.clock.jump(r.clock.end);
    expect(await r.market.playTo(r.clock.end)).toBe(true);
    expect(await health()).toMatchObject({ clockSpeed: 0, replayEnded: true });
    expect((await r.call("/core/v2/replay/state")).result[0]).toMatchObject({ ended: true });
  });

  it("an order sent while a jump request is being played is refused or fills at a price of the time jumped to, never at the tape's earlier one", async () => {
    expect((await r.call("/core/v2/replay/control", { action: "jump", time: "09:30" })).status).toBe("Ok");
    // The jump across most of the day plays block by block; the order goes in alongside it.
    const jump = r.call("/core/v2/replay/control", { action: "jump", time: "15:10" });
    const sent = r.call("/core/v2/orders/", order({ clientOrderKey: "during-jump" }));
    const [jumped, placed] = await Promise.all([jump, sent]);
    expect(jumped.status).toBe("Ok");
    if (placed.status === "EC757") {
      expect(placed.message).toBe("The replay is moving to 15:10: place the order once it has arrived");
      return;
    }
    const trade = (await r.call("/core/v2/orders/trades")).result.find((t) => t.orderNo === placed.result[0]!.orderNo)!;
    const bar = barAt(sampleBars("INFY"), at("15:10"))!;
    expect(trade.tradedPrice as number).toBeGreaterThanOrEqual(bar.low - infy.tickSize - 1e-9);
    expect(trade.tradedPrice as number).toBeLessThanOrEqual(bar.high + infy.tickSize + 1e-9);
  });
});
