import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { listed, modifyAnswerText, orderUpdateToast, refusedOrderText } from "../../../src/core/rules/orderToast";
import type { Exchange } from "../../../src/core/types/exchange";
import type { OrderUpdate } from "../../../src/core/types/orderUpdate";

/**
 * The order-update toast: access-and-surroundings section 4, "Toast: rejected is a danger toast
 * with 'Reason: {rejection reason}'; cancelled is neutral; others are success. Text reads
 * 'Qty {q} {side} @ ₹{price} ({type} Order)'. Market orders omit the price; SL and SLM orders use
 * the trigger price", extended by issue 28 ("the instrument, side, quantity, the price (and
 * trigger for SL/SL-M, and the fill price when filled), and a word that distinguishes placed,
 * modified, cancelled, rejected, filled") to
 *   "{Word}: Qty {q} {side} {tradingSymbol}{prices} ({type} Order){fill}" (src/core/rules/orderToast.ts).
 * Every expected text below is written out by hand.
 */

const upd = (over: Partial<OrderUpdate>): OrderUpdate => ({
  brokerOrderId: "O1", brokerUpdateTime: "09:20:00", orderStatus: "open", validity: "DAY", orderType: "LIMIT", exchange: "NSEEQ", tradingSymbol: "SBIN-EQ",
  transactionType: "BUY", quantity: 10, cancelledQuantity: 0, pendingQuantity: 10, filledQuantity: 0, price: 951, slTriggerPrice: 950,
  averageTradedPrice: 0, modified: false, rejectionReason: "", topic: "", ...over,
});

describe("every status × order type × side", () => {
  // The word per status: [for MARKET and LIMIT, for SL and SLM, kind]. "An SL or SLM order rests as
  // trigger pending, so its open is the trigger being hit."
  const WORDS: Record<string, [string, string, "success" | "danger" | "neutral"]> = {
    rejected: ["Rejected", "Rejected", "danger"],
    cancelled: ["Cancelled", "Cancelled", "neutral"],
    "cancelled after market order": ["AMO cancelled", "AMO cancelled", "neutral"],
    complete: ["Filled", "Filled", "success"],
    open: ["Placed", "Triggered", "success"],
    "trigger pending": ["Trigger pending", "Trigger pending", "success"],
    "after market order req received": ["AMO placed", "AMO placed", "success"],
    "modify after market order req received": ["Modified", "Modified", "success"],
    "partly executed": ["Partly filled", "Partly filled", "success"],
    lapsed: ["Lapsed", "Lapsed", "success"],
  };
  // Price 951, trigger 950 on NSEEQ (2 decimals). "Market orders omit the price"; SL shows trigger and limit; SLM the trigger.
  const PRICES: Record<string, string> = {
    MARKET: "",
    LIMIT: " @ ₹951.00",
    SL: " trigger ₹950.00 @ ₹951.00",
    SLM: " trigger ₹950.00",
  };
  const cases: Array<[string, string, string]> = [];
  for (const status of Object.keys(WORDS)) for (const type of Object.keys(PRICES)) for (const side of ["BUY", "SELL"]) cases.push([status, type, side]);

  it.each(cases)("%s %s %s", (status, type, side) => {
    const [plain, stop, kind] = WORDS[status]!;
    const word = type === "SL" || type === "SLM" ? stop : plain;
    // A complete is filled whole at an average of 950.55, which replaces the order's prices.
    const filled = status === "complete" ? { filledQuantity: 10, pendingQuantity: 0, averageTradedPrice: 950.55 } : {};
    // A partly executed order has 4 of 10 filled at 950.55: ", filled 4/10 @ ₹950.55".
    const partly = status === "partly executed" ? { filledQuantity: 4, pendingQuantity: 6, averageTradedPrice: 950.55 } : {};
    const prices = status === "complete" ? " @ ₹950.55" : PRICES[type]!;
    const fill = status === "partly executed" ? ", filled 4/10 @ ₹950.55" : "";
    const t = orderUpdateToast(upd({ orderStatus: status, orderType: type, transactionType: side, rejectionReason: "Circuit limit", ...filled, ...partly }));
    expect(t.kind).toBe(kind);
    expect(t.text).toBe(`${word}: Qty 10 ${side} SBIN-EQ${prices} (${type} Order)${fill}`);
    // "rejected is a danger toast with 'Reason: {rejection reason}'"
    expect(t.reason).toBe(status === "rejected" ? "Reason: Circuit limit" : undefined);
  });
});

