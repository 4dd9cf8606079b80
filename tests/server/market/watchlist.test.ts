import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBroker, type TestBroker } from "../harness.js";

describe("watchlists under /core", () => {
  let b: TestBroker;
  let token: string;
  const call = async (method: "GET" | "POST", path: string, body?: unknown, bearer = token) => {
    const res = await fetch(`${b.url}/core/${path}`, {
      method,
      headers: { authorization: `Bearer ${bearer}`, ...(body === undefined ? {} : { "content-type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    expect(res.status).toBe(200);
    return res.json();
  };
  const scrip = (exchange: "NSEEQ" | "NSEFO", symbol: string) => {
    const i = b.broker.market.bySymbol(exchange, symbol)!;
    return { exchange: i.exchange, token: i.token };
  };

  beforeAll(async () => {
    b = await startBroker({ SIM_TIME: "2026-11-23T04:30:00Z", TICK_HZ: "0" });
    token = await b.login("DEMO1");
  });
  afterAll(async () => b.stop());

  it("lists the user list 302 and the predefined list 1, which is not editable", async () => {
    const all = await call("GET", "marketWatch/getAllMwScripsDetails");
    expect(all.status).toBe("Ok");
    const user = all.result.find((l: { mwId: number }) => l.mwId === 302);
    const predefined = all.result.find((l: { mwId: number }) => l.mwId === 1);
    expect(user).toMatchObject({ isEdit: true, isDefault: true, scrips: [] });
    expect(predefined.isEdit).toBe(false);
    expect(predefined.scrips.length).toBe(50);
    expect((await call("POST", "addscrip", { mwId: 1, scrips: [scrip("NSEEQ", "INFY")] })).status).toBe("ECMW011");
    expect((await call("POST", "renameMW", { mwId: 1, mwName: "Mine" })).status).toBe("ECMW011");
  });

  it("adds INFY and a NIFTY option, refuses a duplicate, sorts, deletes", async () => {
    const infy = scrip("NSEEQ", "INFY");
    const call_ = scrip("NSEFO", "NIFTY26DEC24650CE");
    const added = await call("POST", "addscrip", { mwId: 302, scrips: [infy, call_] });
    expect(added).toMatchObject({ status: "Ok", message: "Scrip added successfully" });
    expect(added.result[0].code).toBe("ECMW004");
    expect(added.result[0].scrips.map((s: { tradingSymbol: string }) => s.tradingSymbol)).toEqual(["INFY-EQ", "NIFTY26DEC24650CE"]);
    expect((await call("POST", "addscrip", { mwId: 302, scrips: [infy] })).status).toBe("ECMW012");
    const sorted = await call("POST", "sortMwScrips", { mwId: 302, scripData: [{ ...infy, sortingOrder: 2 }, { ...call_, sortingOrder: 1 }] });
    expect(sorted.result[0].code).toBe("ECMW005");
    const all = await call("GET", "marketWatch/getAllMwScripsDetails");
    expect(all.result[0].scrips.map((s: { tradingSymbol: string }) => s.tradingSymbol)).toEqual(["NIFTY26DEC24650CE", "INFY-EQ"]);
    const deleted = await call("POST", "deletescrip", { mwId: 302, scrips: [call_] });
    expect(deleted.result[0].code).toBe("ECMW003");
    expect(deleted.result[0].scrips.length).toBe(1);
  });

  it("caps a list at 50 scrips", async () => {
    const t2 = await b.login("DEMO2");
    const shares = b.broker.market.instruments().filter((i) => i.exchange === "NSEEQ" && i.insType === "EQ").slice(0, 51);
    const first50 = shares.slice(0, 50).map((i) => ({ exchange: i.exchange, token: i.token }));
    expect((await call("POST", "addscrip", { mwId: 302, scrips: first50 }, t2)).status).toBe("Ok");
    const last = shares[50]!;
    expect((await call("POST", "addscrip", { mwId: 302, scrips: [{ exchange: last.exchange, token: last.token }] }, t2)).status).toBe("ECMW010");
  });

  it("renames within 40 characters and refuses an existing name", async () => {
    expect((await call("POST", "renameMW", { mwId: 302, mwName: "x".repeat(41) })).status).toBe("ECMW007");
    expect((await call("POST", "renameMW", { mwId: 302, mwName: "nifty 50" })).status).toBe("ECMW008");
    expect((await call("POST", "renameMW", { mwId: 302, mwName: "" })).status).toBe("ECMW015");
    const ok = await call("POST", "renameMW", { mwId: 302, mwName: "Swing trades" });
    expect(ok.result[0]).toMatchObject({ code: "ECMW014", mwName: "Swing trades" });
    expect((await call("POST", "renameMW", { mwId: 999, mwName: "x" })).status).toBe("ECMW006");
  });

  it("answers malformed bodies with ECMW codes, never a 500", async () => {
    expect((await call("POST", "addscrip", { mwId: 302, scrips: [{ exchange: "NSEEQ", token: 99999999 }] })).status).toBe("ECMW013");
    expect((await call("POST", "addscrip", { mwId: "x" })).status).toBe("ECMW006");
    expect((await call("POST", "sortMwScrips", { mwId: 302, scripData: "no" })).status).toBe("ECMW013");
    expect((await call("POST", "deletescrip", [])).status).toBe("ECMW006");
  });

  it("keeps recently viewed scrips from contract-info lookups, newest first", async () => {
    await call("POST", "v2/security/info", scrip("NSEEQ", "TCS"));
    await call("POST", "v2/security/info", scrip("NSEEQ", "SBIN"));
    const recent = await call("GET", "scrip/recentlyViewed");
    expect(recent.result.map((s: { symbol: string }) => s.symbol).slice(0, 2)).toEqual(["SBIN", "TCS"]);
  });

  it("keeps seven user lists, 302 to 308, each its own scrips and name (issue 29, several lists as Kite has them)", async () => {
    const all = await call("GET", "marketWatch/getAllMwScripsDetails");
    const user = all.result.filter((l: { isEdit: boolean }) => l.isEdit);
    // Seven lists in id order; 302 keeps the name it had (renamed above), the fresh ones are named by their number key.
    expect(user.map((l: { mwId: number }) => l.mwId)).toEqual([302, 303, 304, 305, 306, 307, 308]);
    expect(user.map((l: { mwName: string }) => l.mwName).slice(1)).toEqual(["Watchlist 2", "Watchlist 3", "Watchlist 4", "Watchlist 5", "Watchlist 6", "Watchlist 7"]);
    expect(user.filter((l: { isDefault: boolean }) => l.isDefault).map((l: { mwId: number }) => l.mwId)).toEqual([302]);
    // A scrip added to list 5 (305) is in 305 only; renaming 303 "Scalps" names that list only, and a taken name is refused.
    expect((await call("POST", "addscrip", { mwId: 305, scrips: [scrip("NSEEQ", "TCS")] })).status).toBe("Ok");
    expect((await call("POST", "renameMW", { mwId: 303, mwName: "Scalps" })).result[0]).toMatchObject({ code: "ECMW014", mwId: 303, mwName: "Scalps" });
    expect((await call("POST", "renameMW", { mwId: 304, mwName: "scalps" })).status).toBe("ECMW008");
    expect((await call("POST", "renameMW", { mwId: 309, mwName: "Eighth" })).status).toBe("ECMW006");
    const after = await call("GET", "marketWatch/getAllMwScripsDetails");
    const byId = (id: number) => after.result.find((l: { mwId: number }) => l.mwId === id);
    expect(byId(305).scrips.map((s: { tradingSymbol: string }) => s.tradingSymbol)).toEqual(["TCS-EQ"]);
    expect(byId(303)).toMatchObject({ mwName: "Scalps", scrips: [] });
    expect(byId(302).scrips.map((s: { tradingSymbol: string }) => s.tradingSymbol)).toEqual(["INFY-EQ"]);
  });

  it("persists across a restart", async () => {
    await b.stop(true);
    b = await startBroker({ SIM_TIME: "2026-11-23T04:30:00Z", TICK_HZ: "0" }, b.dataDir);
    token = await b.login("DEMO1");
    const all = await call("GET", "marketWatch/getAllMwScripsDetails");
    expect(all.result[0]).toMatchObject({ mwId: 302, mwName: "Swing trades" });
    expect(all.result[0].scrips.map((s: { tradingSymbol: string }) => s.tradingSymbol)).toEqual(["INFY-EQ"]);
    // The other lists, their names and scrips, come back too.
    expect(all.result.find((l: { mwId: number }) => l.mwId === 303)).toMatchObject({ mwName: "Scalps" });
    expect(all.result.find((l: { mwId: number }) => l.mwId === 305).scrips.map((s: { tradingSymbol: string }) => s.tradingSymbol)).toEqual(["TCS-EQ"]);
  });
});
