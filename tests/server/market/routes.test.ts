import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBroker, type TestBroker } from "../harness.js";

describe("security info and search", () => {
  let b: TestBroker;
  let token: string;
  const post = async (path: string, body: unknown, bearer = token) =>
    (await fetch(`${b.url}${path}`, { method: "POST", headers: { "content-type": "application/json", authorization: `Bearer ${bearer}` }, body: JSON.stringify(body) })).json();

  beforeAll(async () => {
    b = await startBroker({ SIM_TIME: "2026-11-23T04:30:00Z", TICK_HZ: "0" });
    token = await b.login("DEMO1");
  });
  afterAll(async () => b.stop());

  it("answers the contract-info fields of trading-core section 3", async () => {
    const found = await post("/core/search", { exchange: ["NSEEQ"], searchText: "INFY", pageSize: 5, currentPage: 1 });
    const infy = found.result[0];
    expect(infy.tradingSymbol).toBe("INFY-EQ");
    const body = await post("/core/v2/security/info", { exchange: "NSEEQ", token: infy.token });
    expect(body.status).toBe("Ok");
    const info = body.result[0];
    for (const f of ["exchange", "token", "tradingSymbol", "lotSize", "tickSize", "symbol", "formattedInsName", "pdc", "insType", "expiry", "prompt", "deliveryQty", "bnplQty", "optionType", "isin", "freezeQty", "productLeverage", "badge", "surveillance", "sliceEnable", "screeners", "companyName", "upperCircuit", "lowerCircuit", "weekHigh", "weekLow", "ltp"]) {
      expect(info, f).toHaveProperty(f);
    }
    expect(info.isin).toBe("INE009A01021");
    expect(info.upperCircuit).toBeGreaterThan(info.ltp);
    expect(info.lowerCircuit).toBeLessThan(info.ltp);
  });

  it("contract info carries the user's own delivery and BNPL quantity of the share (issue 10, defect 5)", async () => {
    // trading-core section 3: contract info has deliveryQty and bnplQty; section 4: "BNPL ... also
    // appears when selling with BNPL holdings", so the order window needs bnplQty. The demo seed
    // (server/portfolio/seed.ts) gives DEMO1 ITC 300 DELIVERY + 100 BNPL and SBIN 120 BNPL only,
    // and DEMO2 ITC 200 DELIVERY with no BNPL, and AAVAS 30 BNPL, a share without BNPL leverage.
    const info = async (symbol: string, bearer = token) => {
      const found = await post("/core/search", { exchange: ["NSEEQ"], searchText: symbol, pageSize: 5, currentPage: 1 }, bearer);
      const inst = found.result.find((r: { tradingSymbol: string }) => r.tradingSymbol === `${symbol}-EQ`);
      return (await post("/core/v2/security/info", { exchange: "NSEEQ", token: inst.token }, bearer)).result[0];
    };
    const itc = await info("ITC");
    expect([itc.deliveryQty, itc.bnplQty]).toEqual([300, 100]);
    const sbin = await info("SBIN");
    expect([sbin.deliveryQty, sbin.bnplQty]).toEqual([0, 120]);
    const demo2 = await b.login("DEMO2");
    const itc2 = await info("ITC", demo2);
    expect([itc2.deliveryQty, itc2.bnplQty]).toEqual([200, 0]);
    const aavas = await info("AAVAS", demo2);
    expect([aavas.deliveryQty, aavas.bnplQty, aavas.productLeverage]).toEqual([0, 30, 0]);
  });

  it("finds a NIFTY option by contract description", async () => {
    const body = await post("/core/search", { exchange: ["NSEFO"], searchText: "nifty 26dec 24650 ce", pageSize: 10, currentPage: 1 });
    expect(body.result[0].tradingSymbol).toBe("NIFTY26DEC24650CE");
    const info = (await post("/core/v2/security/info", { exchange: "NSEFO", token: body.result[0].token })).result[0];
    expect(info.lotSize).toBe(75);
    expect(info.optionType).toBe("CE");
    expect(info.freezeQty).toBe(1800);
  });

  it("refuses a search under 2 characters with its ECMW code, and bad input without a 500", async () => {
    expect((await post("/core/search", { exchange: [], searchText: "n", pageSize: 10, currentPage: 1 })).status).toBe("ECMW009");
    expect((await post("/core/search", "garbage")).status).toMatch(/^EC/);
    expect((await post("/core/v2/security/info", { exchange: "XX", token: "a" })).status).toBe("EC400");
    expect((await post("/core/v2/security/info", { exchange: "NSEEQ", token: 424242 })).status).toBe("EC400");
  });

  it("needs the bearer", async () => {
    const res = await fetch(`${b.url}/core/search`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
    expect(res.status).toBe(401);
  });
});
