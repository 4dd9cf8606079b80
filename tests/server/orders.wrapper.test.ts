import { afterAll, beforeAll, describe, expect, it } from "vitest";
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

  it("get/brokerage answers the charges of the described order in result[0].data", async () => {
    const body = {
      clientCode: "DEMO1",
      exchangeGroup: "CASH",
      scripDetails: { scripCode: infy.token, exchange: "N", exchangeType: "C" },
      orderDetails: { orderPrice: 1500, product: "D", qty: 10, multiplier: 1, orderType: "B" },
    };
    const r = await b.call<{ data: ChargesBreakdown }>("POST", "/wrapper/formtoken/get/brokerage", { head, body });
    expect(r.status).toBe("Ok");
    // The paper broker's charges table (src/core/rules/charges.ts), worked by hand for an NSE
    // delivery buy of 10 at 1500, turnover 15,000; each component rounded half up to the paisa:
    //   brokerage     delivery pays none                                    0
    //   STT           0.1% buy                          15,000 x 0.001      = 15.00
    //   exchange txn  0.00297% (NSE)                    15,000 x 0.0000297  = 0.4455 -> 0.45
    //   SEBI fees     Rs 10 per crore (0.0001%)         15,000 x 0.000001   = 0.015  -> 0.02
    //   stamp duty    0.015% buy                        15,000 x 0.00015    = 2.25
    //   GST           18% of brokerage + exchange + SEBI  0.47 x 0.18       = 0.0846 -> 0.08
    //   total         15.00 + 0.45 + 0.02 + 2.25 + 0.08                     = 17.80
    expect(r.result[0]?.data).toEqual({ turnover: 15000, brokerage: 0, stt: 15, exchangeTransactionCharges: 0.45, sebiFees: 0.02, stampDuty: 2.25, gst: 0.08, total: 17.8 });
    // The same order as an intraday sell (product T, orderType S):
    //   brokerage     min(Rs 20, 0.03%)                 15,000 x 0.0003     = 4.50
    //   STT           0.025% sell                       15,000 x 0.00025    = 3.75
    //   exchange txn and SEBI fees as above                                 0.45, 0.02
    //   stamp duty    buys only                                             0
    //   GST           18% of 4.50 + 0.45 + 0.02 = 4.97 x 0.18               = 0.8946 -> 0.89
    //   total         4.50 + 3.75 + 0.45 + 0.02 + 0.89                      = 9.61
    const intraday = await b.call<{ data: ChargesBreakdown }>("POST", "/wrapper/formtoken/get/brokerage", { head, body: { ...body, orderDetails: { ...body.orderDetails, product: "T", orderType: "S" } } });
    expect(intraday.result[0]?.data).toEqual({ turnover: 15000, brokerage: 4.5, stt: 3.75, exchangeTransactionCharges: 0.45, sebiFees: 0.02, stampDuty: 0, gst: 0.89, total: 9.61 });
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
