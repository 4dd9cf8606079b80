import { describe, expect, it } from "vitest";
import { bulkToast, cancelledName, cancelledNames, cancelRoute, partFilledFirst, planBulk, planOrderLines } from "../../../src/core/rules/bulkAction";
import type { OrderStatus } from "../../../src/core/types/orderStatus";
import type { Exchange } from "../../../src/core/types/exchange";

/**
 * Issue 19: "flatten all (exit every open position, long and short, and cancel every open order;
 * the spec's exit-all covers long positions only)"; the preview shows counts, each order and estimated value.
 */
const order = (orderNo: string, tradingSymbol: string, orderStatus: OrderStatus, pendingQuantity: number, price: number, transactionType: "BUY" | "SELL" = "BUY", exchange: Exchange = "NSEEQ", token = orderNo) => ({
  orderNo, tradingSymbol, orderStatus, pendingQuantity, price, transactionType, exchange, token,
});
const pos = (tradingSymbol: string, netQuantity: number, ltp: number, type = "REGULAR", multiplier = 1) => ({
  exchange: "NSEEQ" as const, instrumentId: "1", token: "1", netQuantity, product: "INTRADAY" as const, type, tradingSymbol, ltp, multiplier,
});

const orders = [order("1", "INFY-EQ", "open", 10, 1500), order("2", "TCS-EQ", "complete", 0, 4000), order("3", "SBIN-EQ", "trigger pending", 5, 800, "SELL")];
const positions = [pos("INFY-EQ", 4, 1510), pos("TCS-EQ", -2, 4000), pos("BHEL-EQ", 0, 200), pos("ITC-EQ", 3, 400, "BO")];

describe("bulk action plans", () => {
  it("cancel all: the open orders only", () => {
    const p = planBulk("cancelAll", orders, positions);
    expect(p.cancels.map((c) => c.orderNo)).toEqual(["1", "3"]);
    expect(p.exits).toEqual([]);
    // 10 x 1500 + 5 x 800 = 19000
    expect(p.estimatedValue).toBe(19_000);
    expect(planOrderLines(p)).toEqual(["Cancel Qty 10 BUY INFY-EQ (order 1)", "Cancel Qty 5 SELL SBIN-EQ (order 3)"]);
  });

  it("cancel all values a currency or commodity order by its contract: a lot of USDINR is 1,000 dollars, a lot of GOLD 100 times its price", () => {
    // The explorer's book: BUY 10 SBIN SL at 960, BUY 1 lot USDINR at 88.0125, BUY 75 NIFTY PE at 10, and a GOLD lot at 1,17,885.
    const book = [
      order("1", "SBIN-EQ", "trigger pending", 10, 960),
      order("2", "USDINR26DECFUT", "open", 1, 88.0125, "BUY", "NSECURR", "9001"),
      order("3", "NIFTY26D0824550PE", "open", 75, 10, "BUY", "NSEFO", "9002"),
      order("4", "GOLD26DECFUT", "open", 1, 117_885, "BUY", "MCXCOMM", "9003"),
    ];
    // Per unit per rupee (valuePerUnit): USDINR its multiplier 1,000; GOLD multiplier 100 x lot 1; equity and F&O 1.
    const units: Record<string, number> = { "NSECURR:9001": 1000, "MCXCOMM:9003": 100 };
    const p = planBulk("cancelAll", book, [], undefined, (exchange, token) => units[`${exchange}:${token}`] ?? 1);
    // 10 x 960 + 1 x 88.0125 x 1000 + 75 x 10 + 1 x 117885 x 100 = 9,600 + 88,012.50 + 750 + 1,17,88,500 = 1,18,86,862.50
    expect(p.cancels.map((c) => c.value)).toEqual([9_600, 88_012.5, 750, 11_788_500]);
    expect(p.estimatedValue).toBeCloseTo(11_886_862.5, 6);
  });

  it("exit all: long positions other than BO and CO; no cancels", () => {
    const p = planBulk("exitAll", orders, positions);
    expect(p.cancels).toEqual([]);
    expect(p.exits.map((x) => [x.tradingSymbol, x.order.transactionType, x.order.quantity])).toEqual([["INFY-EQ", "SELL", 4]]);
    expect(p.estimatedValue).toBe(4 * 1510);
  });

  it("flatten all: every open order cancelled, longs sold and shorts bought back", () => {
    const p = planBulk("flattenAll", orders, positions);
    expect(p.cancels.map((c) => c.orderNo)).toEqual(["1", "3"]);
    expect(p.exits.map((x) => [x.tradingSymbol, x.order.transactionType, x.order.quantity])).toEqual([["INFY-EQ", "SELL", 4], ["TCS-EQ", "BUY", 2]]);
    // 19000 + 4 x 1510 + 2 x 4000 = 33040
    expect(p.estimatedValue).toBe(33_040);
    // Cancels first, as they are sent; each exit with its side, quantity and product.
    expect(planOrderLines(p)).toEqual([
      "Cancel Qty 10 BUY INFY-EQ (order 1)",
      "Cancel Qty 5 SELL SBIN-EQ (order 3)",
      "Exit Qty 4 SELL INFY-EQ INTRADAY at market",
      "Exit Qty 2 BUY TCS-EQ INTRADAY at market",
    ]);
  });

  it("a preview names at most PREVIEW_ORDERS orders, then how many more", () => {
    const many = Array.from({ length: 11 }, (_, i) => order(String(i + 1), `S${i + 1}-EQ`, "open", 1, 100));
    const lines = planOrderLines(planBulk("cancelAll", many, []));
    // 11 orders: the first 8 by name, then "and 3 more orders".
    expect(lines).toHaveLength(9);
    expect(lines[7]).toBe("Cancel Qty 1 BUY S8-EQ (order 8)");
    expect(lines[8]).toBe("and 3 more orders");
    expect(planOrderLines(planBulk("cancelAll", many.slice(0, 9), []))[8]).toBe("and 1 more order");
  });

  it("flatten all leaves a delivery sale out of the holdings alone: buying it back would undo the sale (a delivery sale beyond what is held is refused, so it is no short)", () => {
    const sold = { ...pos("WIPRO-EQ", -16, 250), product: "DELIVERY" as const };
    const p = planBulk("flattenAll", [], [...positions, sold]);
    expect(p.exits.map((x) => [x.tradingSymbol, x.order.transactionType, x.order.quantity])).toEqual([["INFY-EQ", "SELL", 4], ["TCS-EQ", "BUY", 2]]);
  });
});