describe("written out whole", () => {
  it.each<[string, Partial<OrderUpdate>, "success" | "danger" | "neutral", string]>([
    // The market buy: the fill price says where it was bought.
    ["a filled market buy", { orderStatus: "complete", orderType: "MARKET", tradingSymbol: "INFY-EQ", price: 0, slTriggerPrice: 0, filledQuantity: 10, pendingQuantity: 0, averageTradedPrice: 1101.35 }, "success", "Filled: Qty 10 BUY INFY-EQ @ ₹1,101.35 (MARKET Order)"],
    // The SBIN SL: its placement and its cancel read differently and both name SBIN.
    ["an SL buy placed", { orderStatus: "trigger pending", orderType: "SL" }, "success", "Trigger pending: Qty 10 BUY SBIN-EQ trigger ₹950.00 @ ₹951.00 (SL Order)"],
    ["the same SL cancelled", { orderStatus: "cancelled", orderType: "SL", cancelledQuantity: 10, pendingQuantity: 0 }, "neutral", "Cancelled: Qty 10 BUY SBIN-EQ trigger ₹950.00 @ ₹951.00 (SL Order)"],
    // A modify: the broker's mark makes the resting status read as Modified, with the new terms.
    ["a limit modified", { modified: true, tradingSymbol: "RELIANCE-EQ", price: 2450.5, slTriggerPrice: 0 }, "success", "Modified: Qty 10 BUY RELIANCE-EQ @ ₹2,450.50 (LIMIT Order)"],
    ["a trailing stop moved by the broker", { orderStatus: "trigger pending", modified: true, orderType: "SLM", transactionType: "SELL", quantity: 5, pendingQuantity: 5, tradingSymbol: "INFY-EQ", price: 0, slTriggerPrice: 1480 }, "success", "Modified: Qty 5 SELL INFY-EQ trigger ₹1,480.00 (SLM Order)"],
    // Modified states the new terms and, of a partly filled order, what stays pending of the new total (10 − 4 = 6; FINDINGS-27 3).
    ["a partly filled order modified", { orderStatus: "partly executed", modified: true, tradingSymbol: "INFY-EQ", price: 1100, filledQuantity: 4, pendingQuantity: 6, averageTradedPrice: 1099.5 }, "success", "Modified: Qty 10 BUY INFY-EQ @ ₹1,100.00 (LIMIT Order), 4 filled, 6 pending"],
    // A partial fill, then the rest cancelled: filled/total at the average.
    ["a limit cancelled after a partial fill", { orderStatus: "cancelled", tradingSymbol: "INFY-EQ", price: 1100, filledQuantity: 4, cancelledQuantity: 6, pendingQuantity: 0, averageTradedPrice: 1099.5 }, "neutral", "Cancelled: Qty 10 BUY INFY-EQ @ ₹1,100.00 (LIMIT Order), filled 4/10 @ ₹1,099.50, 6 cancelled"],
    ["an IOC market sell's remainder cancelled", { orderStatus: "cancelled", validity: "IOC", orderType: "MARKET", transactionType: "SELL", quantity: 100, tradingSymbol: "IDEA-EQ", price: 0, slTriggerPrice: 0, filledQuantity: 60, cancelledQuantity: 40, pendingQuantity: 0, averageTradedPrice: 98.7 }, "neutral", "Cancelled: Qty 100 SELL IDEA-EQ (MARKET Order), filled 60/100 @ ₹98.70, 40 cancelled"],
    // Currency: 4 decimals.
    ["a currency limit placed", { exchange: "NSECURR", tradingSymbol: "USDINR26NOVFUT", quantity: 1000, price: 83.4725, slTriggerPrice: 0 }, "success", "Placed: Qty 1000 BUY USDINR26NOVFUT (NSECURR) @ ₹83.4725 (LIMIT Order)"],
    ["a currency SL sell", { orderStatus: "trigger pending", exchange: "BSECURR", orderType: "SL", transactionType: "SELL", tradingSymbol: "EURINR26NOVFUT", quantity: 1000, price: 89.465, slTriggerPrice: 89.4625 }, "success", "Trigger pending: Qty 1000 SELL EURINR26NOVFUT (BSECURR) trigger ₹89.4625 @ ₹89.4650 (SL Order)"],
    ["a currency fill", { orderStatus: "complete", exchange: "NSECURR", orderType: "MARKET", tradingSymbol: "USDINR26NOVFUT", quantity: 2000, price: 0, filledQuantity: 2000, averageTradedPrice: 83.475 }, "success", "Filled: Qty 2000 BUY USDINR26NOVFUT (NSECURR) @ ₹83.4750 (MARKET Order)"],
    // Indian grouping: the last three digits, then groups of two.
    ["a lakh-priced share", { tradingSymbol: "MRF-EQ", quantity: 1, price: 123456.75 }, "success", "Placed: Qty 1 BUY MRF-EQ @ ₹1,23,456.75 (LIMIT Order)"],
    ["a crore-priced SL", { orderStatus: "trigger pending", orderType: "SL", tradingSymbol: "X-EQ", quantity: 1, price: 12345678.9, slTriggerPrice: 12345000 }, "success", "Trigger pending: Qty 1 BUY X-EQ trigger ₹1,23,45,000.00 @ ₹1,23,45,678.90 (SL Order)"],
    // AMOs.
    ["an AMO placed", { orderStatus: "after market order req received", tradingSymbol: "INFY-EQ", price: 1500 }, "success", "AMO placed: Qty 10 BUY INFY-EQ @ ₹1,500.00 (LIMIT Order)"],
    ["an AMO cancelled", { orderStatus: "cancelled after market order", tradingSymbol: "INFY-EQ", price: 1500 }, "neutral", "AMO cancelled: Qty 10 BUY INFY-EQ @ ₹1,500.00 (LIMIT Order)"],
    // A feed without the average: Filled keeps the order's prices (a market order then has none).
    ["a fill without an average, limit", { orderStatus: "complete", tradingSymbol: "INFY-EQ", price: 1500, filledQuantity: 10 }, "success", "Filled: Qty 10 BUY INFY-EQ @ ₹1,500.00 (LIMIT Order)"],
    ["a fill without an average, market", { orderStatus: "complete", orderType: "MARKET", tradingSymbol: "INFY-EQ", filledQuantity: 10 }, "success", "Filled: Qty 10 BUY INFY-EQ (MARKET Order)"],
    // The wire's case does not matter.
    ["capitals and lower case from the wire", { orderStatus: "COMPLETE", orderType: "market", transactionType: "sell", tradingSymbol: "INFY-EQ", filledQuantity: 10, averageTradedPrice: 1500 }, "success", "Filled: Qty 10 SELL INFY-EQ @ ₹1,500.00 (MARKET Order)"],
  ])("%s", (_name, over, kind, text) => {
    const t = orderUpdateToast(upd(over));
    expect({ kind: t.kind, text: t.text }).toEqual({ kind, text });
  });

  // The trader's brief: a fill toast named no product, so an NRML carry-forward fill read like an
  // intraday one. The broker's update carries the product (the spec's NORMAL, INTRADAY, DELIVERY,
  // BNPL) and the order number; the toast names the product as the order window offers it (NORMAL
  // is NRML, trading-core section 5's mapping) after the order's type, and the order number last.
  it.each<[string, Partial<OrderUpdate>, string]>([
    ["an NRML future filled", { orderStatus: "complete", exchange: "NSEFO", orderType: "MARKET", tradingSymbol: "NIFTY26DECFUT", quantity: 75, product: "NORMAL", orderNo: "2612060000123", filledQuantity: 75, pendingQuantity: 0, averageTradedPrice: 24010.5 }, "Filled: Qty 75 BUY NIFTY26DECFUT @ ₹24,010.50 (MARKET Order) NRML, order 2612060000123"],
    ["an intraday limit placed", { tradingSymbol: "INFY-EQ", price: 1500, product: "INTRADAY", orderNo: "2612060000124" }, "Placed: Qty 10 BUY INFY-EQ @ ₹1,500.00 (LIMIT Order) INTRADAY, order 2612060000124"],
    ["a GTT's delivery order cancelled after a part fill", { orderStatus: "cancelled", tradingSymbol: "INFY-EQ", price: 1100, product: "DELIVERY", orderNo: "2612060000125", orderTag: "GTT 5", filledQuantity: 4, cancelledQuantity: 6, pendingQuantity: 0, averageTradedPrice: 1099.5 }, "Cancelled: Qty 10 BUY INFY-EQ @ ₹1,100.00 (LIMIT Order) DELIVERY by GTT 5, filled 4/10 @ ₹1,099.50, 6 cancelled, order 2612060000125"],
  ])("names its product and order number: %s", (_name, over, text) => {
    expect(orderUpdateToast(upd(over)).text).toBe(text);
  });

  it("rejected with its product and order number: the reason still apart, after them", () => {
    expect(orderUpdateToast(upd({ orderStatus: "rejected", tradingSymbol: "INFY-EQ", price: 1500, product: "BNPL", orderNo: "2612060000126", rejectionReason: "Insufficient funds" }))).toEqual({
      kind: "danger", text: "Rejected: Qty 10 BUY INFY-EQ @ ₹1,500.00 (LIMIT Order) BNPL, order 2612060000126", reason: "Reason: Insufficient funds",
    });
  });

  // A ×2 means two modifies (toastRepeats.ts): the update of a modify names the modify it tells, as
  // the window's answer does, so that the two are one toast; no other update tells a modify.
  it("a modify's update tells the modify of its order, as the update; other updates tell none", () => {
    expect(orderUpdateToast(upd({ brokerOrderId: "O7", modified: true, tradingSymbol: "INFY-EQ", quantity: 8, price: 1105 })).tells).toEqual({ event: "modify:O7", teller: "update" });
    expect(orderUpdateToast(upd({ brokerOrderId: "O7", tradingSymbol: "INFY-EQ", price: 1105 })).tells).toBeUndefined();
    expect(orderUpdateToast(upd({ brokerOrderId: "O7", modified: true, orderStatus: "cancelled", tradingSymbol: "INFY-EQ" })).tells).toBeUndefined();
  });

  it("rejected: danger, the order line, and the reason apart", () => {
    expect(orderUpdateToast(upd({ orderStatus: "rejected", tradingSymbol: "INFY-EQ", price: 1500, rejectionReason: "Insufficient funds" }))).toEqual({
      kind: "danger", text: "Rejected: Qty 10 BUY INFY-EQ @ ₹1,500.00 (LIMIT Order)", reason: "Reason: Insufficient funds",
    });
  });
});

