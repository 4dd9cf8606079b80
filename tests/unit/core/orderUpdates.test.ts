import { describe, expect, it } from "vitest";
import {
  DEDUPE_MS,
  HOLD_MS,
  OrderUpdatePipeline,
  isNotified,
  orderToast,
  refreshTargets,
} from "../../../src/core/rules/orderUpdates";
import type { OrderUpdate } from "../../../src/core/types/orderUpdate";

function upd(p: Partial<OrderUpdate>): OrderUpdate {
  return {
    brokerOrderId: "1",
    brokerUpdateTime: "2026-11-22T10:00:00.000Z",
    orderStatus: "open",
    validity: "DAY",
    orderType: "LIMIT",
    exchange: "NSEEQ",
    tradingSymbol: "INFY-EQ",
    transactionType: "BUY",
    quantity: 10,
    cancelledQuantity: 0,
    pendingQuantity: 10,
    filledQuantity: 0,
    price: 1500,
    slTriggerPrice: 0,
    rejectionReason: "",
    topic: "prod/updates/order/v1/DEMO1",
    ...p,
  };
}

describe("order update handling (access-and-surroundings section 4)", () => {
  it.each([
    ["rejected", true],
    ["open", true],
    ["cancelled", true],
    ["trigger pending", true],
    ["complete", true],
    ["after market order req received", true],
    ["modify after market order req received", true],
    ["cancelled after market order", true],
    ["modified", false],
    ["put order req received", false],
    ["validation pending", false],
  ])("Notified statuses: %s -> %s", (status, notified) => {
    expect(isNotified({ orderStatus: status, validity: "DAY" })).toBe(notified);
  });

  it.each([
    ["rejected", true],
    ["cancelled", true],
    ["complete", true],
    ["open", false],
    ["trigger pending", false],
  ])("For IOC validity only rejected, cancelled and complete are notified: %s -> %s", (status, notified) => {
    expect(isNotified({ orderStatus: status, validity: "IOC" })).toBe(notified);
  });

  it("open and trigger pending updates are held for 500 ms, keeping the latest", () => {
    const p = new OrderUpdatePipeline();
    expect(p.push(upd({ orderStatus: "open", price: 1500 }), 0)).toEqual([]);
    expect(p.push(upd({ orderStatus: "open", price: 1499, brokerUpdateTime: "t2" }), 100)).toEqual([]);
    expect(p.nextReleaseAt()).toBe(HOLD_MS);
    expect(p.release(HOLD_MS - 1)).toEqual([]);
    const shown = p.release(HOLD_MS);
    expect(shown).toHaveLength(1);
    expect(shown[0]!.price).toBe(1499);
  });

  it.each(["complete", "cancelled"])("a %s for the same order arriving first drops the held one", (status) => {
    const p = new OrderUpdatePipeline();
    p.push(upd({ orderStatus: "open" }), 0);
    const now = p.push(upd({ orderStatus: status, brokerUpdateTime: "t2" }), 200);
    expect(now.map((u) => u.orderStatus)).toEqual([status]);
    expect(p.release(HOLD_MS)).toEqual([]);
  });

  it("a complete for another order does not drop the held one", () => {
    const p = new OrderUpdatePipeline();
    p.push(upd({ orderStatus: "trigger pending" }), 0);
    p.push(upd({ brokerOrderId: "2", orderStatus: "complete" }), 100);
    expect(p.release(HOLD_MS)).toHaveLength(1);
  });

  it("Duplicates (same order id, update time and status) are ignored; the dedupe key is forgotten after 5 s", () => {
    const p = new OrderUpdatePipeline();
    const u = upd({ orderStatus: "complete" });
    expect(p.push(u, 0)).toHaveLength(1);
    expect(p.push(u, 1000)).toHaveLength(0);
    expect(p.push(u, DEDUPE_MS - 1)).toHaveLength(0);
    expect(p.push(u, DEDUPE_MS)).toHaveLength(1);
  });
});

describe("order toasts", () => {
  it('reads "Qty {q} {side} @ ₹{price} ({type} Order)"', () => {
    expect(orderToast(upd({ orderStatus: "open" }))).toEqual({ kind: "success", text: "Qty 10 BUY @ ₹1500.00 (LIMIT Order)" });
  });
  it("Market orders omit the price", () => {
    expect(orderToast(upd({ orderStatus: "complete", orderType: "MARKET", transactionType: "SELL" })).text).toBe("Qty 10 SELL (MARKET Order)");
  });
  it.each(["SL", "SLM"])("%s orders use the trigger price", (type) => {
    expect(orderToast(upd({ orderStatus: "trigger pending", orderType: type, price: 1500, slTriggerPrice: 1490 })).text).toBe(
      `Qty 10 BUY @ ₹1490.00 (${type} Order)`,
    );
  });
  it('rejected is a danger toast with "Reason: {rejection reason}"', () => {
    expect(orderToast(upd({ orderStatus: "rejected", rejectionReason: "Insufficient funds" }))).toEqual({ kind: "danger", text: "Reason: Insufficient funds" });
  });
  it("cancelled is neutral; others are success", () => {
    expect(orderToast(upd({ orderStatus: "cancelled" })).kind).toBe("neutral");
    expect(orderToast(upd({ orderStatus: "complete" })).kind).toBe("success");
    expect(orderToast(upd({ orderStatus: "after market order req received" })).kind).toBe("success");
  });
  it("currency prices carry 4 decimals", () => {
    expect(orderToast(upd({ exchange: "NSECURR", price: 83.1225 })).text).toBe("Qty 10 BUY @ ₹83.1225 (LIMIT Order)");
  });
});

describe("refresh after a shown update", () => {
  const where = { onOrders: true, gttTabActive: false, onHoldingsOrHome: false };
  it("On a shown update while on /orders the order list refreshes", () => {
    expect(refreshTargets({ orderStatus: "open" }, where)).toEqual({ orders: true, gtt: false, positions: false, holdings: false });
    expect(refreshTargets({ orderStatus: "open" }, { ...where, onOrders: false }).orders).toBe(false);
  });
  it("the GTT list refreshes if the GTT tab (3) is active", () => {
    expect(refreshTargets({ orderStatus: "open" }, { ...where, gttTabActive: true }).gtt).toBe(true);
  });
  it("On complete, positions refresh; holdings refresh too when on /holdings or /home", () => {
    expect(refreshTargets({ orderStatus: "complete" }, where)).toMatchObject({ positions: true, holdings: false });
    expect(refreshTargets({ orderStatus: "complete" }, { ...where, onHoldingsOrHome: true })).toMatchObject({ positions: true, holdings: true });
  });
});
