import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { brokerageProductCode, chargeSegment, chargesInputOf, computeCharges, exchangeGroup, productOfBrokerageCode, type ChargesInput } from "../../../src/core/rules/charges";
import { computeMargin, marginBasis, type MarginInput } from "../../../src/core/rules/margin";
import type { Exchange } from "../../../src/core/types/exchange";

const base: ChargesInput = { exchange: "NSEEQ", insType: "EQ", product: "DELIVERY", transactionType: "BUY", quantity: 10, price: 1500, multiplier: 1, lotSize: 1 };

describe("charges: worked examples (paper broker's plan, rules/charges.ts table)", () => {
  it("delivery buy 10 INFY @ 1500 on NSE", () => {
    // turnover 15,000; brokerage 0; STT 0.1% = 15.00; NSE txn 0.00297% = 0.4455 -> 0.45;
    // SEBI 10/crore = 0.015 -> 0.02; stamp 0.015% = 2.25; GST 18% x (0 + 0.45 + 0.02) = 0.0846 -> 0.08
    expect(computeCharges(base)).toEqual({
      turnover: 15000, brokerage: 0, stt: 15, exchangeTransactionCharges: 0.45, sebiFees: 0.02, stampDuty: 2.25, gst: 0.08, total: 17.8,
    });
  });

  it("intraday sell 100 SBIN @ 800 on NSE", () => {
    // turnover 80,000; brokerage min(20, 24) = 20; STT 0.025% sell = 20.00; txn 2.376 -> 2.38; SEBI 0.08;
    // no stamp on a sell; GST 18% x 22.46 = 4.0428 -> 4.04; total 46.50
    expect(computeCharges({ ...base, product: "INTRADAY", transactionType: "SELL", quantity: 100, price: 800 })).toEqual({
      turnover: 80000, brokerage: 20, stt: 20, exchangeTransactionCharges: 2.38, sebiFees: 0.08, stampDuty: 0, gst: 4.04, total: 46.5,
    });
  });

  it("option buy 75 NIFTY CE @ 120 on NSEFO", () => {
    // premium turnover 9,000; brokerage min(20, 2.70) = 2.70; no STT on a buy; txn 0.03503% = 3.1527 -> 3.15;
    // SEBI 0.009 -> 0.01; stamp 0.003% = 0.27; GST 18% x 5.86 = 1.0548 -> 1.05; total 7.18
    expect(computeCharges({ ...base, exchange: "NSEFO", insType: "OPTIDX", product: "NORMAL", quantity: 75, price: 120 })).toEqual({
      turnover: 9000, brokerage: 2.7, stt: 0, exchangeTransactionCharges: 3.15, sebiFees: 0.01, stampDuty: 0.27, gst: 1.05, total: 7.18,
    });
  });

  it("commodity sell 1 lot CRUDEOIL (lot 100) @ 6000 on MCX", () => {
    // value per lot 6000 x 1 x 100 = 600,000; brokerage 20; CTT 0.01% = 60; txn 0.0021% = 12.60; SEBI 0.60;
    // GST 18% x 33.20 = 5.976 -> 5.98; total 99.18
    expect(computeCharges({ ...base, exchange: "MCXCOMM", insType: "FUTCOM", product: "NORMAL", transactionType: "SELL", quantity: 1, price: 6000, lotSize: 100 })).toEqual({
      turnover: 600000, brokerage: 20, stt: 60, exchangeTransactionCharges: 12.6, sebiFees: 0.6, stampDuty: 0, gst: 5.98, total: 99.18,
    });
  });

  it("currency buy 3 USDINR (multiplier 1000) @ 83.50 on NSE", () => {
    // turnover 3 x 83.5 x 1000 = 250,500; brokerage min(20, 75.15) = 20; no STT; txn 0.00035% = 0.87675 -> 0.88;
    // SEBI 0.2505 -> 0.25; stamp 0.0001% = 0.2505 -> 0.25; GST 18% x 21.13 = 3.8034 -> 3.80; total 25.18
    expect(computeCharges({ ...base, exchange: "NSECURR", insType: "FUTCUR", product: "NORMAL", quantity: 3, price: 83.5, multiplier: 1000 })).toEqual({
      turnover: 250500, brokerage: 20, stt: 0, exchangeTransactionCharges: 0.88, sebiFees: 0.25, stampDuty: 0.25, gst: 3.8, total: 25.18,
    });
  });

  it("BSE equity uses BSE's transaction rate (0.00375%)", () => {
    expect(computeCharges({ ...base, exchange: "BSEEQ" }).exchangeTransactionCharges).toBe(0.56); // 0.5625 -> 0.56
  });

  it("NCDEX agricultural futures pay no CTT", () => {
    expect(computeCharges({ ...base, exchange: "NCDEXCOMM", insType: "FUTCOM", product: "NORMAL", transactionType: "SELL", quantity: 1, price: 5000, lotSize: 10 }).stt).toBe(0);
  });

  it("SEBI fee is Rs 10 per crore", () => {
    expect(computeCharges({ ...base, quantity: 1, price: 10_000_000 }).sebiFees).toBe(10);
  });

  it.each<[Exchange, string, string, string]>([
    ["NSEEQ", "EQ", "DELIVERY", "equity-delivery"],
    ["NSEEQ", "EQ", "BNPL", "equity-delivery"],
    ["BSEEQ", "EQ", "INTRADAY", "equity-intraday"],
    ["NSEFO", "FUTSTK", "NORMAL", "equity-futures"],
    ["BSEFO", "OPTIDX", "INTRADAY", "equity-options"],
    ["NSECURR", "OPTCUR", "NORMAL", "currency-options"],
    ["MCXCOMM", "OPTFUT", "NORMAL", "commodity-options"],
  ])("%s %s %s is %s", (e, ins, product, seg) => {
    expect(chargeSegment(e, ins, product as "NORMAL")).toBe(seg);
  });

  it("get-brokerage request codes: exchange group CASH, FNO, CURRENCY or COM; product T or D", () => {
    expect(["NSEEQ", "NSEFO", "BSECURR", "MCXCOMM"].map((e) => exchangeGroup(e as Exchange))).toEqual(["CASH", "FNO", "CURRENCY", "COM"]);
    expect(brokerageProductCode("INTRADAY")).toBe("T");
    expect(brokerageProductCode("DELIVERY")).toBe("D");
  });
});

