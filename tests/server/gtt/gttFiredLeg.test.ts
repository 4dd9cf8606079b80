import { afterEach, describe, expect, it } from "vitest";
import { gttClient, ocoPayload } from "./client.js";
import { startGttBroker, type GttBroker } from "./setup.js";

/**
 * FINDINGS-26 s4: a triggered GTT's list entry says which leg fired, at what price, and the order it
 * placed, so the GTT list can say "stop-loss leg triggered at ₹1,095.00, order …" after the toast
 * has gone, and after a restart. An OCO's Leg1 is its target and Leg2 its stop-loss (trading-core
 * section 3, src/core/wire/gtt.ts). INFY starts at 1,150 (setup.ts).
 */
let brokers: GttBroker[] = [];
afterEach(async () => {
  for (const b of brokers) await b.stop();
  brokers = [];
});

describe("a triggered OCO's entry names the leg that fired and the order it placed", () => {
  it("the stop-loss leg fires: TriggeredLeg 2 at the price that fired it, OrderNo the order booked; the same after a restart", async () => {
    const first = await startGttBroker();
    let api = gttClient(first.url, await first.login());
    const jwt = await api.jwt();
    // SELL 10: target 1,200 (limit 1,199), stop-loss 1,100 (limit 1,099).
    const id = (await api.place(ocoPayload(jwt))).body.GTTID!;
    // 1,150 to 1,095 crosses the stop-loss trigger 1,100, not the target 1,200.
    first.setPrice(1095);
    await first.settled();
    const [order] = await first.gttOrders(id);
    expect(order).toMatchObject({ transactionType: "SELL", quantity: 10, price: 1099, orderType: "LIMIT" });
    const fired = { GTTID: id, Status: "TRIGGERED", TriggeredLeg: 2, TriggeredPrice: 1095, OrderNo: order!.orderNo };
    expect((await api.list(jwt)).body.Data!.find((e) => e.GTTID === id)).toMatchObject(fired);
    await first.stop(true);

    const second = await startGttBroker(first.dataDir);
    brokers.push(second);
    api = gttClient(second.url, await second.login());
    expect((await api.list(jwt)).body.Data!.find((e) => e.GTTID === id)).toMatchObject(fired);
  }, 60_000);
});
