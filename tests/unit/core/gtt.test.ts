import { describe, expect, it } from "vitest";
import {
  GTT_TOASTS,
  GTT_UNAVAILABLE,
  gttAvailable,
  gttDefaultPrices,
  gttDistancePercent,
  gttLine,
  gttTermsOf,
  gttOrderView,
  gttPercentFromPrice,
  gttPriceFromPercent,
  singleShownPercent,
  gttTriggeredLeg,
  isGttSuccess,
} from "../../../src/core/rules/gtt";
import { EXCHANGES, type Exchange } from "../../../src/core/types/exchange";
import type { GttCallOutcome, GttEntry } from "../../../src/core/types/gtt";

describe("GTT availability", () => {
  // "GTT is unavailable on NSECOMM, BSECOMM, NSECURR, BSECURR, BSEFO, MCXCOMM, NCDEXCOMM."
  it.each<[Exchange, boolean]>(EXCHANGES.map((e) => [e, ["NSEEQ", "BSEEQ", "NSEFO"].includes(e)]))("%s available: %s", (e, available) => {
    expect(gttAvailable(e)).toBe(available);
  });
  it("lists exactly the spec's seven", () => {
    expect([...GTT_UNAVAILABLE].sort()).toEqual(["BSECOMM", "BSECURR", "BSEFO", "MCXCOMM", "NCDEXCOMM", "NSECOMM", "NSECURR"]);
  });
});

describe("GTT default prices", () => {
  // "GTT default prices are 5 percent from the last price. The stop-loss side is opposite to the target side."
  it("sell: target 5% above, stop-loss 5% below", () => {
    expect(gttDefaultPrices(1500, "SELL", 0.05)).toEqual({ targetTriggerPrice: 1575, stopLossTriggerPrice: 1425, targetPercent: 5, stopLossPercent: 5 });
  });
  it("buy: target 5% below, stop-loss 5% above", () => {
    expect(gttDefaultPrices(1500, "BUY", 0.05)).toEqual({ targetTriggerPrice: 1425, stopLossTriggerPrice: 1575, targetPercent: 5, stopLossPercent: 5 });
  });
  it("lands on the tick (1234.55 x 1.05 = 1296.2775 -> 1296.30; x 0.95 = 1172.8225 -> 1172.80)", () => {
    const d = gttDefaultPrices(1234.55, "SELL", 0.05);
    expect(d.targetTriggerPrice).toBe(1296.3);
    expect(d.stopLossTriggerPrice).toBe(1172.8);
  });
});

describe("percent and price kept in step", () => {
  it.each([
    ["SELL", "target", 1000, 5, 1050],
    ["SELL", "stop-loss", 1000, 5, 950],
    ["BUY", "target", 1000, 5, 950],
    ["BUY", "stop-loss", 1000, 5, 1050],
    ["SELL", "target", 1234.55, 2.5, 1265.4],
  ] as const)("%s %s: ltp %f at %f%% is %f", (side, leg, ltp, pct, price) => {
    expect(gttPriceFromPercent(ltp, pct, side, leg, 0.05)).toBe(price);
    expect(gttPercentFromPrice(ltp, price, side, leg)).toBeCloseTo(pct, 1);
  });
  it("a price on the wrong side gives a negative percent", () => {
    expect(gttPercentFromPrice(1000, 990, "SELL", "target")).toBe(-1);
  });
});

describe("GTT success rule", () => {
  // "A GTT call is judged successful only when all of these hold: HTTP status 200, status Ok, message Success, body status 0, Msg Success"
  const good: GttCallOutcome = { httpStatus: 200, status: "Ok", message: "Success", body: { status: 0, Msg: "Success" } };
  it("all five parts hold: success", () => {
    expect(isGttSuccess(good)).toBe(true);
    expect(isGttSuccess({ ...good, body: { status: "0", Msg: "Success" } })).toBe(true);
  });
  it.each<[string, GttCallOutcome]>([
    ["HTTP status not 200", { ...good, httpStatus: 201 }],
    ["status not Ok", { ...good, status: "EC900" }],
    ["message not Success", { ...good, message: "Failed" }],
    ["body status not 0", { ...good, body: { status: 1, Msg: "Success" } }],
    ["Msg not Success", { ...good, body: { status: 0, Msg: "Invalid JWT" } }],
    ["no body", { ...good, body: undefined }],
    ["empty body status", { ...good, body: { status: "", Msg: "Success" } }],
  ])("%s alone makes it a failure", (_name, outcome) => {
    expect(isGttSuccess(outcome)).toBe(false);
  });
  it("toast texts", () => {
    expect(GTT_TOASTS).toEqual({ placed: "GTT Placed Successfully", modified: "GTT Modified Successfully", cancelled: "GTT Cancelled Successfully" });
  });
});

