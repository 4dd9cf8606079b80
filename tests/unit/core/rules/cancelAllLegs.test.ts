import { describe, expect, it } from "vitest";
import { bulkToast, cancelRoute, planBulk, planOrderLines } from "../../../../src/core/rules/bulkAction";
import { cancelAllTakes, isSubLeg, legsStayText } from "../../../../src/core/rules/cancelAll";

/**
 * Cancel all cancels "every working order of the user that is not a BO/CO leg" (the broker's cancel
 * all); its preview lists only those and says what stays: "2 BO/CO legs stay: exit their positions to close them".
 */
const row = (orderNo: string, tradingSymbol: string, pendingQuantity: number, price: number, mainLegOrderId = "", exchange: "NSEFO" | "NSECURR" = "NSEFO") => ({
  orderNo, brokerOrderId: orderNo, mainLegOrderId, tradingSymbol, orderStatus: "open" as const, pendingQuantity, price, transactionType: "SELL" as const, exchange, token: orderNo,
});
// The explorer's book: a BO on NIFTY (main complete), its target SELL 75 @ 24800 and SL-M stop (price 0), and a USDINR LIMIT 1 lot @ 88.
const book = [
  { ...row("M1", "NIFTY26DECFUT", 0, 24700), orderStatus: "complete" as const },
  row("T1", "NIFTY26DECFUT", 75, 24800, "M1"),
  row("S1", "NIFTY26DECFUT", 75, 0, "M1"),
  row("U1", "USDINR26DECFUT", 1, 88, "", "NSECURR"),
];

describe("cancel all and BO/CO legs", () => {
  it("a leg names a main leg other than itself; a main names none", () => {
    expect(isSubLeg({ brokerOrderId: "T1", mainLegOrderId: "M1" })).toBe(true);
    expect(cancelAllTakes({ brokerOrderId: "M1", mainLegOrderId: "" })).toBe(true);
    expect(cancelAllTakes({ brokerOrderId: "M1", mainLegOrderId: "M1" })).toBe(true);
  });

  it("the preview holds only USDINR, and keeps the two legs, by name", () => {
    const p = planBulk("cancelAll", book, [], undefined, (exchange) => (exchange === "NSECURR" ? 1000 : 1));
    expect(p.cancels.map((c) => c.orderNo)).toEqual(["U1"]);
    expect(planOrderLines(p)).toEqual(["Cancel Qty 1 SELL USDINR26DECFUT (order U1)"]);
    // 1 lot x 88 x 1,000 = 88,000; the legs add nothing.
    expect(p.estimatedValue).toBe(88_000);
    expect(p.legsKept.map((k) => k.orderNo)).toEqual(["T1", "S1"]);
  });

  it("the one cancel-all call still goes, and the kept legs are not 'placed after the preview'", () => {
    const p = planBulk("cancelAll", book, []);
    const r = cancelRoute(p, book.slice(1));
    expect(r).toMatchObject({ all: true, leftOpen: [] });
  });

  it("flatten all cancels the legs each by itself (cancel all would leave them)", () => {
    const p = planBulk("flattenAll", book, []);
    expect(p.cancels.map((c) => c.orderNo)).toEqual(["T1", "S1", "U1"]);
    const r = cancelRoute(p, book.slice(1));
    expect(r.all).toBe(false);
    expect(r.each).toEqual(["T1", "S1", "U1"]);
  });

  it("the words, and the toast says them too", () => {
    expect(legsStayText(2)).toBe("2 BO/CO legs stay: exit their positions to close them");
    expect(legsStayText(1)).toBe("1 BO/CO leg stays: exit its position to close it");
    const t = bulkToast("cancelAll", { cancelled: ["Qty 1 SELL USDINR26DECFUT"], exitsPlaced: [], notDone: [], sent: 1, legsKept: 2 });
    expect(t.text).toBe("Cancel all open orders: done. Cancelled Qty 1 SELL USDINR26DECFUT; 2 BO/CO legs stay: exit their positions to close them");
  });
});
