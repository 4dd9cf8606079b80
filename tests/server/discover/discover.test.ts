import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBroker, type TestBroker } from "../harness.js";

interface Row {
  ScripCode: number; exchange: string; token: number; topic: string; pdc: number; ltp: number; chg: number; pchg: number;
  h: number; o: number; l: number; volume: number; symbol: string; tradingSymbol: string; weekHigh: number; weekLow: number;
}

describe("Discover lists under /core", () => {
  let b: TestBroker;
  let token: string;
  const get = async (path: string, bearer = token) => {
    const res = await fetch(`${b.url}/core/${path}`, { headers: { authorization: `Bearer ${bearer}` } });
    expect(res.status).toBe(200);
    return res.json();
  };
  const post = async (path: string, body: unknown, bearer = token) => {
    const res = await fetch(`${b.url}/core/${path}`, { method: "POST", headers: { authorization: `Bearer ${bearer}`, "content-type": "application/json" }, body: JSON.stringify(body) });
    return res.json();
  };
  const market = () => b.broker.market;
  const share = (symbol: string) => market().bySymbol("NSEEQ", symbol)!;

  beforeAll(async () => {
    // 10:00 IST on a Monday: every NSE session is open, and TICK_HZ=0 lets the test move the market.
    b = await startBroker({ SIM_TIME: "2026-11-23T04:30:00Z", TICK_HZ: "0" });
    token = await b.login("DEMO1");
    for (let i = 0; i < 30; i++) market().step();
  });
  afterAll(async () => b.stop());

  it("scanner: result[0].GetFOGainerLooserList with the spec's row fields, gainers by pchg descending, losers ascending, 20 each", async () => {
    // The NIFTY near future forced 5 % above its previous close leads the gainers: no future walks 5 % in 30 steps.
    const nifty = market().instruments().filter((i) => i.exchange === "NSEFO" && i.insType === "FUTIDX" && i.symbol === "NIFTY").sort((a, c) => a.expiry.localeCompare(c.expiry))[0]!;
    const pdc = market().quote("NSEFO", nifty.token)!.pClose;
    market().setPrice("NSEFO", nifty.token, pdc * 1.05);
    const answer = await get("v2/client-util/idea/get/gainer/loser");
    expect(answer.status).toBe("Ok");
    const { Gainer, Looser } = answer.result[0].GetFOGainerLooserList as { Gainer: Row[]; Looser: Row[] };
    expect(Gainer.length).toBe(20);
    expect(Looser.length).toBe(20);
    for (const r of [...Gainer, ...Looser]) {
      for (const f of ["ScripCode", "exchange", "token", "topic", "pdc", "ltp", "chg", "pchg", "h", "o", "l", "volume"]) expect(r).toHaveProperty(f);
      expect(r.exchange).toBe("NSEFO");
      expect(r.ScripCode).toBe(r.token);
      expect(r.topic).toBe(`prod/marketfeed/mw/v1/NSEFO/${r.token}`);
      expect(r.l).toBeLessThanOrEqual(r.ltp);
      expect(r.h).toBeGreaterThanOrEqual(r.ltp);
    }
    expect(Gainer[0]).toMatchObject({ token: nifty.token, pdc });
    expect(Gainer[0]!.pchg).toBeCloseTo(5, 1);
    for (let i = 1; i < 20; i++) expect(Gainer[i]!.pchg).toBeLessThanOrEqual(Gainer[i - 1]!.pchg);
    for (let i = 1; i < 20; i++) expect(Looser[i]!.pchg).toBeGreaterThanOrEqual(Looser[i - 1]!.pchg);
    expect(Gainer.every((r) => r.pchg > 0)).toBe(true);
    expect(Looser.every((r) => r.pchg < 0)).toBe(true);
  });

  it("52 Week High lists a share at or within 1 % of its 52-week high, not one 1.5 % below; 52 Week Low the mirror", async () => {
    const infy = share("INFY");
    const tcs = share("TCS");
    const sbin = share("SBIN");
    const wh = market().quote("NSEEQ", infy.token)!.weekHigh;
    // 0.5 % below the high: inside the 1 % band.
    market().setPrice("NSEEQ", infy.token, wh * 0.995);
    const tcsHigh = market().quote("NSEEQ", tcs.token)!.weekHigh;
    // 1.5 % below the high: outside the band.
    market().setPrice("NSEEQ", tcs.token, tcsHigh * 0.985);
    const wl = market().quote("NSEEQ", sbin.token)!.weekLow;
    market().setPrice("NSEEQ", sbin.token, wl * 1.005);

    const highs = (await get("v2/client-util/market/equity/weekHigh")).result as Row[];
    expect(highs.map((r) => r.symbol)).toContain("INFY");
    expect(highs.map((r) => r.symbol)).not.toContain("TCS");
    for (const r of highs) expect(r.ltp).toBeGreaterThanOrEqual(r.weekHigh * 0.99);
    const lows = (await get("v2/client-util/market/equity/weekLow")).result as Row[];
    expect(lows.map((r) => r.symbol)).toContain("SBIN");
    for (const r of lows) expect(r.ltp).toBeLessThanOrEqual(r.weekLow * 1.01);
    // The simulator's 52-week ranges put several shares near an extreme without any forcing.
    expect(highs.length).toBeGreaterThan(5);
    expect(lows.length).toBeGreaterThan(5);
  });

  it("Top Gainers and Top Losers are NSE cash shares (no ETF) in change order", async () => {
    const bees = share("NIFTYBEES");
    market().setPrice("NSEEQ", bees.token, market().quote("NSEEQ", bees.token)!.pClose * 1.15);
    const gainers = (await get("v2/client-util/market/equity/topGainers")).result as Row[];
    const losers = (await get("v2/client-util/market/equity/topLosers")).result as Row[];
    expect(gainers.length).toBe(50);
    expect(gainers.every((r) => r.exchange === "NSEEQ")).toBe(true);
    expect(gainers.map((r) => r.symbol)).not.toContain("NIFTYBEES");
    for (let i = 1; i < gainers.length; i++) expect(gainers[i]!.pchg).toBeLessThanOrEqual(gainers[i - 1]!.pchg);
    for (let i = 1; i < losers.length; i++) expect(losers[i]!.pchg).toBeGreaterThanOrEqual(losers[i - 1]!.pchg);
    expect((await get("v2/client-util/market/equity/allTime")).status).toBe("EC984");
  });

  it("ETF groups INDEX BASED, DEBT, POWER hold the real ETFs with live prices", async () => {
    const groups = (await get("v2/client-util/market/etf")).result as Array<{ group: string; scrips: Row[] }>;
    expect(groups.map((g) => g.group)).toEqual(["INDEX BASED", "DEBT", "POWER"]);
    const symbols = (g: string) => groups.find((x) => x.group === g)!.scrips.map((r) => r.symbol);
    expect(symbols("INDEX BASED")).toEqual(expect.arrayContaining(["NIFTYBEES", "BANKBEES", "JUNIORBEES", "GOLDBEES", "SETFNIF50", "ITBEES", "PSUBNKBEES", "MON100"]));
    expect(symbols("DEBT")).toEqual(expect.arrayContaining(["LIQUIDBEES", "GILT5YBEES", "EBBETF0430", "LICNETFGSC"]));
    expect(symbols("POWER")).toEqual(expect.arrayContaining(["CPSEETF"]));
    const liquid = groups[1]!.scrips.find((r) => r.symbol === "LIQUIDBEES")!;
    expect(liquid).toMatchObject({ exchange: "NSEEQ", tradingSymbol: "LIQUIDBEES-EQ" });
    // Reference 1000: within the 20 % band after 30 steps.
    expect(liquid.ltp).toBeGreaterThan(800);
    expect(liquid.ltp).toBeLessThan(1200);
    // An ETF ticks like a share: the walk moves it.
    const before = market().quote("NSEEQ", liquid.token)!.seq;
    for (let i = 0; i < 5; i++) market().step();
    expect(market().quote("NSEEQ", liquid.token)!.seq).toBeGreaterThan(before);
  });

  it("recently viewed is kept per user: one user's views are not shown to another", async () => {
    const demo2 = await b.login("DEMO2");
    await post("v2/security/info", { exchange: "NSEEQ", token: share("TCS").token });
    await post("v2/security/info", { exchange: "NSEEQ", token: share("GOLDBEES").token }, demo2);
    const mine = ((await get("scrip/recentlyViewed")).result as Row[]).map((r) => r.symbol);
    const theirs = ((await get("scrip/recentlyViewed", demo2)).result as Row[]).map((r) => r.symbol);
    expect(mine[0]).toBe("TCS");
    expect(mine).not.toContain("GOLDBEES");
    expect(theirs).toEqual(["GOLDBEES"]);
  });

  it("every Discover call needs a session", async () => {
    for (const path of ["v2/client-util/idea/get/gainer/loser", "v2/client-util/market/equity/topGainers", "v2/client-util/market/etf"]) {
      const res = await fetch(`${b.url}/core/${path}`);
      expect(res.status).toBe(401);
    }
  });
});
