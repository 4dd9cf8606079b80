import { describe, expect, it } from "vitest";
import type { Order, OrderRequest } from "../../../src/core/types/order";
import {
  groupCancelLines,
  groupCancelWhat,
  groupModifyWhat,
  groupModifyBody,
  groupPrice,
  groupResultText,
  groupStatusText,
  groupTrigger,
  sliceTargets,
  type SliceResult,
} from "../../../src/core/rules/sliceGroup";

/**
 * A sliced order's one line (README, issue 19: an order above the freeze quantity "is sent as
 * slices ... shown as one line of the order book"). The finding: the line read slice 1's price and
 * status as the whole order's, and `m`/`Delete` reached slice 1 alone. Expected values are worked
 * out from the rules in core/rules/sliceGroup.ts's comments, quoted per case.
 */
const SYMBOL = "NIFTY26D0824550PE";

/** Slice `i` (1-based) of `count` of the order keyed "k1": at 10.00, open, unless told. */
function slice(i: number, count: number, quantity: number, over: Partial<Order> = {}): Order {
  return {
    brokerOrderId: `b${i}`, orderNo: `n${i}`, status: "open", orderStatus: "open", mainLegOrderId: "", exchange: "NSEFO", instrumentId: "40001",
    tradingSymbol: SYMBOL, quantity, pendingQuantity: quantity, filledQuantity: 0, price: 10, triggerPrice: 0, slTriggerPrice: 0, stopLossPrice: 0,
    targetPrice: 0, trailingSlAmount: 0, disclosedQuantity: 0, averageTradedPrice: 0, marketProtection: 0, orderTag: "", algoId: "",
    orderComplexity: "REGULAR", product: "INTRADAY", orderType: "LIMIT", validity: "DAY", transactionType: "BUY", orderTime: "2026-12-05T09:20:00+05:30",
    token: "40001", cancelledQuantity: 0, rejectionReason: "", clientOrderKey: `k1-s${i}of${count}`, ...over,
  } satisfies Order;
}

describe("the group's line shows what rests, never slice 1's figure as the group's", () => {
  it("one price when every slice has it", () => {
    expect(groupPrice([slice(1, 2, 1800, { price: 12 }), slice(2, 2, 75, { price: 12 })])).toBe("12.00");
  });

  it("slice 1 at 12.00 and slice 2 at 10.00 reads '12.00 / 10.00' (each distinct figure, slice order), whatever order the book lists them in", () => {
    // The finding's state: the 1800 slice modified to 12, the 75 slice still at 10.
    expect(groupPrice([slice(2, 2, 75), slice(1, 2, 1800, { price: 12 })])).toBe("12.00 / 10.00");
  });

  it("beyond two distinct figures the cell says how many and that o shows each", () => {
    expect(groupPrice([slice(1, 3, 1800, { price: 10 }), slice(2, 3, 1800, { price: 11 }), slice(3, 3, 75, { price: 12 })])).toBe("mixed (3): o shows each");
  });

  it("a complete slice shows its average (the book's Price cell for a complete order), a market slice MKT", () => {
    expect(groupPrice([slice(1, 2, 1800, { orderStatus: "complete", pendingQuantity: 0, filledQuantity: 1800, averageTradedPrice: 9.95 }), slice(2, 2, 75)])).toBe("9.95 / 10.00");
    expect(groupPrice([slice(1, 2, 1800, { orderType: "MARKET", price: 0 }), slice(2, 2, 75, { orderType: "MARKET", price: 0 })])).toBe("MKT");
  });

  it("the trigger: empty when no slice has one; '—' beside a slice that has one", () => {
    expect(groupTrigger([slice(1, 2, 1800), slice(2, 2, 75)])).toBe("");
    expect(groupTrigger([slice(1, 2, 1800, { orderType: "SL", slTriggerPrice: 9.5 }), slice(2, 2, 75)])).toBe("9.50 / —");
  });

  it("status: the one word when every slice is in it, else each with its count ('1 OPEN · 1 CANCELLED')", () => {
    expect(groupStatusText([slice(1, 2, 1800), slice(2, 2, 75)])).toBe("OPEN");
    // The finding's state after Delete reached slice 1 only.
    expect(groupStatusText([slice(1, 2, 1800, { orderStatus: "cancelled" }), slice(2, 2, 75)])).toBe("1 CANCELLED · 1 OPEN");
    expect(groupStatusText([slice(1, 3, 1800), slice(2, 3, 1800, { orderStatus: "complete", pendingQuantity: 0 }), slice(3, 3, 75)])).toBe("2 OPEN · 1 COMPLETE");
  });
});

