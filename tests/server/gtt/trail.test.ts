import { afterEach, describe, expect, it } from "vitest";
import { gttClient, ocoPayload, singlePayload } from "./client.js";
import { startGttBroker, type GttBroker } from "./setup.js";

/**
 * Issue 33: a trail on a GTT's stop leg, moved by the broker on its ticks (src/core/rules/gttTrail.ts,
 * the one rule of trail.ts). INFY starts at 1,150 (setup.ts); prices here are whole rupees, on its tick.
 */
let b: GttBroker | undefined;
afterEach(async () => {
  await b?.stop();
  b = undefined;
});

type Entry = { GTTID: string; Price1: number; EntryPrice1: number; Price2: number; EntryPrice2: number; TrailValue?: number; TrailUnit?: string; TrailJump?: number; Status?: string };

async function open(dataDir?: string) {
  b = await startGttBroker(dataDir);
  const api = gttClient(b.url, await b.login());
  const jwt = await api.jwt();
  const entry = async (id: string) => ((await api.list(jwt)).body.Data as Entry[]).find((e) => e.GTTID === id)!;
  return { b, api, jwt, entry };
}

describe("a GTT with a trail (issue 33)", () => {
  it("a SINGLE sell stop at 1100 trail 20: 1160 moves it to 1140 (limit 1139 with it), a fall leaves it, a restart keeps it, 1139 fires it there", async () => {
    const { b, api, jwt, entry } = await open();
    const placed = await api.place(singlePayload(jwt, { GTTBuySell: "S", Leg1: { TriggerPrice: 1100, EntryPrice: 1099 }, TrailValue: 20, TrailUnit: "POINTS", TrailJump: 0 }));
    expect(placed.body.Msg).toBe("Success");
    const id = placed.body.GTTID!;
    b.setPrice(1160); // 1160 - 20 = 1140: moved up 40, the limit with it
    expect(await entry(id)).toMatchObject({ Price1: 1140, EntryPrice1: 1139, TrailValue: 20, TrailUnit: "POINTS", TrailJump: 0 });
    b.setPrice(1145); // a fall, not to the trigger: never back
    expect((await entry(id)).Price1).toBe(1140);
    // A restart resumes from the trigger reached (its SQLite row was written at the move); setup.ts puts INFY at 1,150 again.
    const dataDir = b.dataDir;
    await b.stop(true);
    const again = await open(dataDir);
    expect(await again.entry(id)).toMatchObject({ Price1: 1140, EntryPrice1: 1139, TrailValue: 20, Status: "ACTIVE" });
    again.b.setPrice(1139); // through 1140: fires at the moved trigger, a sell at the moved limit
    await again.b.settled();
    const orders = await again.b.gttOrders(id);
    expect(orders.map((o) => [o.transactionType, o.price])).toEqual([["SELL", 1139]]);
  }, 60_000);

  it("an OCO trails its stop-loss leg only, in jumps; a modify changes the trail", async () => {
    const first = await open();
    const placed = await first.api.place(ocoPayload(first.jwt, { TrailValue: 10, TrailUnit: "POINTS", TrailJump: 5 }));
    expect(placed.body.Msg).toBe("Success");
    const id = placed.body.GTTID!;
    first.b.setPrice(1183); // the stop may go to 1173; from 1100 in jumps of 5: 1170
    expect(await first.entry(id)).toMatchObject({ Price1: 1200, EntryPrice1: 1199, Price2: 1170, EntryPrice2: 1169, TrailJump: 5 });
    const modified = await first.api.modify(ocoPayload(first.jwt, { RequestType: "M", GTTID: id, Leg2: { TriggerPrice: 1170, EntryPrice: 1169 }, TrailValue: 2, TrailUnit: "PERCENT", TrailJump: 0 }));
    expect(modified.body.Msg).toBe("Success");
    expect(await first.entry(id)).toMatchObject({ Price2: 1170, TrailValue: 2, TrailUnit: "PERCENT", TrailJump: 0 });
  }, 90_000);

  it("refuses a trail on a SINGLE that is not a stop (EC733) and a trail off the tick (EC734)", async () => {
    const { api, jwt } = await open();
    const target = await api.place(singlePayload(jwt, { GTTBuySell: "B", Leg1: { TriggerPrice: 1100, EntryPrice: 1101 }, TrailValue: 5 }));
    expect(target.body.Msg).toMatch(/^EC733: A GTT trails only a stop/);
    const offTick = await api.place(singlePayload(jwt, { GTTBuySell: "S", Leg1: { TriggerPrice: 1100, EntryPrice: 1099 }, TrailValue: 5.03 }));
    expect(offTick.body.Msg).toMatch(/^EC734: Invalid GTT trail: 5.03 is not on the tick size/);
  }, 60_000);
});
