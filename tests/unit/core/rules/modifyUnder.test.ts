import { describe, expect, it } from "vitest";
import { modifyMoved, orderMovedText } from "../../../../src/core/rules/modifyUnder";
import { initialWindowState } from "../../../../src/core/rules/orderWindowInit";
import type { Order } from "../../../../src/core/types/order";

// DESIGN.md 2: "Orders are never placed from a stale form." A modify window whose order moved under it shows the new figures and says so.
const itc = { exchange: "NSEEQ" as const, lotSize: 1, tickSize: 0.05, ltp: 291, insType: "EQ", productLeverage: 0, bnplQty: 0, deliveryQty: 0 };
const opened = {
  orderNo: "2612070000021",
  orderStatus: "open",
  exchange: "NSEEQ",
  transactionType: "BUY",
  orderComplexity: "REGULAR",
  product: "DELIVERY",
  orderType: "LIMIT",
  validity: "DAY",
  quantity: 5,
  price: 290,
  slTriggerPrice: 0,
  triggerPrice: 0,
  disclosedQuantity: 0,
  targetPrice: 0,
  stopLossPrice: 0,
  trailingSlAmount: 0,
} as Order;
const windowOn = (o: Order) => initialWindowState({ mode: "modify", transactionType: "BUY", contract: itc, preference: undefined, order: o, now: new Date("2026-12-07T04:30:00Z") });

describe("a modify window whose order moved under it", () => {
  it("the price set elsewhere (290 → 289) replaces the untouched price; the quantity the trader typed (6) stays", () => {
    const typed = { ...windowOn(opened), quantity: 6 };
    const moved = modifyMoved(typed, opened, { ...opened, price: 289 }, itc)!;
    expect(moved.state).toMatchObject({ quantity: 6, price: 289 });
    expect(moved.changes).toEqual(["price 290.00 → 289.00"]);
    expect(orderMovedText({ ...opened, price: 289 }, moved.changes)).toBe(
      "This order changed since the window opened: price 290.00 → 289.00. The window now shows it (your own changes kept): check and press Enter again.",
    );
  });
  it("a figure both changed elsewhere and typed here keeps what was typed, and is said", () => {
    const typed = { ...windowOn(opened), price: 288 };
    const moved = modifyMoved(typed, opened, { ...opened, price: 289, quantity: 7 }, itc)!;
    expect(moved.state).toMatchObject({ price: 288, quantity: 7 });
    expect(moved.changes).toEqual(["qty 5 → 7", "price 290.00 → 289.00"]);
  });
  it("a stop tightened from the phone (SL trigger 300 → 295) comes into the window", () => {
    const sl = { ...opened, orderType: "SL", price: 301, slTriggerPrice: 300, triggerPrice: 300 } as Order;
    const moved = modifyMoved(windowOn(sl), sl, { ...sl, slTriggerPrice: 295, triggerPrice: 295 }, itc)!;
    expect(moved.state.triggerPrice).toBe(295);
    expect(moved.changes).toEqual(["trigger 300.00 → 295.00"]);
  });
  it("filled meanwhile: there is nothing left to modify", () => {
    const done = { ...opened, orderStatus: "complete" } as Order;
    const moved = modifyMoved(windowOn(opened), opened, done, itc)!;
    expect(moved.changes).toEqual(["status open → complete"]);
    expect(orderMovedText(done, moved.changes)).toBe("This order changed since the window opened: status open → complete. It is no longer open: there is nothing to modify.");
  });
  it("nothing is stale when the order did not move, or moved to what the window shows (its own modify answered)", () => {
    expect(modifyMoved(windowOn(opened), opened, { ...opened }, itc)).toBeUndefined();
    expect(modifyMoved({ ...windowOn(opened), price: 289 }, opened, { ...opened, price: 289 }, itc)).toBeUndefined();
  });
});