describe("margin model (rules/margin.ts table), worked by hand", () => {
  const m: MarginInput = { exchange: "NSEEQ", insType: "EQ", product: "DELIVERY", orderComplexity: "REGULAR", transactionType: "BUY", quantity: 10, price: 1500, multiplier: 1, lotSize: 1, productLeverage: 0 };
  it.each<[string, Partial<MarginInput>, { span: number; exposure: number; premium: number; cash: number; total: number }]>([
    ["delivery buy 10 @ 1500: 100%", {}, { span: 0, exposure: 0, premium: 0, cash: 15000, total: 15000 }],
    ["delivery sell: covered by the holding", { transactionType: "SELL" }, { span: 0, exposure: 0, premium: 0, cash: 0, total: 0 }],
    ["BNPL buy at leverage 50: half", { product: "BNPL", productLeverage: 50 }, { span: 0, exposure: 0, premium: 0, cash: 7500, total: 7500 }],
    ["intraday 100 @ 800: 20% (5x)", { product: "INTRADAY", quantity: 100, price: 800 }, { span: 0, exposure: 0, premium: 0, cash: 16000, total: 16000 }],
    ["CO sell 100 @ 800: 20%", { product: "INTRADAY", orderComplexity: "CO", transactionType: "SELL", quantity: 100, price: 800 }, { span: 0, exposure: 0, premium: 0, cash: 16000, total: 16000 }],
    ["NIFTY future 75 @ 23500: 9% + 3% of 17,62,500", { exchange: "NSEFO", insType: "FUTIDX", product: "NORMAL", quantity: 75, price: 23500 },
      { span: 158625, exposure: 52875, premium: 0, cash: 0, total: 211500 }],
    ["option buy 75 @ 120: the premium", { exchange: "NSEFO", insType: "OPTIDX", product: "NORMAL", quantity: 75, price: 120 }, { span: 0, exposure: 0, premium: 9000, cash: 0, total: 9000 }],
    ["option sell 75, underlying 23450: like a future", { exchange: "NSEFO", insType: "OPTIDX", product: "NORMAL", transactionType: "SELL", quantity: 75, price: 120, underlyingPrice: 23450 },
      { span: 158287.5, exposure: 52762.5, premium: 0, cash: 0, total: 211050 }],
    ["CRUDEOIL 1 lot (100) @ 6000: 8% + 2%", { exchange: "MCXCOMM", insType: "FUTCOM", product: "NORMAL", quantity: 1, price: 6000, lotSize: 100 },
      { span: 48000, exposure: 12000, premium: 0, cash: 0, total: 60000 }],
    ["USDINR 3 @ 83.5 x 1000: 2% + 1%", { exchange: "NSECURR", insType: "FUTCUR", product: "NORMAL", quantity: 3, price: 83.5, multiplier: 1000 },
      { span: 5010, exposure: 2505, premium: 0, cash: 0, total: 7515 }],
  ])("%s", (_n, over, expected) => {
    expect(computeMargin({ ...m, ...over })).toEqual(expected);
  });
});

