import { describe, expect, it } from "vitest";
import { describeDraft, inferExchange, isOrderCommand, parseOrderCommand, prefillOf, type OrderDraft } from "../../../src/commands/grammar/order";
import { emptyOrderWindowState } from "../../../src/core/rules/orderWindow";
import { settleWindow, unmetAsks } from "../../../src/core/rules/orderWindowChoices";

function draft(input: string): OrderDraft {
  const r = parseOrderCommand(input);
  if (!r.ok) throw new Error(`${input}: ${r.message}`);
  return r.draft;
}

describe("order command grammar (DESIGN.md section 3: the palette is also a command line)", () => {
  it.each<[string, Partial<OrderDraft>]>([
    ["buy INFY 10", { transactionType: "BUY", symbol: "INFY", quantity: 10, priceType: "MARKET", orderType: "Regular", isAmo: false }],
    ["sell RELIANCE 5 @ 2950.5", { transactionType: "SELL", symbol: "RELIANCE", quantity: 5, priceType: "LIMIT", price: 2950.5 }],
    // "at" as a trader says it, for "@".
    ["sell RELIANCE 5 at 2500", { transactionType: "SELL", symbol: "RELIANCE", quantity: 5, priceType: "LIMIT", price: 2500 }],
    ["buy INFY 10 at market", { priceType: "MARKET" }],
    ["buy NIFTY25JAN21000CE 75 @ 120 sl 110 intraday", { symbol: "NIFTY25JAN21000CE", quantity: 75, priceType: "SL", price: 120, triggerPrice: 110, pcode: "INTRADAY" }],
    ["sell INFY 10 amo", { transactionType: "SELL", priceType: "MARKET", isAmo: true }],
    ["buy SBIN 100 @ 800 ioc", { priceType: "LIMIT", price: 800, validity: "IOC" }],
    ["bo buy INFY 10 @ 1500 tgt 1550 sl 1480", { orderType: "BO", priceType: "LIMIT", price: 1500, targetPrice: 1550, stopLossPrice: 1480 }],
    ["bo sell INFY 10 @ 1500 trg 1502 tgt 1450 sl 1520 tsl 2", { orderType: "BO", priceType: "SL", triggerPrice: 1502, trailingStopLoss: 2 }],
    ["co buy INFY 10 @ 1500 sl 1490", { orderType: "CO", priceType: "LIMIT", price: 1500, triggerPrice: 1490 }],
    ["co sell INFY 10 sl 1510", { orderType: "CO", priceType: "MARKET", triggerPrice: 1510 }],
    ["buy INFY 10 slm 1490", { priceType: "SLM", triggerPrice: 1490 }],
    ["buy INFY 10 sl 1490", { priceType: "SLM", triggerPrice: 1490 }],
    ["buy INFY 10 @1500 dq 5 nrml", { price: 1500, disclosedQuantity: 5, pcode: "NRML" }],
    ["buy BSE:INFY 10 @ 1500", { exchange: "BSEEQ", symbol: "INFY" }],
    ["buy GOLD25FEBFUT 1 @ 62000 mcx nrml gtd 2026-12-01", { exchange: "MCXCOMM", validity: "GTD", gtdValidityDate: "2026-12-01" }],
    ["amo buy infy 10 @ 1500 cnc", { symbol: "INFY", isAmo: true, pcode: "DELIVERY" }],
    ["buy INFY 10 @ mkt", { priceType: "MARKET" }],
    ["BUY INFY 10 BNPL", { transactionType: "BUY", pcode: "BNPL" }],
  ])("%s", (input, expected) => {
    expect(draft(input)).toMatchObject(expected);
  });

  it.each<[string, string]>([
    ["buy INFY ten", "ten"],
    ["buy INFY 0", "0"],
    ["buy INFY 10 @ abc", "abc"],
    ["buy INFY 10 @ 1500 foo", "foo"],
    ["purchase INFY 10", "purchase"],
    ["buy XX:INFY 10", "XX:INFY"],
    ["buy INFY 10 delivery intraday", "intraday"],
    ["buy INFY 10 day ioc", "ioc"],
    ["buy INFY 10 dq x", "x"],
    ["buy INFY 10 sl", "sl"],
  ])("a parse error names the wrong word: %s -> %s", (input, word) => {
    const r = parseOrderCommand(input);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.word).toBe(word);
      if (word) expect(r.message).toContain(word);
    }
  });

  it("a BO needs a price, a CO a stop-loss trigger", () => {
    expect(parseOrderCommand("bo buy INFY 10 tgt 1550 sl 1480").ok).toBe(false);
    expect(parseOrderCommand("co buy INFY 10 @ 1500").ok).toBe(false);
  });

  it("leaves \"BO and CO are allowed only with INTRADAY\" to the window, which says the product it could not offer", () => {
    // Issue 30: the rule lives once, in the window's settled state; the grammar passes the word on.
    const r = parseOrderCommand("bo buy INFY 10 @ 1500 tgt 1550 sl 1480 delivery");
    if (!r.ok) throw new Error(r.message);
    const asked = prefillOf(r.draft);
    const settled = settleWindow({ ...emptyOrderWindowState(), ...asked }, { exchange: "NSEEQ", productLeverage: 0, bnplQty: 0, deliveryQty: 0 });
    expect(settled.pcode).toBe("INTRADAY");
    expect(unmetAsks(asked, settled, "NSEEQ")).toEqual(["Product DELIVERY is not offered here: the window has INTRADAY"]);
  });

  it("a market order takes no price", () => {
    expect(parseOrderCommand("buy INFY 10 mkt @ 1500").ok).toBe(false);
  });

  it("an SL-M order takes no price: `@ P slm T` is refused by its word, in either order, never sent as a LIMIT without its trigger", () => {
    // SL-M: "stop-loss market", a trigger and no price (trading-core's price types); `@ P sl T` is the stop-loss limit.
    for (const line of ["buy TCS 1 @ 2341 slm 2340", "sell TCS 1 slm 2247 @ 2246"]) {
      const r = parseOrderCommand(line);
      expect(r.ok, line).toBe(false);
      if (!r.ok) expect(r.word).toBe("slm");
    }
    const slm = parseOrderCommand("sell TCS 1 slm 2247");
    expect(slm.ok && slm.draft.priceType).toBe("SLM");
    const sl = parseOrderCommand("buy TCS 1 @ 2341 sl 2340");
    expect(sl.ok && [sl.draft.priceType, sl.draft.price, sl.draft.triggerPrice]).toEqual(["SL", 2341, 2340]);
  });

  it("recognises order input by its leading verb", () => {
    expect(isOrderCommand("buy INFY")).toBe(true);
    expect(isOrderCommand("sell ")).toBe(true);
    expect(isOrderCommand("bo buy INFY 1")).toBe(true);
    expect(isOrderCommand("buy")).toBe(false);
    expect(isOrderCommand("buyer")).toBe(false);
    expect(isOrderCommand("Go to orders")).toBe(false);
    expect(isOrderCommand("bonus")).toBe(false);
  });

  it("infers NSEFO for derivatives symbols and NSEEQ otherwise", () => {
    expect(inferExchange("NIFTY25JAN21000CE")).toBe("NSEFO");
    expect(inferExchange("BANKNIFTY25JANFUT")).toBe("NSEFO");
    expect(inferExchange("INFY")).toBe("NSEEQ");
    expect(inferExchange("M&M")).toBe("NSEEQ");
    // NSE's weekly options: year, month (1-9, O, N, D), day, strike.
    expect(inferExchange("NIFTY26D0823650CE")).toBe("NSEFO");
    expect(inferExchange("BANKNIFTY26O1453200PE")).toBe("NSEFO");
    expect(inferExchange("NIFTY2631224000.5CE")).toBe("NSEFO");
    // Not a contract's date: a share whose name ends in letters and figures stays NSEEQ.
    expect(inferExchange("3MINDIA")).toBe("NSEEQ");
    expect(inferExchange("ABC12X34CE")).toBe("NSEEQ");
  });

  it("reads the draft back in one line", () => {
    expect(describeDraft(draft("buy NIFTY25JAN21000CE 75 @ 120 sl 110 intraday"))).toBe("BUY 75 NIFTY25JAN21000CE @ 120 SL trigger 110 INTRADAY");
  });
});
