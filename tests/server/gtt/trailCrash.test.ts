import { afterAll, describe, expect, it } from "vitest";
import { findInfy, setPrice, sigkill, signIn, startProcess, tempDataDir, client } from "../crashHarness.js";
import { gttClient, singlePayload } from "./client.js";

/**
 * Issue 33, "each rule survives a broker restart: its state is in SQLite and SIGKILL loses
 * nothing", for a GTT's trail: the real server/main.ts process, a GTT SINGLE sell stop whose trail
 * /dev/price moves twice, kill -9, a new process on the same data folder (crashHarness.ts).
 *
 * The rule (src/core/rules/trail.ts): the trigger moves "in the order's favour by the most whole
 * jumps that keep it at least the trail away from the price, else unchanged", "only in the order's
 * favour, never back"; a GTT's limit price moves with its trigger by the same amount
 * (gttTrail.ts). Here a sell stop, trail 20 points, jump 5, so after a price P the trigger T goes up
 * by floor((P - 20 - T) / 5) jumps of 5 when that is at least one jump. Whole rupees are on INFY's tick.
 *
 * A restarted broker's INFY starts near its reference price (about 1,139), above every trigger
 * here, so its first tick crosses none of them.
 */
type Entry = { GTTID: string; Price1: number; EntryPrice1: number; TrailValue?: number; TrailUnit?: string; TrailJump?: number; Status?: string };

async function gttOn(url: string) {
  const api = gttClient(url, await signIn(url));
  const jwt = await api.jwt();
  const entry = async (id: string) => ((await api.list(jwt)).body.Data as Entry[]).find((e) => e.GTTID === id)!;
  return { api, jwt, entry };
}

describe("a GTT's trail across a kill -9 (issue 33)", () => {
  const { dir: dataDir, remove } = tempDataDir("gtt-trail-crash");
  afterAll(remove);

  it("the trigger the trail reached is there after SIGKILL, not the one placed; it trails on from there and never back", async () => {
    const first = startProcess(dataDir);
    const url1 = await first.url;
    const infy = await findInfy(await client(url1));
    const price = (url: string, p: number) => setPrice(url, infy.token, p);
    await price(url1, 1070); // 1070 - 20 - 1050 = 0: less than a jump, the stop placed below stays
    let gtt = await gttOn(url1);
    const placed = await gtt.api.place(singlePayload(gtt.jwt, { GTTBuySell: "S", ScripCode: String(infy.token), Leg1: { TriggerPrice: 1050, EntryPrice: 1049 }, TrailValue: 20, TrailUnit: "POINTS", TrailJump: 5 }));
    expect(placed.body.Msg).toBe("Success");
    const id = placed.body.GTTID!;
    expect(await gtt.entry(id)).toMatchObject({ Price1: 1050, EntryPrice1: 1049, Status: "ACTIVE" });

    await price(url1, 1083); // room 1083 - 20 - 1050 = 13: two jumps, 1060 (limit 1059)
    expect(await gtt.entry(id)).toMatchObject({ Price1: 1060, EntryPrice1: 1059 });
    await price(url1, 1079); // room 1079 - 20 - 1060 = -1: no jump; above 1060, so it does not fire
    expect(await gtt.entry(id)).toMatchObject({ Price1: 1060, EntryPrice1: 1059 });
    await price(url1, 1097); // room 1097 - 20 - 1060 = 17: three jumps, 1075 (limit 1074)
    expect(await gtt.entry(id)).toMatchObject({ Price1: 1075, EntryPrice1: 1074 });

    await sigkill(first);

    const second = startProcess(dataDir);
    try {
      const url2 = await second.url;
      gtt = await gttOn(url2);
      // Where the trail had reached, not the 1050 placed, with the trail itself.
      expect(await gtt.entry(id)).toMatchObject({ Price1: 1075, EntryPrice1: 1074, TrailValue: 20, TrailUnit: "POINTS", TrailJump: 5, Status: "ACTIVE" });
      await price(url2, 1090); // from 1075: room 1090 - 20 - 1075 = -5, stays (from a lost 1050 it would be 1070)
      expect(await gtt.entry(id)).toMatchObject({ Price1: 1075, EntryPrice1: 1074, Status: "ACTIVE" });
      await price(url2, 1104); // room 1104 - 20 - 1075 = 9: one jump, 1080 (limit 1079)
      expect(await gtt.entry(id)).toMatchObject({ Price1: 1080, EntryPrice1: 1079 });
      await price(url2, 1086); // a fall that stays above 1080: room -14, never back
      expect(await gtt.entry(id)).toMatchObject({ Price1: 1080, EntryPrice1: 1079, Status: "ACTIVE" });
      await price(url2, 1112); // room 1112 - 20 - 1080 = 12: two jumps, 1090 (limit 1089)
      expect(await gtt.entry(id)).toMatchObject({ Price1: 1090, EntryPrice1: 1089, Status: "ACTIVE" });
    } finally {
      second.child.kill("SIGTERM");
      await second.exited();
    }
  }, 120_000);
});