describe("GTT entry derived fields", () => {
  const entry: GttEntry = {
    GTTID: "77", Exch: "N", ExchType: "C", ScripCode: "1594", Qty: 10, TriggerType: "OCO", GTTProduct: "D", GTTBuySell: "S",
    EntryPrice1: 1648, Price1: 1650, EntryPrice2: 1348, Price2: 1350,
  };
  // "Derived: exchange, token, topic, orderComplexity GTT, product, validity DAY, quantity, orderType, pdc, ltp, pltp, transactionType."
  it("derives the spec's fields", () => {
    expect(gttOrderView(entry, { pdc: 1490, ltp: 1500, pltp: 1499.5 })).toEqual({
      entry, exchange: "NSEEQ", token: "1594", topic: "prod/marketfeed/mw/v1/NSEEQ/1594", orderComplexity: "GTT", product: "DELIVERY",
      validity: "DAY", quantity: 10, orderType: "OCO", pdc: 1490, ltp: 1500, pltp: 1499.5, transactionType: "SELL",
    });
    expect(gttOrderView({ ...entry, Exch: "Z" }, { pdc: 0, ltp: 0, pltp: 0 })).toBeUndefined();
  });
  // Section 5's product mapping: "DELIVERY on equity exchanges, otherwise NORMAL". A GTT's "D" is placed so
  // when it triggers; the list and the form said DELIVERY for an option whose triggered order went as NORMAL.
  it("a GTT's product is DELIVERY on equity and NORMAL on F&O, currency and commodity", () => {
    const product = (Exch: string, ExchType: string) => gttOrderView({ ...entry, Exch, ExchType }, { pdc: 0, ltp: 0, pltp: 0 })?.product;
    expect([product("N", "C"), product("B", "C"), product("N", "D"), product("N", "U"), product("M", "D")]).toEqual(["DELIVERY", "DELIVERY", "NORMAL", "NORMAL", "NORMAL"]);
  });
  it("triggers the leg the price reaches or crosses", () => {
    expect(gttTriggeredLeg(entry, 1600, 1640)).toBeUndefined();
    expect(gttTriggeredLeg(entry, 1640, 1650)).toBe(1);
    expect(gttTriggeredLeg(entry, 1640, 1660)).toBe(1);
    expect(gttTriggeredLeg(entry, 1360, 1340)).toBe(2);
    expect(gttTriggeredLeg({ ...entry, TriggerType: "SINGLE" }, 1360, 1340)).toBeUndefined();
  });
  it("distance to the nearest trigger in percent", () => {
    expect(gttDistancePercent(entry, 1500)).toBe(10);
    expect(gttDistancePercent(entry, 1600)).toBe(3.13);
  });
});