// bulkAction.ts: "A plan is what the preview shows and what is then sent, nothing else." The spec's
// cancel-all call cancels every open order, so it may go only when those are the preview's.
describe("how a plan's cancels go out", () => {
  const plan = planBulk("cancelAll", orders, positions); // orders 1 (INFY) and 3 (SBIN)

  it("one cancel-all call when the open orders are exactly the preview's", () => {
    expect(cancelRoute(plan, [order("3", "SBIN-EQ", "trigger pending", 5, 800, "SELL"), order("1", "INFY-EQ", "open", 10, 1500)])).toEqual({ all: true, each: ["1", "3"], leftOpen: [], closedMeanwhile: [] });
  });

  it("an order placed during the countdown stays open and is named; the preview's go one by one", () => {
    const now = [order("1", "INFY-EQ", "open", 10, 1500), order("3", "SBIN-EQ", "trigger pending", 5, 800, "SELL"), order("7", "LT-EQ", "open", 2, 3000)];
    expect(cancelRoute(plan, now)).toEqual({ all: false, each: ["1", "3"], leftOpen: ["Qty 2 BUY LT-EQ"], closedMeanwhile: [] });
  });

  it("an order of the preview that filled meanwhile is not sent, and no cancel-all goes (it would reach nothing else, but the plan is the list)", () => {
    expect(cancelRoute(plan, [order("3", "SBIN-EQ", "trigger pending", 5, 800, "SELL")])).toEqual({ all: false, each: ["3"], leftOpen: [], closedMeanwhile: ["Qty 10 BUY INFY-EQ"] });
  });

  it("every order of the preview closed meanwhile: nothing is sent, and the toast says why rather than a bare done", () => {
    const r = cancelRoute(plan, []);
    expect(r).toEqual({ all: false, each: [], leftOpen: [], closedMeanwhile: ["Qty 10 BUY INFY-EQ", "Qty 5 SELL SBIN-EQ"] });
    expect(bulkToast("cancelAll", { cancelled: [], exitsPlaced: [], notDone: [], sent: 0, closedMeanwhile: r.closedMeanwhile }).text).toBe(
      "Cancel all open orders: done. No longer open when sent: Qty 10 BUY INFY-EQ, Qty 5 SELL SBIN-EQ",
    );
  });

  it("the toast names what was left open", () => {
    expect(bulkToast("cancelAll", { cancelled: ["Qty 10 BUY INFY-EQ"], exitsPlaced: [], notDone: [], sent: 1, leftOpen: ["Qty 2 BUY LT-EQ"] }).text).toBe(
      "Cancel all open orders: done. Cancelled Qty 10 BUY INFY-EQ; left open, placed after the preview: Qty 2 BUY LT-EQ",
    );
  });
});

