import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTrading, type TradingBroker } from "./tradingHarness.js";

/** Issue 19's broker calls: the contract chain behind contract words, and aliases kept per user. */
describe("contract chain and aliases over HTTP", () => {
  let b: TradingBroker;
  beforeAll(async () => {
    b = await startTrading();
  }, 120_000);
  afterAll(async () => b.stop(), 60_000);

  it("the chain of NIFTY: its unexpired futures and options on NSEFO and the index's live value as the spot", async () => {
    const r = await b.call<{ exchange: string; spot: number; today: string; contracts: Array<{ expiry: string; optionType: string; insType: string; strikePrice: number }> }>("POST", "/core/v2/contractChain", { symbol: "nifty" });
    expect(r.status).toBe("Ok");
    const c = r.result[0]!;
    expect(c.exchange).toBe("NSEFO");
    // OPEN_TIME is Monday 23 November 2026 in IST.
    expect(c.today).toBe("2026-11-23");
    const index = b.market.instruments().find((i) => i.isIndex && b.market.instruments().some((d) => d.symbol === "NIFTY" && d.underlying?.token === i.token && d.underlying.exchange === i.exchange))!;
    expect(c.spot).toBe(b.market.quote(index.exchange, index.token)?.ltp);
    expect(c.contracts.every((x) => x.expiry >= "2026-11-23")).toBe(true);
    expect(c.contracts.some((x) => x.optionType === "CE")).toBe(true);
    expect(c.contracts.some((x) => x.optionType === "PE")).toBe(true);
    expect(c.contracts.some((x) => x.insType === "FUTIDX")).toBe(true);
    expect((await b.call("POST", "/core/v2/contractChain", { symbol: "NOSUCH" })).status).toBe("EC902");
  });

  it("aliases: saved per user, a recursive one refused with the reason (EC972), deleted; an unknown one is EC973", async () => {
    const saved = await b.call<{ name: string; body: string }>("POST", "/core/v2/aliases/save", { name: "Straddle", body: "buy $1 ATM CE $2; buy $1 ATM PE $2" });
    expect(saved.status).toBe("Ok");
    expect(saved.result).toEqual([{ name: "straddle", body: "buy $1 ATM CE $2; buy $1 ATM PE $2" }]);
    const loop = await b.call("POST", "/core/v2/aliases/save", { name: "loop", body: "straddle $1 $2; loop $1" });
    expect([loop.status, loop.message]).toEqual(["EC972", "Alias refused: The alias calls itself: loop → loop"]);
    // Another user has aliases of their own.
    const other = await b.login("DEMO2");
    expect((await b.call("POST", "/core/v2/aliases", {}, other)).result).toEqual([]);
    expect((await b.call("POST", "/core/v2/aliases/delete", { name: "straddle" })).result).toEqual([]);
    expect((await b.call("POST", "/core/v2/aliases/delete", { name: "straddle" })).status).toBe("EC973");
  });
});
