import { describe, expect, it } from "vitest";
import { exitBeyondWorking } from "../../../src/core/rules/exitWorking";
import { exitWindowPrefill, type ExitIntent } from "../../../src/core/rules/positionExit";

// FINDINGS-24 s3. DESIGN.md 1: "What a window or form shows is exactly what it sends." Long SBIN 10
// INTRADAY with the trader's target SELL 10 @ 990 working: x offered another SELL 10, which filled,
// and the target was left to open a short.
const long10: ExitIntent = { exchange: "NSEEQ", token: "3045", tradingSymbol: "SBIN-EQ", transactionType: "SELL", quantity: 10, product: "INTRADAY" };
type Working = Parameters<typeof exitBeyondWorking>[1][number];
const order = (over: Partial<Working> = {}): Working => ({
  orderNo: "2612070000023", orderStatus: "open", exchange: "NSEEQ", token: "3045", product: "INTRADAY", orderComplexity: "REGULAR",
  mainLegOrderId: "", transactionType: "SELL", pendingQuantity: 10, orderType: "LIMIT", price: 990, slTriggerPrice: 0, triggerPrice: 0, ...over,
});

describe("x beside a working exit", () => {
  it("wholly covered: pre-fills 0 and names the order that already exits it", () => {
    expect(exitBeyondWorking(long10, [order()])).toEqual({
      ...long10,
      quantity: 0,
      note: "SELL 10 @ 990.00, order 2612070000023, already exits all 10 of this position: a quantity typed here opens a short. Modify or cancel that order in Orders to exit otherwise",
    });
  });

  it("partly covered: pre-fills the rest (10 - 4 = 6) and says so", () => {
    const e = exitBeyondWorking(long10, [order({ pendingQuantity: 4 })]);
    expect(e?.quantity).toBe(6);
    expect(e?.note).toBe("SELL 4 @ 990.00, order 2612070000023, already exits 4 of this position: this exits the other 6");
  });

  it("a stop and a target together: both named, 10 - 3 - 5 = 2 left", () => {
    const e = exitBeyondWorking(long10, [order({ pendingQuantity: 3 }), order({ orderNo: "2612070000025", pendingQuantity: 5, orderType: "SL", price: 929, slTriggerPrice: 930, triggerPrice: 930 })]);
    expect(e?.quantity).toBe(2);
    expect(e?.note).toBe("SELL 3 @ 990.00, order 2612070000023; SELL 5 @ 929.00, trigger 930.00, order 2612070000025, already exit 8 of this position: this exits the other 2");
  });

  it("orders that do not exit this position are not counted: the other side, product or instrument, done, or a bracket's leg", () => {
    const others = [
      order({ transactionType: "BUY" }),
      order({ product: "DELIVERY" }),
      order({ token: "1594" }),
      order({ orderStatus: "complete" }),
      order({ orderStatus: "cancelled" }),
      order({ mainLegOrderId: "2612070000001" }),
      order({ orderComplexity: "CO" }),
    ];
    expect(exitBeyondWorking(long10, others)).toEqual(long10);
  });

  it("a short is bought back: a working BUY covers it", () => {
    const short: ExitIntent = { ...long10, transactionType: "BUY", quantity: 75, exchange: "NSEFO", token: "53001", product: "NORMAL" };
    const e = exitBeyondWorking(short, [order({ exchange: "NSEFO", token: "53001", product: "NORMAL", transactionType: "BUY", pendingQuantity: 75, orderType: "MARKET", price: 0 })]);
    expect(e?.quantity).toBe(0);
    expect(e?.note).toMatch(/^BUY 75 at market, order 2612070000023, already exits all 75 of this position: a quantity typed here opens a long/);
  });
});

describe("the exit window's pre-fill beside a working exit", () => {
  it("wholly covered, it pre-fills 0 lots as the same MARKET exit (it threw on a 0 quantity)", () => {
    expect(exitWindowPrefill({ ...long10, quantity: 0 }, 1)).toMatchObject({ transactionType: "SELL", quantity: 0, pcode: "INTRADAY", priceType: "MARKET" });
  });
});