// Issue 28: "Client-side toasts after cancel, cancel-all, exit ...: each names what it acted on
// (instrument, side, qty)", named as every order toast names an order: "Qty {q} {side} {tradingSymbol}".
describe("the toast after a bulk action", () => {
  const plan = planBulk("flattenAll", orders, positions);

  it("names a cancelled order by its pending quantity and side, or by number when the plan did not have it", () => {
    expect(cancelledName(plan, "1")).toBe("Qty 10 BUY INFY-EQ");
    expect(cancelledName(plan, "3")).toBe("Qty 5 SELL SBIN-EQ");
    expect(cancelledName(plan, "9")).toBe("order 9");
  });

  // The brief: in the cancel-all toast "if an order in it was part filled, the toast should say so
  // (its filled quantity)". An order of 10 with 4 filled has 6 pending: the 6 are cancelled, the 4 stand.
  it("a part-filled order says its filled quantity, and comes first, so that '… and N more' never hides it", () => {
    const now = [
      { orderNo: "1", tradingSymbol: "INFY-EQ", transactionType: "BUY" as const, pendingQuantity: 10, filledQuantity: 0 },
      { orderNo: "3", tradingSymbol: "SBIN-EQ", transactionType: "SELL" as const, pendingQuantity: 5, filledQuantity: 0 },
      { orderNo: "5", tradingSymbol: "TCS-EQ", transactionType: "BUY" as const, pendingQuantity: 6, filledQuantity: 4 },
    ];
    expect(cancelledName(plan, "5", now[2])).toBe("Qty 6 BUY TCS-EQ (4 filled)");
    expect(cancelledNames(plan, ["1", "3", "5"], now)).toEqual(["Qty 6 BUY TCS-EQ (4 filled)", "Qty 10 BUY INFY-EQ", "Qty 5 SELL SBIN-EQ"]);
    // Six cancelled, the part-filled one last in the answer: the toast names it among its four.
    const many = [...["11", "12", "13", "14", "15"].map((n) => ({ orderNo: n, tradingSymbol: "ITC-EQ", transactionType: "BUY" as const, pendingQuantity: 1, filledQuantity: 0 })), now[2]!];
    const text = bulkToast("cancelAll", { cancelled: cancelledNames(plan, ["11", "12", "13", "14", "15", "5"], many), exitsPlaced: [], notDone: [], sent: 1 }).text;
    expect(text).toBe("Cancel all open orders: done. Cancelled Qty 6 BUY TCS-EQ (4 filled), Qty 1 BUY ITC-EQ, Qty 1 BUY ITC-EQ, Qty 1 BUY ITC-EQ and 2 more");
    expect(partFilledFirst(["11", "5", "12"], many)).toEqual(["5", "11", "12"]);
  });

  it("done: what was cancelled and which exits were placed", () => {
    expect(bulkToast("flattenAll", { cancelled: ["Qty 10 BUY INFY-EQ", "Qty 5 SELL SBIN-EQ"], exitsPlaced: ["Qty 4 SELL INFY-EQ", "Qty 2 BUY TCS-EQ"], notDone: [], sent: 3 })).toEqual({
      kind: "success",
      text: "Flatten all: cancel every open order and exit every position: done. Cancelled Qty 10 BUY INFY-EQ, Qty 5 SELL SBIN-EQ; exits placed for Qty 4 SELL INFY-EQ, Qty 2 BUY TCS-EQ",
    });
    expect(bulkToast("cancelAll", { cancelled: ["Qty 10 BUY INFY-EQ"], exitsPlaced: [], notDone: [], sent: 1 })).toEqual({ kind: "success", text: "Cancel all open orders: done. Cancelled Qty 10 BUY INFY-EQ" });
    expect(bulkToast("exitAll", { cancelled: [], exitsPlaced: ["Qty 4 SELL INFY-EQ"], notDone: [], sent: 1 })).toEqual({ kind: "success", text: "Exit all long positions: done. Exits placed for Qty 4 SELL INFY-EQ" });
  });

  it("not done: how many of the calls sent, and which", () => {
    expect(bulkToast("exitAll", { cancelled: [], exitsPlaced: ["Qty 4 SELL INFY-EQ"], notDone: ["exit Qty 2 SELL TCS-EQ"], sent: 2 })).toEqual({
      kind: "danger",
      text: "Exit all long positions: 1 of 2 not done (see the session log): exit Qty 2 SELL TCS-EQ",
    });
  });

  it("a long list names four and counts the rest", () => {
    const six = ["A", "B", "C", "D", "E", "F"].map((x) => `Qty 1 BUY ${x}-EQ`);
    expect(bulkToast("cancelAll", { cancelled: six, exitsPlaced: [], notDone: [], sent: 1 }).text).toBe(
      "Cancel all open orders: done. Cancelled Qty 1 BUY A-EQ, Qty 1 BUY B-EQ, Qty 1 BUY C-EQ, Qty 1 BUY D-EQ and 2 more",
    );
  });
});