// Issue 28: the spec's GTT toasts start the text, then what they acted on, named as order toasts
// name an order ("Qty {q} {side} {tradingSymbol}") with each leg's trigger and limit price.
// FINDINGS-27 6: then the product its order goes with ("{product}": DELIVERY, which sells from the
// demat; NRML off equity) and its id (", GTT {GTTID}"), as an order toast ends with its order number.
describe("what a GTT toast names", () => {
  it("a SINGLE buy not yet given an id (a place the broker refused): the product, no id", () => {
    expect(gttLine({ exchange: "NSEEQ", transactionType: "BUY", quantity: 10, tradingSymbol: "INFY-EQ", triggerType: "SINGLE", leg1: { trigger: 1050, price: 1051 } })).toBe(
      "Qty 10 BUY INFY-EQ trigger ₹1,050.00 @ ₹1,051.00 (SINGLE GTT) DELIVERY",
    );
  });

  it("the finding's SINGLE sell once placed: DELIVERY and its GTT id", () => {
    expect(gttLine({ exchange: "NSEEQ", transactionType: "SELL", quantity: 2, tradingSymbol: "TCS-EQ", triggerType: "SINGLE", leg1: { trigger: 2400, price: 2395 }, gttId: "41" })).toBe(
      "Qty 2 SELL TCS-EQ trigger ₹2,400.00 @ ₹2,395.00 (SINGLE GTT) DELIVERY, GTT 41",
    );
  });

  it("an F&O GTT's order goes as NORMAL, written NRML as the order window writes it", () => {
    expect(gttLine({ exchange: "NSEFO", transactionType: "BUY", quantity: 75, tradingSymbol: "NIFTY26DECFUT", triggerType: "SINGLE", leg1: { trigger: 24500, price: 24505 }, gttId: "9" })).toBe(
      "Qty 75 BUY NIFTY26DECFUT trigger ₹24,500.00 @ ₹24,505.00 (SINGLE GTT) NRML, GTT 9",
    );
  });

  it("a listed OCO sell: Price1/Price2 the triggers, EntryPrice1/EntryPrice2 the limits; the symbol from the instrument list", () => {
    const entry: GttEntry = {
      GTTID: "77", Exch: "N", ExchType: "C", ScripCode: "1594", Qty: 10, TriggerType: "OCO", GTTProduct: "D", GTTBuySell: "S",
      EntryPrice1: 1648, Price1: 1650, EntryPrice2: 134800.5, Price2: 135000,
    };
    const terms = gttTermsOf(entry, (exchange, token) => (exchange === "NSEEQ" && token === "1594" ? "INFY-EQ" : "?"));
    // 1,34,800.50: Indian grouping.
    expect(gttLine(terms!)).toBe("Qty 10 SELL INFY-EQ target trigger ₹1,650.00 @ ₹1,648.00, stop-loss trigger ₹1,35,000.00 @ ₹1,34,800.50 (OCO GTT) DELIVERY, GTT 77");
  });

  it("a SINGLE listed ignores its empty second leg", () => {
    const entry: GttEntry = {
      GTTID: "78", Exch: "N", ExchType: "C", ScripCode: "1594", Qty: 3, TriggerType: "SINGLE", GTTProduct: "D", GTTBuySell: "B",
      EntryPrice1: 1401, Price1: 1400, EntryPrice2: 0, Price2: 0,
    };
    expect(gttLine(gttTermsOf(entry, () => "INFY-EQ")!)).toBe("Qty 3 BUY INFY-EQ trigger ₹1,400.00 @ ₹1,401.00 (SINGLE GTT) DELIVERY, GTT 78");
  });

  it("no terms for an entry naming no known exchange", () => {
    expect(gttTermsOf({ GTTID: "1", Exch: "Z", ExchType: "Q", ScripCode: "1", Qty: 1, TriggerType: "SINGLE", GTTProduct: "D", GTTBuySell: "B", EntryPrice1: 1, Price1: 1, EntryPrice2: 0, Price2: 0 }, () => "X")).toBeUndefined();
  });
});

describe("a SINGLE GTT's percentage as its form shows it (signed from the last price: + above, - below)", () => {
  it("a buy above the price is +, a buy below -; a sell's read the same way", () => {
    // LTP 941.25, trigger 943: (943 - 941.25) / 941.25 = 0.19 % above. The form keeps the leg as a buy target (aimed below), so -0.19 there.
    expect(singleShownPercent(gttPercentFromPrice(941.25, 943, "BUY", "target"), "BUY")).toBe(0.19);
    // LTP 1,150, trigger 1,050: 100 / 1,150 = 8.70 % below.
    expect(singleShownPercent(gttPercentFromPrice(1150, 1050, "BUY", "target"), "BUY")).toBe(-8.7);
    // A sell's target is aimed above: 1,200 from 1,150 is 4.35 % above, 1,100 is 4.35 % below.
    expect(singleShownPercent(gttPercentFromPrice(1150, 1200, "SELL", "target"), "SELL")).toBe(4.35);
    expect(singleShownPercent(gttPercentFromPrice(1150, 1100, "SELL", "target"), "SELL")).toBe(-4.35);
  });
  it("typed back, a shown percentage puts the trigger where it says", () => {
    // -5 % for a buy: 5 % below 1,000 is 950.
    expect(gttPriceFromPercent(1000, singleShownPercent(-5, "BUY"), "BUY", "target", 0.05)).toBe(950);
    // +2 % for a buy: 1,020.
    expect(gttPriceFromPercent(1000, singleShownPercent(2, "BUY"), "BUY", "target", 0.05)).toBe(1020);
  });
});
