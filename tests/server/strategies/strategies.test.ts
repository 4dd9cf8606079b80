import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBroker, type TestBroker } from "../harness.js";

/** Issue 31: saved strategies, per user, like baskets: list, save by name, delete; refusals by catalogue code. */
describe("saved strategies under /core/v2/strategies", () => {
  let b: TestBroker;
  let demo1: string;
  let demo2: string;
  type Answer = { status: string; message: string; result: Array<{ strategyId: number; name: string; underlying: string; savedAt: number; legs: Array<Record<string, unknown>> }> };
  const call = async (path: string, bearer: string, body: unknown = {}) => {
    const res = await fetch(`${b.url}/core/v2/strategies${path}`, { method: "POST", headers: { authorization: `Bearer ${bearer}`, "content-type": "application/json" }, body: JSON.stringify(body) });
    expect(res.status).toBe(200);
    return (await res.json()) as Answer;
  };
  const contract = (symbol: string) => b.broker.market.bySymbol("NSEFO", symbol)!;
  const leg = (symbol: string, side: "BUY" | "SELL", entry: number, lots = 1) => ({ exchange: "NSEFO", token: contract(symbol).token, side, lots, entry });
  const condor = () => [leg("NIFTY26DEC24400PE", "BUY", 20), leg("NIFTY26DEC24600PE", "SELL", 60), leg("NIFTY26DEC25000CE", "SELL", 70), leg("NIFTY26DEC25200CE", "BUY", 15)];

  beforeAll(async () => {
    b = await startBroker({ SIM_TIME: "2026-11-23T04:30:00Z", TICK_HZ: "0" });
    demo1 = await b.login("DEMO1");
    demo2 = await b.login("DEMO2");
  });
  afterAll(async () => b.stop());

  it("saves a strategy with its legs and entry prices, lists it with each contract's fields, and deletes it", async () => {
    expect((await call("", demo1)).result).toEqual([]);
    const saved = await call("/save", demo1, { name: "Weekly condor", underlying: "nifty", legs: condor() });
    expect(saved.status).toBe("Ok");
    expect(saved.result.map((s) => [s.name, s.underlying])).toEqual([["Weekly condor", "NIFTY"]]);
    // The broker clock (started at SIM_TIME, running) is when it was saved.
    const start = Date.parse("2026-11-23T04:30:00Z");
    expect(saved.result[0]!.savedAt).toBeGreaterThanOrEqual(start);
    expect(saved.result[0]!.savedAt).toBeLessThan(start + 10 * 60_000);
    const put = contract("NIFTY26DEC24400PE");
    expect(saved.result[0]!.legs[0]).toEqual({ exchange: "NSEFO", token: put.token, tradingSymbol: "NIFTY26DEC24400PE", optionType: "PE", strike: 24400, expiry: put.expiry, lotSize: put.lotSize, side: "BUY", lots: 1, entry: 20 });
    expect(saved.result[0]!.legs.map((l) => [l.side, l.strike, l.entry])).toEqual([
      ["BUY", 24400, 20],
      ["SELL", 24600, 60],
      ["SELL", 25000, 70],
      ["BUY", 25200, 15],
    ]);
    expect((await call("", demo1)).result.length).toBe(1);
    const gone = await call("/delete", demo1, { name: "weekly CONDOR" });
    expect([gone.status, gone.result]).toEqual(["Ok", []]);
  });

  it("saving under a name already kept (any case) replaces that strategy, legs and all", async () => {
    await call("/save", demo1, { name: "Straddle", underlying: "NIFTY", legs: [leg("NIFTY26DEC24800CE", "BUY", 150), leg("NIFTY26DEC24800PE", "BUY", 140)] });
    const again = await call("/save", demo1, { name: "STRADDLE", underlying: "NIFTY", legs: [leg("NIFTY26DEC24800CE", "SELL", 155, 2)] });
    expect(again.result.map((s) => [s.name, s.legs.map((l) => [l.side, l.lots, l.entry])])).toEqual([["STRADDLE", [["SELL", 2, 155]]]]);
    await call("/delete", demo1, { name: "straddle" });
  });

  it("keeps each user's strategies apart: another user neither sees, replaces nor deletes them", async () => {
    await call("/save", demo1, { name: "Mine", underlying: "NIFTY", legs: condor() });
    expect((await call("", demo2)).result).toEqual([]);
    // DEMO2 saving the same name makes its own; DEMO1's is untouched.
    await call("/save", demo2, { name: "Mine", underlying: "NIFTY", legs: [leg("NIFTY26DEC24800CE", "BUY", 1)] });
    expect((await call("", demo1)).result[0]!.legs.length).toBe(4);
    expect((await call("", demo2)).result[0]!.legs.length).toBe(1);
    await call("/delete", demo2, { name: "Mine" });
    expect((await call("/delete", demo2, { name: "Mine" })).status).toBe("EC966");
    expect((await call("", demo1)).result.map((s) => s.name)).toEqual(["Mine"]);
    await call("/delete", demo1, { name: "Mine" });
  });

  it.each<[string, () => unknown, string, string]>([
    ["an empty name", () => ({ name: "  ", underlying: "NIFTY", legs: condor() }), "EC967", "Strategy name must be 1 to 40 characters"],
    ["a 41-character name", () => ({ name: "x".repeat(41), underlying: "NIFTY", legs: condor() }), "EC967", "Strategy name must be 1 to 40 characters"],
    ["no legs", () => ({ name: "A", underlying: "NIFTY", legs: [] }), "EC977", "A strategy holds 1 to 20 legs"],
    ["21 legs", () => ({ name: "A", underlying: "NIFTY", legs: Array.from({ length: 21 }, () => leg("NIFTY26DEC24800CE", "BUY", 1)) }), "EC977", "A strategy holds 1 to 20 legs"],
    ["an unknown contract", () => ({ name: "A", underlying: "NIFTY", legs: [{ exchange: "NSEFO", token: 999999999, side: "BUY", lots: 1, entry: 1 }] }), "EC902", "Instrument not found"],
    ["an index as a leg", () => ({ name: "A", underlying: "NIFTY", legs: [{ ...leg("NIFTY26DEC24800CE", "BUY", 1), exchange: "NSEEQ", token: b.broker.market.instruments().find((i) => i.isIndex)!.token }] }), "EC902", "Instrument not found"],
    ["a side that is neither", () => ({ name: "A", underlying: "NIFTY", legs: [{ ...leg("NIFTY26DEC24800CE", "BUY", 1), side: "HOLD" }] }), "EC929", "Invalid transaction type"],
    ["0 lots", () => ({ name: "A", underlying: "NIFTY", legs: [leg("NIFTY26DEC24800CE", "BUY", 1, 0)] }), "EC903", "Quantity must be a positive whole number"],
    ["a negative entry price", () => ({ name: "A", underlying: "NIFTY", legs: [leg("NIFTY26DEC24800CE", "BUY", -5)] }), "EC944", "Price must be positive"],
  ])("refuses %s, saving nothing", async (_, body, code, message) => {
    const r = await call("/save", demo1, body());
    expect([r.status, r.message.startsWith(message)]).toEqual([code, true]);
    expect((await call("", demo1)).result).toEqual([]);
  });

  it("keeps at most 50; a 51st name is EC968, while re-saving one of the 50 still works", async () => {
    const one = [leg("NIFTY26DEC24800CE", "BUY", 1)];
    for (let i = 1; i <= 50; i++) expect((await call("/save", demo2, { name: `S${i}`, underlying: "NIFTY", legs: one })).status).toBe("Ok");
    const over = await call("/save", demo2, { name: "S51", underlying: "NIFTY", legs: one });
    expect([over.status, over.message]).toEqual(["EC968", "You can keep at most 50 strategies"]);
    expect((await call("/save", demo2, { name: "s7", underlying: "NIFTY", legs: one })).status).toBe("Ok");
    expect((await call("", demo2)).result.length).toBe(50);
  });
});
