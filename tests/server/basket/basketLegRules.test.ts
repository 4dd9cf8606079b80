import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Instrument } from "../../../server/market/types.js";
import { startBroker, type TestBroker } from "../harness.js";

/**
 * Bug 2 of the exploratory test: `basket add Scalp MRF 1 buy @ 129000.05` saved the leg, though
 * the order window refuses that price ("... is not a multiple of the tick size 5", offering the two
 * nearest). A leg is refused when added with a price or trigger off the tick, or a quantity not a
 * multiple of the lot (src/core/rules/basketLegCheck.ts), and nothing is saved.
 */
describe("a basket leg is refused for a price off the tick or a quantity off the lot", () => {
  let b: TestBroker;
  let bearer: string;
  let basketId: number;
  const call = async (method: "GET" | "POST", path: string, body?: unknown) => {
    const res = await fetch(`${b.url}/core/basketorder/${path}`, {
      method,
      headers: { authorization: `Bearer ${bearer}`, ...(body === undefined ? {} : { "content-type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return res.json() as Promise<{ status: string; message: string; result: Array<Record<string, unknown>> }>;
  };
  const inst = (exchange: "NSEEQ" | "NSEFO", symbol: string) => b.broker.market.bySymbol(exchange, symbol) as Instrument;
  const add = (i: Instrument, extra: Record<string, unknown>) => call("POST", "add/scrips", { basketId, scrips: [{ exchange: i.exchange, token: i.token, transType: "BUY", qty: 1, ...extra }] });
  const legCount = async () => (await call("GET", `get/scrips/${basketId}`)).result.length;

  beforeAll(async () => {
    b = await startBroker({ SIM_TIME: "2026-11-23T04:30:00Z", TICK_HZ: "0" });
    bearer = await b.login("DEMO1");
    basketId = (await call("POST", "create", { basketName: "Scalp" })).result[0]!.basketId as number;
  });
  afterAll(async () => b.stop());

  it("MRF 1 buy @ 129000.05 (tick 5): EC917, the order window's sentence and the ticks below and above; nothing saved", async () => {
    const mrf = inst("NSEEQ", "MRF");
    expect(mrf.tickSize).toBe(5);
    const r = await add(mrf, { price: 129_000.05 });
    // 129000.05 / 5 = 25800.01 ticks: the tick below is 25800 x 5 = 129000, above 25801 x 5 = 129005.
    expect([r.status, r.message]).toEqual(["EC917", "129000.05 is not a multiple of the tick size 5: 129000 or 129005"]);
    expect(await legCount()).toBe(0);
    expect((await add(mrf, { price: 129_005 })).status).toBe("Ok");
    expect(await legCount()).toBe(1);
  });

  it("a trigger off the tick is refused as the trigger's (EC924); a price a MARKET leg does not send is not checked", async () => {
    const sbin = inst("NSEEQ", "SBIN");
    expect(sbin.tickSize).toBe(0.05);
    const before = await legCount();
    const r = await add(sbin, { orderType: "SL", price: 800, trigger: 799.97 });
    // 799.97 / 0.05 = 15999.4 ticks: 15999 x 0.05 = 799.95 below, 16000 x 0.05 = 800 above.
    expect([r.status, r.message]).toEqual(["EC924", "Trigger: 799.97 is not a multiple of the tick size 0.05: 799.95 or 800"]);
    expect(await legCount()).toBe(before);
    expect((await add(sbin, { orderType: "MARKET", price: 800.01 })).status).toBe("Ok");
  });

  it("an F&O leg of 50 on a lot of 75: EC954 with the lot; 150 is taken", async () => {
    const fut = b.broker.market.instruments().find((i) => i.exchange === "NSEFO" && i.symbol === "NIFTY" && i.insType === "FUTIDX") as Instrument;
    expect(fut.lotSize).toBe(75);
    const before = await legCount();
    const r = await add(fut, { qty: 50 });
    expect([r.status, r.message]).toEqual(["EC954", "Quantity must be a multiple of lot size: lot size 75"]);
    expect(await legCount()).toBe(before);
    expect((await add(fut, { qty: 150 })).status).toBe("Ok");
  });

  it("one bad leg among several refuses the whole request: none of them is saved", async () => {
    const before = await legCount();
    const sbin = inst("NSEEQ", "SBIN");
    const r = await call("POST", "add/scrips", { basketId, scrips: [{ exchange: "NSEEQ", token: sbin.token, transType: "BUY", qty: 1, price: 800 }, { exchange: "NSEEQ", token: inst("NSEEQ", "MRF").token, transType: "BUY", qty: 1, price: 129_001 }] });
    expect(r.status).toBe("EC917");
    expect(await legCount()).toBe(before);
  });
});