describe("the window's modify answer and the broker's update of that modify read the same", () => {
  it("a limit modify", () => {
    expect(modifyAnswerText({ exchange: "NSEEQ", transactionType: "BUY", quantity: 10, orderType: "LIMIT", price: 2450.5, slTriggerPrice: 0 }, "RELIANCE-EQ")).toBe("Modified: Qty 10 BUY RELIANCE-EQ @ ₹2,450.50 (LIMIT Order)");
  });

  it("a limit modify names the order's product and number, as its update does", () => {
    const sent = { exchange: "NSEEQ" as const, transactionType: "BUY" as const, quantity: 10, orderType: "LIMIT" as const, price: 2450.5, slTriggerPrice: 0, product: "NORMAL" };
    expect(modifyAnswerText(sent, "RELIANCE-EQ", "2612060000127")).toBe("Modified: Qty 10 BUY RELIANCE-EQ @ ₹2,450.50 (LIMIT Order) NRML, order 2612060000127");
  });

  // The toast id is kind and text (src/app/toasts.ts): the same text is one toast. The broker's
  // update after a modify carries the order's new terms in a resting status, with whatever was
  // filled before, marked modified; its price is 0 for MARKET and SLM (server/orders/changes.ts).
  const exchanges: Exchange[] = ["NSEEQ", "BSEEQ", "NSEFO", "NSECURR", "MCXCOMM"];
  const types = ["MARKET", "LIMIT", "SL", "SLM"] as const;
  const price = fc.integer({ min: 1, max: 5_000_000 }).map((p) => p / 4);
  it("for any order, resting status and earlier fill", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...exchanges),
        fc.constantFrom(...types),
        fc.constantFrom("BUY", "SELL"),
        fc.integer({ min: 1, max: 100_000 }),
        price,
        price,
        fc.constantFrom("open", "trigger pending", "partly executed", "modify after market order req received"),
        fc.nat(),
        price,
        fc.constantFrom("DELIVERY", "INTRADAY", "NORMAL", "BNPL"),
        (exchange, orderType, side, quantity, p, trigger, status, filledSeed, avg, product) => {
          const filledQuantity = filledSeed % quantity;
          const sent = { exchange, transactionType: side, quantity, orderType, product, price: orderType === "MARKET" || orderType === "SLM" ? 0 : p, slTriggerPrice: orderType === "SL" || orderType === "SLM" ? trigger : 0 };
          const update = upd({
            orderStatus: status, modified: true, exchange, orderType, transactionType: side, quantity, tradingSymbol: "ANY-EQ", product, orderNo: "2612060000128",
            price: sent.price, slTriggerPrice: sent.slTriggerPrice, filledQuantity, pendingQuantity: quantity - filledQuantity, averageTradedPrice: filledQuantity > 0 ? avg : 0,
          });
          const t = orderUpdateToast(update);
          expect(t.kind).toBe("success");
          expect(modifyAnswerText(sent, "ANY-EQ", "2612060000128", filledQuantity)).toBe(t.text);
        },
      ),
      { seed: 28, numRuns: 300 },
    );
  });
});