describe("m and Delete on the line: one request per open slice", () => {
  const req: OrderRequest = {
    exchange: "NSEFO", instrumentId: "40001", transactionType: "BUY", quantity: 1875, product: "INTRADAY", orderComplexity: "REGULAR", orderType: "LIMIT",
    validity: "DAY", price: 12, slTriggerPrice: 0, disclosedQuantity: 0, marketProtection: 0, targetPrice: 0, stopLossPrice: 0, trailingSlAmount: 0,
  };

  it("the modify body carries the group's terms and no quantity: each slice keeps its own (the wire's ModifyBody keeps a field left out)", () => {
    expect(groupModifyBody(req)).toEqual({ orderType: "LIMIT", price: 12, slTriggerPrice: 0, validity: "DAY" });
    expect(groupModifyBody({ ...req, orderType: "SL", slTriggerPrice: 11.5, validity: "GTD", gtdValidityDate: "2026-12-10", trailValue: 2, trailUnit: "POINTS" })).toEqual({
      orderType: "SL", price: 12, slTriggerPrice: 11.5, validity: "GTD", gtdValidityDate: "2026-12-10", trailValue: 2, trailUnit: "POINTS",
    });
  });

  it("targets: every open slice once, in slice order; a complete or cancelled slice gets none", () => {
    const slices = [slice(3, 3, 75), slice(1, 3, 1800), slice(2, 3, 1800, { orderStatus: "complete", pendingQuantity: 0 })];
    expect(sliceTargets(slices)).toEqual([
      { orderNo: "n1", slice: 1, count: 3, quantity: 1800 },
      { orderNo: "n3", slice: 3, count: 3, quantity: 75 },
    ]);
    // A partly executed slice is still working: it is modified and cancelled with the rest.
    expect(sliceTargets([slice(1, 2, 1800, { pendingQuantity: 900, filledQuantity: 900 }), slice(2, 2, 75)]).map((t) => t.orderNo)).toEqual(["n1", "n2"]);
  });

  it("the cancel dialog names the slices, the group's total and its product: 'Cancel 2 slices of Qty 1875 BUY … INTRADAY'", () => {
    const d = groupCancelLines([slice(1, 2, 1800, { price: 12 }), slice(2, 2, 75)]);
    expect(d.lines[0]).toBe(`Cancel 2 slices of Qty 1875 BUY ${SYMBOL} INTRADAY @ 12.00 / 10.00`);
    expect(d.lines.slice(1)).toEqual(["slice 1: 1800 @ 12.00, order no n1", "slice 2: 75 @ 10.00, order no n2", "Cancel them?"]);
    expect(d.confirmLabel).toBe("Cancel 2 slices");
  });

  it("with one of three filled, the dialog says the open ones of three", () => {
    const d = groupCancelLines([slice(1, 3, 1800, { orderStatus: "complete", pendingQuantity: 0 }), slice(2, 3, 1800), slice(3, 3, 75)]);
    expect(d.lines[0]).toBe(`Cancel 2 slices (the open ones of 3) of Qty 3675 BUY ${SYMBOL} INTRADAY @ 10.00`);
  });

  // orderToast.ts's format "...({type} Order){product}{no}": the product as the order window offers it (NORMAL reads NRML), then
  // ", order {no}" with the group's first order number and how many more (the group acts on each slice, its own order).
  it("the toast: all went says the count, the total, the product and the orders; one refused names which went and which did not, and why", () => {
    const req = { exchange: "NSEFO" as const, transactionType: "BUY" as const, orderType: "LIMIT" as const, price: 12, slTriggerPrice: 0, product: "NORMAL" as const };
    const t1: SliceResult = { orderNo: "n1", slice: 1, count: 2, quantity: 1800, outcome: { kind: "done" } };
    const t2: SliceResult = { orderNo: "n2", slice: 2, count: 2, quantity: 75, outcome: { kind: "done" } };
    const what = groupModifyWhat(req, SYMBOL, [t1, t2]);
    expect(what).toBe(`Qty 1875 BUY ${SYMBOL} @ ₹12.00 (LIMIT Order) NRML`);
    expect(groupResultText("Modified", what, [t1, t2])).toEqual({ kind: "success", text: `Modified 2 slices: Qty 1875 BUY ${SYMBOL} @ ₹12.00 (LIMIT Order) NRML, order n1 and 1 more` });
    const cancelWhat = groupCancelWhat([slice(1, 2, 1800), slice(2, 2, 75)]);
    expect(cancelWhat).toBe(`Qty 1875 BUY ${SYMBOL} INTRADAY`);
    expect(groupResultText("Cancelled", cancelWhat, [t1, t2])).toEqual({ kind: "neutral", text: `Cancelled 2 slices: Qty 1875 BUY ${SYMBOL} INTRADAY, order n1 and 1 more` });
    const refused: SliceResult = { ...t1, outcome: { kind: "refused", reason: "Order is complete" } };
    expect(groupResultText("Modified", what, [refused, t2])).toEqual({
      kind: "danger",
      text: `Modified 1 of 2 slices (slice 2 (75)): ${what}, order n1 and 1 more. Not modified: slice 1 (1800): Order is complete`,
    });
    const lost: SliceResult = { ...t2, outcome: { kind: "no answer", reason: "The broker did not answer" } };
    expect(groupResultText("Cancelled", cancelWhat, [refused, lost]).text).toBe(
      `None of 2 slices cancelled: Qty 1875 BUY ${SYMBOL} INTRADAY, order n1 and 1 more. Not cancelled: slice 1 (1800): Order is complete; slice 2 (75): The broker did not answer`,
    );
    // A cancel sent to one slice only (the other filled): its number alone.
    expect(groupResultText("Cancelled", cancelWhat, [t2]).text).toBe(`Cancelled 1 slice: Qty 1875 BUY ${SYMBOL} INTRADAY, order n2`);
  });
});
