import { describe, expect, it } from "vitest";
import fc from "fast-check";
import Papa from "papaparse";
import { csvFileName, escapeCell, HOLDINGS_COLUMNS, holdingsCsv, isSafeCell, ORDER_COLUMNS, orderCsvRows, ordersCsv, toCsv, tradesCsv } from "../../../src/core/csv";
import { mergeBnpl } from "../../../src/core/rules/holdings";
import type { Holding } from "../../../src/core/types/portfolio";
import type { Order, Trade } from "../../../src/core/types/order";

const parse = (text: string): string[][] => Papa.parse<string[]>(text, { header: false, skipEmptyLines: false, delimiter: ",", newline: "\r\n" }).data;

const h = (over: Partial<Holding>): Holding => ({
  nseInstrumentId: "1594", bseInstrumentId: "500209", nseTradingSymbol: "INFY-EQ", bseTradingSymbol: "INFY", totalQuantity: 10, t1Quantity: 0, t1AveragePrice: 0,
  averageTradedPrice: 1400, previousDayClose: 1490, product: "DELIVERY", ltp: 1500, isin: "INE009A01021", ...over,
});

describe("holdings CSV", () => {
  // "Holdings columns: UserId, Instrument, Qty, Avg Price, LTP, Invested Value, Current Value, Day's P&L, Day's Chg%, Net P&L, Net chg%. A totals footer follows."
  it("has exactly the spec's columns and a totals footer", () => {
    const views = mergeBnpl([h({}), h({ nseInstrumentId: "2885", bseInstrumentId: "500325", nseTradingSymbol: "RELIANCE-EQ", totalQuantity: 4, averageTradedPrice: 2900, previousDayClose: 2950, ltp: 2940 })]);
    const rows = parse(holdingsCsv("DEMO1", views));
    expect(rows[0]).toEqual(["UserId", "Instrument", "Qty", "Avg Price", "LTP", "Invested Value", "Current Value", "Day's P&L", "Day's Chg%", "Net P&L", "Net chg%"]);
    expect(HOLDINGS_COLUMNS).toHaveLength(11);
    expect(rows[1]).toEqual(["DEMO1", "INFY-EQ", "10", "1400", "1500", "14000", "15000", "100", "0.67", "1000", "7.14"]);
    expect(rows[2]).toEqual(["DEMO1", "RELIANCE-EQ", "4", "2900", "2940", "11600", "11760", "-40", "-0.34", "160", "1.38"]);
    expect(rows[3]).toEqual(["Total", "", "14", "", "", "25600", "26760", "60", "0.22", "1160", "4.53"]);
    expect(rows).toHaveLength(4);
  });

  it("a negative P&L stays a number, unquoted", () => {
    const text = holdingsCsv("DEMO1", mergeBnpl([h({ ltp: 1300 })]));
    expect(text).toContain(",-1000,");
    expect(text).not.toContain("'-1000");
  });
});

describe("formula-injection escaping", () => {
  // "every cell starting with =, +, -, @, tab, carriage return or NUL (multi-line values included) is escaped, while numbers stay numbers"
  it.each([
    ["=HYPERLINK(\"x\")", "'=HYPERLINK(\"x\")"],
    ["+1+1", "'+1+1"],
    ["-2+3", "'-2+3"],
    ["@SUM(A1)", "'@SUM(A1)"],
    ["\tcmd", "'\tcmd"],
    ["\rcmd", "'\rcmd"],
    ["\0cmd", "'\0cmd"],
    ["=1\n=2", "'=1\n=2"],
    ["--", "'--"],
    ["INFY-EQ", "INFY-EQ"],
    ["-5", "-5"],
    ["-12.75", "-12.75"],
  ])("%j becomes %j", (input, output) => {
    expect(escapeCell(input)).toBe(output);
  });
  it("numbers stay numbers, non-finite ones are empty", () => {
    expect(escapeCell(-5)).toBe(-5);
    expect(escapeCell(0)).toBe(0);
    expect(escapeCell(Infinity)).toBe("");
    expect(escapeCell(null)).toBe("");
  });

  it("no exported cell starts with a formula character unescaped (property)", () => {
    const formulaLed = fc.tuple(fc.constantFrom("=", "+", "-", "@", "\t", "\r", "\0"), fc.string()).map(([a, b]) => a + b);
    const cell = fc.oneof(fc.string(), formulaLed, fc.double({ noNaN: false }), fc.integer(), fc.constant(null));
    fc.assert(
      fc.property(fc.array(fc.string(), { minLength: 1, maxLength: 4 }), fc.array(fc.array(cell, { minLength: 1, maxLength: 5 }), { maxLength: 6 }), (header, rows) => {
        const parsed = parse(toCsv(header, rows));
        return parsed.every((r) => r.every(isSafeCell));
      }),
      { numRuns: 300 },
    );
  });

  it("round-trips multi-line and quoted text", () => {
    const rows = parse(toCsv(["a"], [["line 1\nline 2"], ["say \"hi\", ok"], ["=1\r\n2"]]));
    expect(rows.slice(1)).toEqual([["line 1\nline 2"], ["say \"hi\", ok"], ["'=1\r\n2"]]);
  });
});