describe("lists in a bulk toast", () => {
  it("up to four named, the rest counted", () => {
    expect(listed(["a", "b"])).toBe("a, b");
    expect(listed(["a", "b", "c", "d"])).toBe("a, b, c, d");
    expect(listed(["a", "b", "c", "d", "e", "f"])).toBe("a, b, c, d and 2 more");
  });
});

describe("a trailing stop's move (issue 33)", () => {
  it('says "Trail moved" from where to where, neutral, under one id per order so moves replace each other', () => {
    // The format's "{Word}: Qty {q} {side} {tradingSymbol}{prices} ({type} Order){product}{no}", the trigger from where to where,
    // an SL's price after it; the product as the order window offers it (NORMAL reads NRML) and the book's order number.
    const t = orderUpdateToast(upd({ brokerOrderId: "261123000042", orderStatus: "trigger pending", orderType: "SL", transactionType: "SELL", quantity: 10, tradingSymbol: "INFY-EQ", exchange: "NSEEQ", price: 1470, slTriggerPrice: 1485, modified: true, modifyReason: "trail", previousTrigger: 1480, product: "NORMAL", orderNo: "2612070000018" }));
    expect(t).toEqual({ kind: "neutral", text: "Trail moved: Qty 10 SELL INFY-EQ trigger ₹1,480.00 → ₹1,485.00 @ ₹1,470.00 (SL Order) NRML, order 2612070000018", id: "trail:261123000042" });
    // An SLM has no price of its own; an intraday product reads as offered.
    expect(orderUpdateToast(upd({ orderStatus: "trigger pending", orderType: "SLM", transactionType: "SELL", quantity: 10, tradingSymbol: "INFY-EQ", price: 0, slTriggerPrice: 1007, modified: true, modifyReason: "trail", previousTrigger: 995, product: "INTRADAY", orderNo: "7" })).text).toBe(
      "Trail moved: Qty 10 SELL INFY-EQ trigger ₹995.00 → ₹1,007.00 (SLM Order) INTRADAY, order 7",
    );
  });
  it("a modify of the trader's own still says Modified", () => {
    expect(orderUpdateToast(upd({ orderStatus: "trigger pending", orderType: "SL", modified: true })).text).toMatch(/^Modified: /);
  });
  it("an order a GTT's trigger placed says which GTT placed it; another tag says nothing", () => {
    // GTT 5: buy 2 SBIN, trigger 943 @ 944, filled at 943.10 (the explorer's; it read as a plain fill).
    expect(orderUpdateToast(upd({ orderStatus: "open", quantity: 2, price: 944, orderTag: "GTT 5" })).text).toBe("Placed: Qty 2 BUY SBIN-EQ @ ₹944.00 (LIMIT Order) by GTT 5");
    expect(orderUpdateToast(upd({ orderStatus: "complete", quantity: 2, price: 944, filledQuantity: 2, averageTradedPrice: 943.1, orderTag: "GTT 5" })).text).toBe("Filled: Qty 2 BUY SBIN-EQ @ ₹943.10 (LIMIT Order) by GTT 5");
    expect(orderUpdateToast(upd({ orderStatus: "open", quantity: 2, price: 944, orderTag: "swing" })).text).toBe("Placed: Qty 2 BUY SBIN-EQ @ ₹944.00 (LIMIT Order)");
  });
});

