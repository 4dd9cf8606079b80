import { describe, expect, it } from "vitest";
import {
  actionsForStatus,
  displayPrice,
  displayStatus,
  filledOverTotal,
  quantityCell,
  groupLegs,
  isOpenOrder,
  legRole,
  openOrders,
  executedOrders,
  newestFirst,
  orderTabCounts,
  statusColour,
  TRADE_BOOK_STATUS,
} from "../../../src/core/rules/orderStatus";
import { DETAILS_AND_REPEAT_STATUSES, MODIFIABLE_STATUSES } from "../../../src/core/types/orderStatus";
import type { OrderComplexity, OrderType } from "../../../src/core/types/order";

describe("order statuses and allowed actions (trading-core section 4)", () => {
  // "Statuses that allow modify and cancel: partly executed; put/modify/cancel order req received ...; open; ..."
  it.each(MODIFIABLE_STATUSES.map((s) => [s]))("%s allows modify and cancel", (status) => {
    expect(actionsForStatus(status)).toMatchObject({ modify: true, cancel: true, repeat: false });
  });

  // "Statuses that allow only details and repeat: cancelled, rejected, complete, order frozen, done for day,
  //  cancelled after market order, lapsed, busted"
  it.each(DETAILS_AND_REPEAT_STATUSES.map((s) => [s]))("%s allows only details and repeat", (status) => {
    expect(actionsForStatus(status)).toEqual({ modify: false, cancel: false, details: true, repeat: true });
  });

  it("lists exactly the spec's statuses", () => {
    expect(DETAILS_AND_REPEAT_STATUSES).toEqual([
      "cancelled", "rejected", "complete", "order frozen", "done for day", "cancelled after market order", "lapsed", "busted",
    ]);
    for (const s of ["partly executed", "modified", "not modified", "not cancelled", "open", "open pending", "modify pending",
      "cancel pending", "trigger pending", "validation pending", "modify validation pending", "after market order req received",
      "modify after market order req received", "amo validation pending", "amo modify validation pending",
      "put order req received", "modify order req received", "cancel order req received",
      "order received by exchange gateway", "modify received by exchange gateway", "cancel received by exchange gateway"]) {
      expect(MODIFIABLE_STATUSES as readonly string[]).toContain(s);
    }
  });

  it("matches a status regardless of case (the book may show capitals)", () => {
    expect(actionsForStatus("OPEN").modify).toBe(true);
    expect(actionsForStatus("Complete").repeat).toBe(true);
  });

  it("an unknown status offers details only", () => {
    expect(actionsForStatus("something new")).toEqual({ modify: false, cancel: false, details: true, repeat: false });
  });
});

describe("status display colours (table)", () => {
  // | Colour | Statuses |
  it.each([
    ["partly executed", "blue"],
    ["open pending", "blue"],
    ["trigger pending", "blue"],
    ["open", "blue"],
    ["triggered", "blue"],
    ["after market order req received", "blue"],
    ["cancelled", "grey"],
    ["rejected", "red"],
    ["complete", "green"],
    ["active", "green"],
  ])("%s is %s", (status, colour) => {
    expect(statusColour(status)).toBe(colour);
  });

  it.each([
    ["lapsed", "grey"],
    ["done for day", "grey"],
    ["cancelled after market order", "grey"],
    ["order frozen", "red"],
    ["busted", "red"],
  ])("(Tape's decision for statuses the table omits) %s is %s", (status, colour) => {
    expect(statusColour(status)).toBe(colour);
  });
});