describe("margin basis: why an order needs its margin (issue 11: show why a rate differs)", () => {
  const m: MarginInput = { exchange: "NSEEQ", insType: "EQ", product: "DELIVERY", orderComplexity: "REGULAR", transactionType: "BUY", quantity: 10, price: 1500, multiplier: 1, lotSize: 1, productLeverage: 0 };
  it.each<[Partial<MarginInput>, string]>([
    [{}, "DELIVERY: 100% of value"], // the product as the window's product select names it (productLabel)
    [{ transactionType: "SELL" }, "Sell from holdings: no margin"],
    [{ product: "BNPL", productLeverage: 25 }, "BNPL: 75% of value (the broker funds 25%)"],
    [{ product: "INTRADAY" }, "INTRADAY: 20% of value (5x leverage)"],
    [{ product: "INTRADAY", orderComplexity: "BO" }, "BO: 20% of value (5x leverage)"],
    [{ exchange: "NSEFO", insType: "FUTSTK", product: "NORMAL" }, "Futures: SPAN 9% + exposure 3% of value"],
    [{ exchange: "MCXCOMM", insType: "FUTCOM", product: "NORMAL" }, "Futures: SPAN 8% + exposure 2% of value"],
    [{ exchange: "NSEFO", insType: "OPTSTK", product: "NORMAL" }, "Option buy: the premium"],
    [{ exchange: "NSEFO", insType: "OPTSTK", product: "NORMAL", transactionType: "SELL" }, "Option sell: SPAN 9% + exposure 3% of the underlying's value"],
  ])("%o: %s", (over, expected) => {
    expect(marginBasis({ ...m, ...over })).toBe(expected);
  });
});

describe("charges and margin invariants (property)", () => {
  it("components are non-negative and add up to the total", () => {
    const ex = fc.constantFrom<Exchange>("NSEEQ", "BSEEQ", "NSEFO", "BSEFO", "NSECURR", "BSECURR", "MCXCOMM", "NCDEXCOMM", "NSECOMM", "BSECOMM");
    fc.assert(fc.property(ex, fc.constantFrom("EQ", "FUTIDX", "OPTSTK", "FUTCOM", "OPTCUR"), fc.constantFrom("DELIVERY", "INTRADAY", "NORMAL", "BNPL" as const),
      fc.constantFrom("BUY", "SELL" as const), fc.integer({ min: 1, max: 100000 }), fc.integer({ min: 1, max: 10_000_000 }), (exchange, insType, product, side, qty, pricePaise) => {
        const c = computeCharges({ exchange, insType, product, transactionType: side, quantity: qty, price: pricePaise / 100, multiplier: 1, lotSize: 1 });
        const parts = [c.brokerage, c.stt, c.exchangeTransactionCharges, c.sebiFees, c.stampDuty, c.gst];
        const sumPaise = parts.reduce((s, x) => s + Math.round(x * 100), 0);
        return parts.every((x) => x >= 0) && c.brokerage <= 20 && sumPaise === Math.round(c.total * 100);
      }), { numRuns: 300 });
  });
});

describe("the get-brokerage request read back by the broker", () => {
  // "product T or D": T is intraday (trading); D is delivery on equity and carry-forward (NORMAL) elsewhere.
  it("T and D name products", () => {
    expect(productOfBrokerageCode("T", "NSEEQ")).toBe("INTRADAY");
    expect(productOfBrokerageCode("D", "BSEEQ")).toBe("DELIVERY");
    expect(productOfBrokerageCode("D", "NSEFO")).toBe("NORMAL");
    expect(productOfBrokerageCode("D", "MCXCOMM")).toBe("NORMAL");
  });
  it("the charges input takes the contract's exchange, type, multiplier and lot size and the order's side, product, quantity and price", () => {
    const gold = { exchange: "MCXCOMM" as const, insType: "FUTCOM", multiplier: 1, lotSize: 100, token: 7001 };
    expect(chargesInputOf(gold, { product: "NORMAL", transactionType: "SELL", quantity: 2, price: 6000 })).toEqual({
      exchange: "MCXCOMM", insType: "FUTCOM", product: "NORMAL", transactionType: "SELL", quantity: 2, price: 6000, multiplier: 1, lotSize: 100,
    });
  });
});