describe("orders and trades CSV", () => {
  const order = { brokerOrderId: "1", orderNo: "1", status: "open", orderStatus: "open", mainLegOrderId: "", exchange: "NSEEQ", instrumentId: "1594",
    tradingSymbol: "INFY-EQ", quantity: 100, pendingQuantity: 70, filledQuantity: 30, price: 1500, triggerPrice: 0, slTriggerPrice: 0, stopLossPrice: 0,
    targetPrice: 0, trailingSlAmount: 0, disclosedQuantity: 0, averageTradedPrice: 1499.5, marketProtection: 0, orderTag: "=cmd", algoId: "",
    orderComplexity: "REGULAR", product: "DELIVERY", orderType: "LIMIT", validity: "DAY", transactionType: "BUY", orderTime: "2026-03-10T09:20:00+05:30",
    token: "1594", cancelledQuantity: 0, rejectionReason: "", clientOrderKey: "" } satisfies Order;
  it("exports orders with their display status, escaping tags", () => {
    const rows = parse(ordersCsv([order]));
    expect(rows[0]![0]).toBe("Order No");
    expect(rows[1]).toContain("PARTLY EXECUTED");
    expect(rows[1]).toContain("'=cmd");
  });
  // "Filled Qty" is what filled: a cancelled order has nothing pending, and its unfilled rest was written as filled
  // (565 of 4,000 filled, then cancelled, read "4000 filled").
  it("writes a cancelled order's filled quantity as filled, not its quantity less what is pending", () => {
    const cancelled: Order = { ...order, status: "cancelled", orderStatus: "cancelled", quantity: 4000, filledQuantity: 565, pendingQuantity: 0, cancelledQuantity: 3435 };
    const rows = parse(ordersCsv([cancelled, { ...cancelled, filledQuantity: 0, cancelledQuantity: 4000 }]));
    const at = (name: string) => rows[0]!.indexOf(name);
    expect([rows[1]![at("Qty")], rows[1]![at("Filled Qty")], rows[1]![at("Pending Qty")]]).toEqual(["4000", "565", "0"]);
    expect(rows[2]![at("Filled Qty")]).toBe("0");
  });
  // What the screen shows is what the file says: the book shows a working MARKET order's price as MKT,
  // a filled one's as its fill price ("COMPLETE orders show their average traded price as the price"),
  // and leaves the trigger blank where the order has none. The file adds an average, blank with nothing filled.
  it("writes each price as the order book shows it, blank where the book is blank", () => {
    const market: Order = { ...order, orderType: "MARKET", price: 0, quantity: 5, filledQuantity: 5, pendingQuantity: 0, status: "complete", orderStatus: "complete", averageTradedPrice: 1140.5 };
    const working: Order = { ...market, orderType: "MARKET", filledQuantity: 0, pendingQuantity: 5, status: "open", orderStatus: "open", averageTradedPrice: 0 };
    const limit: Order = { ...order, orderType: "LIMIT", price: 1000, quantity: 10, filledQuantity: 0, pendingQuantity: 10, averageTradedPrice: 0, slTriggerPrice: 0 };
    const sl: Order = { ...limit, orderType: "SL", price: 1012.5, slTriggerPrice: 1010 };
    const rows = orderCsvRows([market, working, limit, sl]);
    const at = (name: string) => ORDER_COLUMNS.indexOf(name as (typeof ORDER_COLUMNS)[number]);
    const cells = (r: readonly unknown[]) => [r[at("Price")], r[at("Trigger Price")], r[at("Avg Price")]];
    // A blank cell is no figure (undefined), written as an empty field.
    expect(cells(rows[0]!)).toEqual([1140.5, undefined, 1140.5]);
    expect(cells(rows[1]!)).toEqual(["MKT", undefined, undefined]);
    expect(cells(rows[2]!)).toEqual([1000, undefined, undefined]);
    expect(cells(rows[3]!)).toEqual([1012.5, 1010, undefined]);
    // Numbers plain, no thousands separators: a spreadsheet reads "1140.5" as a number, "1,140.50" as text in many locales.
    const file = parse(ordersCsv([market, limit]));
    expect(file[1]!.slice(12, 15)).toEqual(["1140.5", "", "1140.5"]);
    expect(file[2]!.slice(12, 15)).toEqual(["1000", "", ""]);
  });
  // Issue 11: CSV times in IST, never a raw UTC ISO string.
  it("writes order and trade times in India time", () => {
    const rows = parse(ordersCsv([{ ...order, orderTime: "2026-03-10T03:50:00.000Z" }]));
    expect(rows[0]![1]).toBe("Time (IST)");
    expect(rows[1]![1]).toBe("2026-03-10 09:20:00");
    const trade: Trade = { filledQuantity: 1, tradedPrice: 1, instrumentId: "1594", token: "1594", tradeId: "T2", brokerOrderId: "1", orderNo: "1", orderType: "LIMIT", orderComplexity: "REGULAR", charges: 0, exchange: "NSEEQ", tradingSymbol: "INFY-EQ", transactionType: "BUY", product: "DELIVERY", tradeTime: "2026-03-10T10:00:05Z" };
    expect(parse(tradesCsv([trade]))[1]![2]).toBe("2026-03-10 15:30:05");
  });
  it("exports trades as complete", () => {
    const trade: Trade = { filledQuantity: 30, tradedPrice: 1499.5, instrumentId: "1594", token: "1594", tradeId: "T1", brokerOrderId: "1", orderNo: "1", orderType: "LIMIT", orderComplexity: "REGULAR", charges: 0, exchange: "NSEEQ", tradingSymbol: "INFY-EQ", transactionType: "BUY", product: "DELIVERY", tradeTime: "09:20:01" };
    expect(parse(tradesCsv([trade]))[1]).toEqual(["T1", "1", "09:20:01", "INFY-EQ", "NSEEQ", "BUY", "DELIVERY", "30", "1499.5", "COMPLETE"]);
  });

  // "The file is named after the report. For order exports other than the trade book, the name has -orders appended."
  it.each([
    ["Holdings", "holdings", "Holdings.csv"],
    ["Pending", "orders", "Pending-orders.csv"],
    ["All", "orders", "All-orders.csv"],
    ["Executed", "orders", "Executed-orders.csv"],
    ["Trade Book", "tradebook", "Trade Book.csv"],
    ["a/b", "orders", "a_b-orders.csv"],
  ] as const)("%s (%s) is %s", (report, kind, name) => {
    expect(csvFileName(report, kind)).toBe(name);
  });

  // FINDINGS-29 §6: a replay's books number orders as the live day does; its export says it is the replay's.
  it("exported in the replay of 07/12/2026: All-orders-replay-2026-12-07.csv, Tradebook-replay-2026-12-07.csv", () => {
    expect(csvFileName("All", "orders", "2026-12-07")).toBe("All-orders-replay-2026-12-07.csv");
    expect(csvFileName("Tradebook", "tradebook", "2026-12-07")).toBe("Tradebook-replay-2026-12-07.csv");
    expect(csvFileName("All", "orders", undefined)).toBe("All-orders.csv");
  });
});