describe("display rules", () => {
  // "An order with pendingQuantity greater than 0 and below quantity is shown as PARTLY EXECUTED, with filled/total quantity."
  it.each([
    [100, 70, "open", "PARTLY EXECUTED", "30/100"],
    [100, 100, "open", "OPEN", "0/100"],
    [100, 0, "complete", "COMPLETE", "100/100"],
    [100, 1, "trigger pending", "PARTLY EXECUTED", "99/100"],
  ])("qty %i pending %i status %s shows %s %s", (quantity, pendingQuantity, orderStatus, shown, fraction) => {
    const o = { quantity, pendingQuantity, orderStatus: orderStatus as "open" };
    expect(displayStatus(o)).toBe(shown);
    expect(filledOverTotal(o)).toBe(fraction);
  });

  it("a cancelled order with a partial fill keeps its final status", () => {
    expect(displayStatus({ quantity: 100, pendingQuantity: 40, orderStatus: "cancelled" })).toBe("CANCELLED");
  });

  it("the Qty cell shows filled/total once anything filled, a cancelled order's part fill too (its pending is 0, its fill stays)", () => {
    // 894 of 6,000 bought, the rest cancelled: the broker's row has pending 0, filled 894.
    expect(quantityCell({ quantity: 6000, pendingQuantity: 0, filledQuantity: 894, orderStatus: "cancelled" })).toBe("894/6000");
    expect(quantityCell({ quantity: 2, pendingQuantity: 0, filledQuantity: 2, orderStatus: "complete" })).toBe("2/2");
    expect(quantityCell({ quantity: 100, pendingQuantity: 70, filledQuantity: 30, orderStatus: "open" })).toBe("30/100");
    expect(quantityCell({ quantity: 6000, pendingQuantity: 0, filledQuantity: 0, orderStatus: "cancelled" })).toBe("6000");
    expect(quantityCell({ quantity: 50, pendingQuantity: 50, filledQuantity: 0, orderStatus: "open" })).toBe("50");
  });

  // "COMPLETE orders show their average traded price as the price."
  it("COMPLETE shows the average traded price", () => {
    expect(displayPrice({ orderStatus: "complete", price: 0, averageTradedPrice: 1501.25 })).toBe(1501.25);
    expect(displayPrice({ orderStatus: "open", price: 1500, averageTradedPrice: 0 })).toBe(1500);
  });

  // "Trade-book rows are shown as complete."
  it("trade-book rows are complete", () => {
    expect(TRADE_BOOK_STATUS).toBe("COMPLETE");
  });

  // "Pending statuses go in open orders." Issue 11: "The Executed tab counts executed orders only"
  // (the spec's "Executed orders list all orders" is overridden): an order with a fill.
  it("pending statuses go in open orders, orders with a fill in executed", () => {
    const orders = [
      { orderStatus: "open" as const, quantity: 10, pendingQuantity: 10, filledQuantity: 0 },
      { orderStatus: "complete" as const, quantity: 10, pendingQuantity: 0, filledQuantity: 10 },
      { orderStatus: "trigger pending" as const, quantity: 10, pendingQuantity: 10, filledQuantity: 0 },
      { orderStatus: "open" as const, quantity: 10, pendingQuantity: 4, filledQuantity: 6 },
      { orderStatus: "cancelled" as const, quantity: 10, pendingQuantity: 0, filledQuantity: 3 },
      { orderStatus: "rejected" as const, quantity: 10, pendingQuantity: 0, filledQuantity: 0 },
    ];
    expect(openOrders(orders)).toHaveLength(3);
    expect(executedOrders(orders).map((o) => o.orderStatus)).toEqual(["complete", "open", "cancelled"]);
    expect(isOpenOrder({ orderStatus: "rejected" })).toBe(false);
  });
});

describe("newest first", () => {
  it("orders by the time of their last change, the latest on top, whatever order they came in", () => {
    const book = [
      { orderNo: "1", orderTime: "2026-11-24T04:30:00.000Z" },
      { orderNo: "3", orderTime: "2026-11-24T04:40:00.000Z" },
      { orderNo: "2", orderTime: "2026-11-24T04:35:00.000Z" },
    ];
    expect(newestFirst(book, (o) => o.orderTime).map((o) => o.orderNo)).toEqual(["3", "2", "1"]);
  });
  it("keeps the broker's order for equal or missing times, missing ones last", () => {
    const book = [{ orderNo: "a", orderTime: undefined }, { orderNo: "b", orderTime: "2026-11-24T04:30:00Z" }, { orderNo: "c", orderTime: "2026-11-24T04:30:00Z" }];
    expect(newestFirst(book, (o) => o.orderTime).map((o) => o.orderNo)).toEqual(["b", "c", "a"]);
  });
});

describe("BO/CO leg roles", () => {
  const o = (brokerOrderId: string, mainLegOrderId: string, orderType: OrderType, orderComplexity: OrderComplexity) =>
    ({ brokerOrderId, mainLegOrderId, orderType, orderComplexity });
  it.each([
    // "Main leg: the order has no main-leg id, or its type is MARKET."
    ["no main-leg id", o("1", "", "LIMIT", "BO"), "main"],
    ["MARKET with a main-leg id", o("2", "1", "MARKET", "CO"), "main"],
    ["main-leg id equal to itself", o("1", "1", "LIMIT", "BO"), "main"],
    // "Target leg: it has a main-leg id and is LIMIT (BO only)."
    ["BO LIMIT sub-leg", o("2", "1", "LIMIT", "BO"), "target"],
    // "Stop-loss leg: SL or SLM, or a LIMIT within a CO."
    ["BO SL sub-leg", o("3", "1", "SL", "BO"), "stop-loss"],
    ["CO SLM sub-leg", o("3", "1", "SLM", "CO"), "stop-loss"],
    ["CO LIMIT sub-leg", o("3", "1", "LIMIT", "CO"), "stop-loss"],
  ])("%s is the %s leg", (_name, order, role) => {
    expect(legRole(order)).toBe(role);
  });

  it("groups legs under their main leg", () => {
    const groups = groupLegs([o("1", "", "LIMIT", "BO"), o("2", "1", "LIMIT", "BO"), o("3", "1", "SL", "BO"), o("9", "", "LIMIT", "REGULAR")]);
    expect(groups.map((g) => [g.main.brokerOrderId, g.legs.map((l) => l.brokerOrderId)])).toEqual([["1", ["2", "3"]], ["9", []]]);
  });
});

describe("order tab counts", () => {
  // "Tabs: All, Pending, Executed, GTT. Each tab shows a count." Executed counts orders with a fill (issue 11).
  it("counts each tab", () => {
    const orders = [
      { orderStatus: "open" as const, quantity: 5, pendingQuantity: 5, filledQuantity: 0 },
      { orderStatus: "complete" as const, quantity: 5, pendingQuantity: 0, filledQuantity: 5 },
      { orderStatus: "after market order req received" as const, quantity: 5, pendingQuantity: 5, filledQuantity: 0 },
    ];
    expect(orderTabCounts(orders, 2)).toEqual({ all: 3, pending: 2, executed: 1, gtt: 2 });
  });
});
