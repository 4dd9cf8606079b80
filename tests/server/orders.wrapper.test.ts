import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { computeCharges } from "../../src/core/rules/charges.js";
import type { ChargesBreakdown } from "../../src/core/types/orderWindow.js";
import type { Instrument } from "../../server/market/types.js";
import { startTrading, type TradingBroker } from "./tradingHarness.js";

/** The wrapper calls, pre-order margin and span (trading-core section 7). */
describe("wrapper, margin and span calls", () => {
  let b: TradingBroker;
  let infy: Instrument;
  const head = { requestCode: "5PTAPE", key: "k", appVer: "1", appName: "Tape", osName: "WEB", LoginId: "DEMO1" };

  beforeAll(async () => {
    b = await startTrading();
    infy = b.market.bySymbol("NSEEQ", "INFY") as Instrument;
  }, 120_000);
  afterAll(async () => b.stop(), 60_000);

  it("getMarketStatus: AMO N for the open exchanges during the session", async () => {
    const r = await b.call<{ GetMarket: Array<{ Exch: string; ExchType: string; AMO: string; exchange: string }> }>("POST", "/wrapper/formtoken/getMarketStatus", { head, body: {} });
    expect(r.status).toBe("Ok");
    const nse = r.result[0]?.GetMarket.find((e) => e.exchange === "NSEEQ");
    expect(nse).toMatchObject({ Exch: "N", ExchType: "C", AMO: "N" });
    expect((await b.call("POST", "/wrapper/formtoken/getMarketStatus", { head })).status).toBe("EC900");
  });

  it("saveAsmGsm records the client's answer and refuses a body without its fields", async () => {
    const body = { Scripcode: "1234", Exch: "N", ExchType: "C", ClientResponse: "Y", MsgContent: "This stock is under ASM stage 1" };
    const r = await b.call("POST", "/wrapper/formtoken/saveAsmGsm", { head, body });
    expect(r.status).toBe("Ok");
    const rows = b.broker.db.prepare("SELECT user_id, client_response FROM asm_gsm_answers").all();
    expect(rows).toEqual([{ user_id: "DEMO1", client_response: "Y" }]);
    expect((await b.call("POST", "/wrapper/formtoken/saveAsmGsm", { head, body: { Scripcode: "1" } })).status).toBe("EC900");
  });

  it("get/brokerage answers the shared charges rule in result[0].data", async () => {
    const body = {
      clientCode: "DEMO1",
      exchangeGroup: "CASH",
      scripDetails: { scripCode: infy.token, exchange: "N", exchangeType: "C" },
      orderDetails: { orderPrice: 1500, product: "D", qty: 10, multiplier: 1, orderType: "B" },
    };
    const r = await b.call<{ data: ChargesBreakdown }>("POST", "/wrapper/formtoken/get/brokerage", { head, body });
    expect(r.status).toBe("Ok");
    const expected = computeCharges({ exchange: "NSEEQ", insType: "EQ", product: "DELIVERY", transactionType: "BUY", quantity: 10, price: 1500, multiplier: 1, lotSize: 1 });
    expect(r.result[0]?.data).toEqual(expected);
    expect(r.result[0]?.data.total).toBeGreaterThan(0);
    const intraday = await b.call<{ data: ChargesBreakdown }>("POST", "/wrapper/formtoken/get/brokerage", { head, body: { ...body, orderDetails: { ...body.orderDetails, product: "T", orderType: "S" } } });
    expect(intraday.result[0]?.data.brokerage).toBeGreaterThan(0);
    expect((await b.call("POST", "/wrapper/formtoken/get/brokerage", { head, body: { ...body, exchangeGroup: "FNO" } })).status).toBe("EC900");
    expect((await b.call("POST", "/wrapper/formtoken/get/brokerage", { head, body: { ...body, orderDetails: { ...body.orderDetails, orderType: "X" } } })).status).toBe("EC929");
  });

  it("preordermargin answers margin, what is available and the charges; a bad request gets its EC code", async () => {
    const ltp = b.market.quote("NSEEQ", infy.token)?.ltp as number;
    const r = await b.call<{ requiredMargin: number; availableMargin: number; shortfall: number; cash: number; charges: ChargesBreakdown }>("POST", "/core/v2/preordermargin", {
      exchange: "NSEEQ", instrumentId: String(infy.token), transactionType: "BUY", quantity: 10, product: "INTRADAY", orderComplexity: "REGULAR", orderType: "LIMIT", price: ltp, validity: "DAY", marketProtection: 0, slTriggerPrice: 0,
    });
    expect(r.status).toBe("Ok");
    expect(r.result[0]?.requiredMargin).toBeCloseTo(0.2 * 10 * ltp, 2);
    expect(r.result[0]?.shortfall).toBe(0);
    expect(r.result[0]?.charges.total).toBeGreaterThan(0);
    expect((await b.call("POST", "/core/v2/preordermargin", { exchange: "NSEEQ", instrumentId: String(infy.token), transactionType: "BUY", quantity: 0, product: "INTRADAY", orderType: "LIMIT", price: ltp })).status).toBe("EC903");
  });

  it("spanexposure sums SPAN and exposure over the legs", async () => {
    const fut = b.market.instruments().find((i) => i.exchange === "NSEFO" && i.symbol === "NIFTY" && i.insType === "FUTIDX") as Instrument;
    const r = await b.call<{ span: number; exposure: number; totalMargin: number; legs: unknown[] }>("POST", "/span/spanexposure", [
      { exchange: "NSEFO", instrumentId: String(fut.token), transactionType: "BUY", quantity: fut.lotSize },
      { exchange: "NSEFO", instrumentId: String(fut.token), transactionType: "SELL", quantity: fut.lotSize * 2 },
    ]);
    expect(r.status).toBe("Ok");
    const a = r.result[0];
    expect(a?.legs).toHaveLength(2);
    expect(a?.span).toBeGreaterThan(0);
    expect(a?.totalMargin).toBeCloseTo((a?.span ?? 0) + (a?.exposure ?? 0), 2);
    expect((await b.call("POST", "/span/spanexposure", { not: "an array" })).status).toBe("EC900");
  });
});
