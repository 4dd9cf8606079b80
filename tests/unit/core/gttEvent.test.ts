import { describe, expect, it } from "vitest";
import { gttEventToast, gttIdOfTag, isGttEventMessage, type GttEventMessage } from "../../../src/core/rules/gttEvent";
import { GttFiringToasts } from "../../../src/core/rules/gttFiringToasts";

/** A SINGLE buy of 10 INFY-EQ, trigger 1,130, limit 1,131 (the explorer's GTT). */
const single = (over: Partial<GttEventMessage> = {}): GttEventMessage => ({
  messageKind: "gttEvent",
  gttId: "5",
  status: "FAILED",
  exchange: "NSEEQ",
  tradingSymbol: "INFY-EQ",
  transactionType: "BUY",
  quantity: 10,
  triggerType: "SINGLE",
  leg1: { trigger: 1130, price: 1131 },
  leg: 1,
  ltp: 1129,
  ...over,
});

describe("the toast of a GTT's own change (gttEvent.ts)", () => {
  // "FAILED danger 'GTT triggered at ₹{ltp}, order refused: {fired leg}. {reason}'", the leg as gttLine names it.
  it("a refused order: danger, the price that fired it, the leg, then the broker's code and text", () => {
    const reason = "EC710: Kill switch is on for this segment: no new orders: Equity until 24/11/2026 00:00:00 IST";
    expect(gttEventToast(single({ reason }))).toEqual({
      kind: "danger",
      text: "GTT triggered at ₹1,129.00, order refused: Qty 10 BUY INFY-EQ trigger ₹1,130.00 @ ₹1,131.00 (SINGLE GTT). EC710: Kill switch is on for this segment: no new orders: Equity until 24/11/2026 00:00:00 IST",
    });
  });

  // "TRIGGERED success 'GTT triggered at ₹{ltp}, order {orderNo} placed: {fired leg}'": an OCO's fired leg is named.
  it("a placed order: success with its number; an OCO names the leg that fired", () => {
    const oco = single({ status: "TRIGGERED", transactionType: "SELL", triggerType: "OCO", leg1: { trigger: 1200, price: 1199 }, leg2: { trigger: 1100, price: 1099 }, leg: 2, ltp: 1099.5, orderNo: "261123000042" });
    expect(gttEventToast(oco)).toEqual({ kind: "success", text: "GTT triggered at ₹1,099.50, order 261123000042 placed: Qty 10 SELL INFY-EQ stop-loss trigger ₹1,100.00 @ ₹1,099.00 (OCO GTT)" });
  });

  // "EXPIRED neutral 'GTT expired a year after it was placed: {the GTT, every leg}'".
  it("a lapsed GTT: neutral, the whole GTT", () => {
    const expired = single({ status: "EXPIRED", leg1: { trigger: 1100, price: 1101 }, leg: undefined, ltp: undefined });
    expect(gttEventToast(expired)).toEqual({ kind: "neutral", text: "GTT expired a year after it was placed: Qty 10 BUY INFY-EQ trigger ₹1,100.00 @ ₹1,101.00 (SINGLE GTT)" });
  });

  it("reads its messages and nothing else; an order's tag names its GTT", () => {
    expect(isGttEventMessage(JSON.parse(JSON.stringify(single())))).toBe(true);
    expect(isGttEventMessage({ messageKind: "gttTrail", gttId: "5", leg: 1, trigger: 1, previousTrigger: 2 })).toBe(false);
    expect(isGttEventMessage({ ...single(), status: "ACTIVE" })).toBe(false);
    expect(gttIdOfTag("GTT 17")).toBe("17");
    expect(gttIdOfTag("scalp")).toBeUndefined();
    expect(gttIdOfTag(undefined)).toBeUndefined();
  });
});

describe("one firing, one toast (gttFiringToasts.ts)", () => {
  const placedUpdate = { orderTag: "GTT 5", orderStatus: "open", orderType: "LIMIT", modified: false };
  const filledUpdate = { ...placedUpdate, orderStatus: "complete" };

  it("the GTT message first: its toast is said, the order's placement is not, its fill is", () => {
    const f = new GttFiringToasts();
    expect(f.sayGtt({ gttId: "5", status: "TRIGGERED" })).toBe(true);
    expect(f.sayOrder(placedUpdate)).toBe(false);
    expect(f.sayOrder(filledUpdate)).toBe(true);
  });

  it("the order's toast first (filled at once): the GTT message says nothing more", () => {
    const f = new GttFiringToasts();
    expect(f.sayOrder(filledUpdate)).toBe(true);
    expect(f.sayGtt({ gttId: "5", status: "TRIGGERED" })).toBe(false);
  });

  it("a refused or lapsed GTT has no order: always said; other orders are untouched", () => {
    const f = new GttFiringToasts();
    expect(f.sayGtt({ gttId: "5", status: "FAILED" })).toBe(true);
    expect(f.sayGtt({ gttId: "6", status: "EXPIRED" })).toBe(true);
    expect(f.sayOrder({ ...placedUpdate, orderTag: undefined })).toBe(true);
    expect(f.sayOrder({ ...placedUpdate, orderTag: "GTT 6" })).toBe(true);
  });
});