// refusedOrderText: "what was refused, then why": the refused order named as every order toast names it.
describe("an order refused on Enter", () => {
  it("a market exit under a kill switch names its side, quantity and instrument, then the code and reason", () => {
    const o = { quantity: 1, transactionType: "SELL", tradingSymbol: "USDINR26DECFUT", orderType: "MARKET", exchange: "NSECURR" as const, price: 0, slTriggerPrice: 0 };
    expect(refusedOrderText("new", o, "EC710: Kill switch is on for this segment: no new orders: Currency until 05/12/2026 10:00:00 IST")).toBe(
      "Not placed: Qty 1 SELL USDINR26DECFUT (NSECURR) (MARKET Order). EC710: Kill switch is on for this segment: no new orders: Currency until 05/12/2026 10:00:00 IST",
    );
  });
  it("a refused modify of a limit says Not modified, with the price it asked for", () => {
    const o = { quantity: 10, transactionType: "BUY", tradingSymbol: "INFY-EQ", orderType: "LIMIT", exchange: "NSEEQ" as const, price: 1500.05, slTriggerPrice: 0 };
    expect(refusedOrderText("modify", o, "Price must be a multiple of tick size")).toBe("Not modified: Qty 10 BUY INFY-EQ @ ₹1,500.05 (LIMIT Order). Price must be a multiple of tick size");
  });
  // FINDINGS-29 8: a refusal names the order as its success toast would ("{product}{no}" after the
  // spec's "({type} Order)"), then why: "Not modified: … (SL Order) INTRADAY, order …. {why}".
  it("a refused modify names the product and the order number, as the Modified toast of that order would", () => {
    const o = { quantity: 10, transactionType: "SELL", tradingSymbol: "INFY-EQ", orderType: "SL", exchange: "NSEEQ" as const, price: 1125, slTriggerPrice: 1123, product: "INTRADAY", orderNo: "2611230000001" };
    expect(refusedOrderText("modify", o, "For a sell SL order the trigger price must be above the price")).toBe(
      "Not modified: Qty 10 SELL INFY-EQ trigger ₹1,123.00 @ ₹1,125.00 (SL Order) INTRADAY, order 2611230000001. For a sell SL order the trigger price must be above the price",
    );
  });
  it("a refused cancel names the order the same way", () => {
    const o = { quantity: 5, transactionType: "BUY", tradingSymbol: "SBIN-EQ", orderType: "LIMIT", exchange: "NSEEQ" as const, price: 950, slTriggerPrice: 0, product: "DELIVERY", orderNo: "2612070000004" };
    expect(refusedOrderText("cancel", o, "Reason: EC993")).toBe("Not cancelled: Qty 5 BUY SBIN-EQ @ ₹950.00 (LIMIT Order) DELIVERY, order 2612070000004. Reason: EC993");
  });
  // A currency contract is listed on NSECURR and on BSECURR under one trading symbol (USDINR26DECFUT on
  // both), a commodity's on MCXCOMM, NSECOMM and BSECOMM (CRUDEOIL): the toast says which one.
  it("a new order refused names its product (NORMAL reads NRML) and, for a symbol listed on two exchanges, the exchange; no order number yet", () => {
    const o = { quantity: 1, transactionType: "BUY", tradingSymbol: "USDINR26DECFUT", orderType: "MARKET", exchange: "NSECURR" as const, price: 0, slTriggerPrice: 0, product: "NORMAL" };
    expect(refusedOrderText("new", o, "EC710: Kill switch is on")).toBe("Not placed: Qty 1 BUY USDINR26DECFUT (NSECURR) (MARKET Order) NRML. EC710: Kill switch is on");
    expect(refusedOrderText("new", { ...o, exchange: "BSECOMM" as const, tradingSymbol: "CRUDEOIL26DECFUT", orderType: "LIMIT", price: 5600 }, "why")).toBe("Not placed: Qty 1 BUY CRUDEOIL26DECFUT (BSECOMM) @ ₹5,600.00 (LIMIT Order) NRML. why");
  });
  it("the success toast of such a contract names its exchange too (one rule)", () => {
    expect(orderUpdateToast(upd({ exchange: "NSECURR", tradingSymbol: "USDINR26DECFUT", orderType: "MARKET", quantity: 1, price: 0, orderStatus: "complete", filledQuantity: 1, averageTradedPrice: 84.5, product: "NORMAL", orderNo: "2612070000002" })).text).toBe(
      "Filled: Qty 1 BUY USDINR26DECFUT (NSECURR) @ ₹84.5000 (MARKET Order) NRML, order 2612070000002",
    );
  });
});
